// The second step of a sign-in (decision 070): the password was right and the account has a factor. A code
// of the authenticator application or a recovery code, through the session machine ('factor.submit'), or
// the device's passkey; 'Déconnexion' gives up.
import { SecondFactorBody } from '../../contract/factors';
import { useSession } from '../lib/session';
import { useAction } from '../lib/use-action';
import { TextInput } from '../ui/field';
import { FormSubmit, PublicCard } from '../ui/public-card';
import * as theme from '../ui/theme.css';
import { useForm } from '../ui/use-form';
import { factorsApi } from './api';

export function SecondFactorScreen() {
  const session = useSession();
  const form = useForm({ code: '' });
  const passkey = useAction();
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const value = form.validate(SecondFactorBody, { code: form.values.code });
    if (value) session.send({ type: 'factor.submit', code: value.code });
  };
  const busy = session.submitting || passkey.pending;
  return (
    <PublicCard
      title="Vérification en deux étapes"
      intro="Saisissez le code affiché par votre application d’authentification, ou un code de secours, ou utilisez votre clé d’accès."
    >
      <form className={theme.form} onSubmit={submit} noValidate>
        <TextInput
          label="Code à 6 chiffres ou code de secours"
          autoComplete="one-time-code"
          maxLength={20}
          autoFocus
          {...form.field('code')}
        />
        <FormSubmit label="Vérifier" disabled={busy} error={session.error} />
        <button
          type="button"
          className={theme.button.secondary}
          disabled={busy}
          onClick={() =>
            void passkey.run(async () =>
              session.send({ type: 'user.arrived', user: await factorsApi.signInWithPasskey() }),
            )
          }
        >
          Utiliser une clé d’accès
        </button>
        {passkey.error && (
          <p role="alert" className={theme.formError}>
            {passkey.error}
          </p>
        )}
        <button
          type="button"
          className={theme.button.ghost}
          onClick={() => session.send({ type: 'session.logout' })}
        >
          Déconnexion
        </button>
      </form>
    </PublicCard>
  );
}
