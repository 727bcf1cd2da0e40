// 'Mon compte', second sign-in step (decision 070): the user's passkeys and authenticator applications,
// each with its dates and 'Retirer' (after a confirmation); adding either in a dialog; the recovery codes
// left, regenerated after a confirmation and shown once.
import { useCallback, useEffect, useState } from 'react';
import { FACTOR_MESSAGES, type FactorKind, type FactorRow, type FactorsView } from '../../contract/factors';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { useLiveRecord } from '../live';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ModalDialog } from '../ui/dialog';
import { parisDateTime } from '../ui/format';
import * as theme from '../ui/theme.css';
import { toast } from '../ui/toast';
import { factorsApi } from './api';
import { EnrolSteps } from './enrol-steps';
import * as css from './factors.css';
import { RecoveryCodes } from './recovery-codes';

const KIND_LABEL: Record<FactorKind, string> = {
  passkey: 'Clé d’accès',
  totp: 'Application d’authentification',
};

type Open =
  | { what: 'add'; kind: FactorKind }
  | { what: 'remove'; factor: FactorRow }
  | { what: 'regenerate' }
  | { what: 'codes'; codes: string[] };

const left = (n: number) =>
  n === 0
    ? 'Aucun code de secours restant'
    : n === 1
      ? '1 code de secours restant'
      : `${n} codes de secours restants`;

export function FactorsSection({ headingClass, legendClass }: { headingClass: string; legendClass: string }) {
  const [view, setView] = useState<FactorsView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const load = useCallback(() => {
    setFailure(null);
    factorsApi.list().then(setView, (error: unknown) => setFailure(errorMessage(error)));
  }, []);
  useEffect(load, [load]);
  // A factor added or removed from another tab, or a reset by an ADMIN: the feed tells this user.
  useLiveRecord('user', useSession().user?.id, load);
  const close = () => setOpen(null);
  const added = () => {
    close();
    load();
  };
  return (
    <section aria-labelledby="factors-heading">
      <h2 id="factors-heading" className={headingClass}>
        Seconde étape de connexion
      </h2>
      <p className={legendClass}>
        Une clé d’accès ou une application d’authentification protège votre compte si votre mot de passe est
        découvert. Une clé d’accès vous connecte aussi sans mot de passe.
        {view?.required && ' Votre rôle exige au moins une méthode.'}
      </p>
      {failure && (
        <p role="alert" className={theme.formError}>
          {failure}{' '}
          <button type="button" className={theme.button.ghost} onClick={load}>
            Réessayer
          </button>
        </p>
      )}
      {!view && !failure && <p role="status">Chargement…</p>}
      {view && (
        <>
          {view.factors.length === 0 ? (
            <p className={legendClass}>Aucune méthode : la connexion ne demande que le mot de passe.</p>
          ) : (
            <ul className={css.factors} aria-label="Méthodes de connexion">
              {view.factors.map((factor) => (
                <li key={factor.id} className={css.factor}>
                  <span>
                    <span className={css.factorName}>{factor.name}</span> · {KIND_LABEL[factor.kind]}
                    <br />
                    <span className={css.factorDates}>
                      Ajoutée le {parisDateTime(factor.createdAt)} · Dernière utilisation :{' '}
                      {factor.lastUsedAt ? parisDateTime(factor.lastUsedAt) : 'jamais'}
                    </span>
                  </span>
                  <button
                    type="button"
                    className={theme.button.secondary}
                    aria-label={`Retirer ${factor.name}`}
                    onClick={() => setOpen({ what: 'remove', factor })}
                  >
                    Retirer
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className={css.row} style={{ marginBottom: 12 }}>
            <button
              type="button"
              className={theme.button.primary}
              onClick={() => setOpen({ what: 'add', kind: 'passkey' })}
            >
              Ajouter une clé d’accès
            </button>
            <button
              type="button"
              className={theme.button.secondary}
              onClick={() => setOpen({ what: 'add', kind: 'totp' })}
            >
              Ajouter une application d’authentification
            </button>
          </div>
          {view.factors.length > 0 && (
            <div className={css.row} style={{ marginBottom: 24 }}>
              <span>{left(view.recoveryCodesLeft)}</span>
              <button
                type="button"
                className={theme.button.secondary}
                onClick={() => setOpen({ what: 'regenerate' })}
              >
                Régénérer les codes de secours
              </button>
            </div>
          )}
        </>
      )}
      {open?.what === 'add' && (
        <ModalDialog
          title={open.kind === 'passkey' ? 'AJOUTER UNE CLÉ D’ACCÈS' : 'AJOUTER UNE APPLICATION'}
          isOpen
          onClose={close}
        >
          <EnrolSteps
            kind={open.kind}
            onCancel={close}
            onFinished={() => {
              toast.success(
                open.kind === 'passkey' ? FACTOR_MESSAGES.passkeyAdded : FACTOR_MESSAGES.factorAdded,
              );
              added();
            }}
          />
        </ModalDialog>
      )}
      {open?.what === 'remove' && (
        <ConfirmDialog
          title="RETIRER UNE MÉTHODE"
          text={`Retirer ${KIND_LABEL[open.factor.kind].toLowerCase()} « ${open.factor.name} » ? Elle ne pourra plus servir à vous connecter.`}
          confirmLabel="Retirer"
          onClose={close}
          onConfirm={async () => {
            await factorsApi.remove(open.factor.id);
            toast.success(FACTOR_MESSAGES.factorRemoved);
            added();
          }}
        />
      )}
      {open?.what === 'regenerate' && (
        <ConfirmDialog
          title="RÉGÉNÉRER LES CODES DE SECOURS"
          text="Dix nouveaux codes remplaceront les anciens, qui ne fonctionneront plus. Continuer ?"
          confirmLabel="Régénérer"
          onClose={close}
          onConfirm={async () => {
            const { recoveryCodes } = await factorsApi.regenerateRecoveryCodes();
            setOpen({ what: 'codes', codes: recoveryCodes });
            load();
          }}
        />
      )}
      {open?.what === 'codes' && (
        <ModalDialog title="CODES DE SECOURS" isOpen onClose={close}>
          <RecoveryCodes codes={open.codes} onDone={close} />
        </ModalDialog>
      )}
    </section>
  );
}
