// Sign-in (requirements §2 'Login'): e-mail, password, 'Connexion', the link to the forgotten password, and the
// server's message under the form. The session machine comes with the first key, click or input in the
// form (web/lib/session.tsx): the page shows and takes input without it; a submit before it waits for it.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { LoginBody, PASSWORD_MAX } from '../../contract/auth';
import { href } from '../../contract/routes';
import { offerPasskeys, signInWithPasskey, stopOfferingPasskeys } from '../factors';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { useAction } from '../lib/use-action';
import { TextInput } from '../ui/field';
import { PublicCard } from '../ui/public-card';
import * as css from '../ui/theme.css';
import { useForm } from '../ui/use-form';
import { EmailInput, FormSubmit } from './form-parts';

export function LoginScreen() {
  const session = useSession();
  const form = useForm({ email: '', password: '' });
  const passkey = useAction();
  const [offerError, setOfferError] = useState<string | null>(null);
  const here = useRef(true);
  const offered = useRef(false);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
      void stopOfferingPasskeys();
    };
  }, []);
  // The first key, click or input in the form brings the session machine; in the e-mail field, it also
  // offers this site's passkeys among the browser's suggestions there (where the browser has them), so that
  // /login loads nothing more until it is used (decision 022).
  const prepare = (event: { target: EventTarget }) => {
    session.prepare();
    const field = event.target as Partial<HTMLInputElement>;
    if (offered.current || !field.autocomplete?.includes('webauthn')) return;
    offered.current = true;
    offerPasskeys().then(
      (user) => {
        if (here.current && user) session.send({ type: 'user.arrived', user });
      },
      (failure: unknown) => {
        if (here.current) setOfferError(errorMessage(failure));
      },
    );
  };
  const passkeyError = passkey.error ?? offerError;
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const value = form.validate(LoginBody, form.values);
    if (value) session.send({ type: 'login.submit', ...value });
  };
  return (
    <PublicCard title="Connexion">
      <form
        className={css.form}
        onSubmit={submit}
        onKeyDown={prepare}
        onPointerDown={prepare}
        onInput={prepare}
        noValidate
      >
        <EmailInput autoComplete="username webauthn" field={form.field('email')} />
        <TextInput
          label="Mot de passe"
          maxLength={PASSWORD_MAX}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <FormSubmit
          label="Connexion"
          disabled={session.submitting || passkey.pending}
          error={session.error}
        />
        <button
          type="button"
          className={css.button.secondary}
          disabled={session.submitting || passkey.pending}
          onClick={() =>
            void passkey.run(async () =>
              session.send({ type: 'user.arrived', user: await signInWithPasskey() }),
            )
          }
        >
          Se connecter avec une clé d’accès
        </button>
        {passkeyError && (
          <p role="alert" className={css.formError}>
            {passkeyError}
          </p>
        )}
        <div className={css.links}>
          <Link href={href('forgetPassword')}>Mot de passe oublié ?</Link>
        </div>
      </form>
    </PublicCard>
  );
}
