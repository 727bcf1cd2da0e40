// Sign-in (spec §2 'Login'): e-mail, password, 'Connexion', the link to the forgotten password, and the
// server's message under the form.
import { Link } from 'wouter';
import { EMAIL_MAX, LoginBody, PASSWORD_MAX } from '../../contract/auth';
import { href } from '../../contract/routes';
import { useSession } from '../lib/session';
import { TextInput } from '../ui/field';
import * as css from '../ui/theme.css';
import { useForm } from '../ui/use-form';
import { PublicCard } from './public-card';

export function LoginScreen() {
  const session = useSession();
  const form = useForm({ email: '', password: '' });
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const value = form.validate(LoginBody, form.values);
    if (value) session.send({ type: 'login.submit', ...value });
  };
  return (
    <PublicCard title="Connexion">
      <form className={css.form} onSubmit={submit} noValidate>
        <TextInput
          label="E-mail"
          name="email"
          maxLength={EMAIL_MAX}
          type="email"
          autoComplete="username"
          value={form.values.email}
          onChange={form.set('email')}
          error={form.errors.email}
          autoFocus
        />
        <TextInput
          label="Mot de passe"
          name="password"
          maxLength={PASSWORD_MAX}
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={form.set('password')}
          error={form.errors.password}
        />
        <button type="submit" className={css.button.primary} disabled={session.submitting}>
          Connexion
        </button>
        {session.error && (
          <p role="alert" className={css.formError}>
            {session.error}
          </p>
        )}
        <div className={css.links}>
          <Link href={href('forgetPassword')}>Mot de passe oublié ?</Link>
        </div>
      </form>
    </PublicCard>
  );
}
