// Adding a factor, step by step, on the enrolment screen and in 'Mon compte': its name; for a passkey, the
// browser's own prompt; for an authenticator application, the QR code and its secret, then a first code;
// then, at the first factor, the ten recovery codes. `onFinished` follows the last step.
import { useState } from 'react';
import {
  type FactorAdded,
  type FactorKind,
  StartTotpBody,
  TotpCodeBody,
  type TotpEnrolment,
} from '../../contract/factors';
import { useAction } from '../lib/use-action';
import { TextInput } from '../ui/field';
import * as theme from '../ui/theme.css';
import { useForm } from '../ui/use-form';
import { factorsApi } from './api';
import * as css from './factors.css';
import { RecoveryCodes } from './recovery-codes';

const DEFAULT_NAME: Record<FactorKind, string> = {
  passkey: 'Clé d’accès',
  totp: 'Application d’authentification',
};

/** The secret in groups of four, as authenticator applications show theirs. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function Failure({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className={theme.formError}>
      {error}
    </p>
  ) : null;
}

export function EnrolSteps({
  kind,
  onFinished,
  onCancel,
  cancelLabel = 'Annuler',
}: {
  kind: FactorKind;
  onFinished: (added: FactorAdded) => void;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const form = useForm({ name: DEFAULT_NAME[kind], code: '' });
  const action = useAction();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [added, setAdded] = useState<FactorAdded | null>(null);
  const done = (result: FactorAdded) => (result.recoveryCodes ? setAdded(result) : onFinished(result));

  if (added?.recoveryCodes)
    return <RecoveryCodes codes={added.recoveryCodes} onDone={() => onFinished(added)} />;

  if (enrolment) {
    const confirm = (event: { preventDefault(): void }) => {
      event.preventDefault();
      const value = form.validate(TotpCodeBody, { code: form.values.code });
      if (value) void action.run(async () => done(await factorsApi.confirmTotp(enrolment.id, value.code)));
    };
    return (
      <form className={theme.form} onSubmit={confirm} noValidate>
        <div className={theme.form}>
          <p className={css.note}>
            Scannez ce code QR avec votre application d’authentification (Google Authenticator, Microsoft
            Authenticator, FreeOTP…), ou saisissez-y la clé ci-dessous.
          </p>
          <img
            className={css.qr}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt="Code QR à scanner avec l’application d’authentification"
          />
          <div>
            <p className={theme.label}>Clé à saisir</p>
            <p className={css.secret} data-testid="totp-secret">
              {grouped(enrolment.secret)}
            </p>
          </div>
        </div>
        <TextInput
          label="Code à 6 chiffres"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          autoFocus
          {...form.field('code')}
        />
        <Failure error={action.error} />
        <div className={css.row}>
          <button
            type="button"
            className={theme.button.secondary}
            onClick={onCancel}
            disabled={action.pending}
          >
            {cancelLabel}
          </button>
          <button type="submit" className={theme.button.primary} disabled={action.pending}>
            Activer
          </button>
        </div>
      </form>
    );
  }

  const start = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const value = form.validate(StartTotpBody, { name: form.values.name });
    if (!value) return;
    void action.run(async () => {
      if (kind === 'passkey') done(await factorsApi.addPasskey(value.name));
      else setEnrolment(await factorsApi.startTotp(value.name));
    });
  };
  return (
    <form className={theme.form} onSubmit={start} noValidate>
      <p className={css.note}>
        {kind === 'passkey'
          ? 'Une clé d’accès vous connecte avec le déverrouillage de cet appareil (empreinte, visage, code) ou une clé de sécurité, sans mot de passe.'
          : 'Une application d’authentification sur votre téléphone donne un code à 6 chiffres, renouvelé toutes les 30 secondes.'}
      </p>
      <TextInput label="Nom" maxLength={60} autoFocus {...form.field('name')} />
      <Failure error={action.error} />
      <div className={css.row}>
        <button type="button" className={theme.button.secondary} onClick={onCancel} disabled={action.pending}>
          {cancelLabel}
        </button>
        <button type="submit" className={theme.button.primary} disabled={action.pending}>
          {kind === 'passkey' ? 'Créer la clé d’accès' : 'Continuer'}
        </button>
      </div>
    </form>
  );
}
