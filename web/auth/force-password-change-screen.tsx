// The forced password change at first sign-in (spec §2): new password twice, 'Confirmer'.
import { confirmationProblem, ForceChangePasswordBody, PASSWORD_MAX } from '../../contract/auth';
import { useSession } from '../lib/session';
import { TextInput } from '../ui/field';
import * as css from '../ui/theme.css';
import { PublicCard } from './public-card';
import { useForm } from './use-form';

export function ForcePasswordChangeScreen() {
  const session = useSession();
  const form = useForm({ newPassword: '', confirmation: '' });
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const { newPassword, confirmation } = form.values;
    const value = form.validate(
      ForceChangePasswordBody,
      { newPassword },
      { confirmation: confirmationProblem(newPassword, confirmation) ?? '' },
    );
    if (value) session.send({ type: 'password.submit', newPassword: value.newPassword });
  };
  return (
    <PublicCard
      title="Nouveau mot de passe"
      intro="Pour votre première connexion, veuillez saisir un nouveau mot de passe."
    >
      <form className={css.form} onSubmit={submit} noValidate>
        <TextInput
          label="Nouveau mot de passe"
          name="newPassword"
          maxLength={PASSWORD_MAX}
          type="password"
          autoComplete="new-password"
          value={form.values.newPassword}
          onChange={form.set('newPassword')}
          error={form.errors.newPassword}
          autoFocus
        />
        <TextInput
          label="Confirmer le mot de passe"
          name="confirmation"
          maxLength={PASSWORD_MAX}
          type="password"
          autoComplete="new-password"
          value={form.values.confirmation}
          onChange={form.set('confirmation')}
          error={form.errors.confirmation}
        />
        <button type="submit" className={css.button.primary} disabled={session.submitting}>
          Confirmer
        </button>
        {session.error && (
          <p role="alert" className={css.formError}>
            {session.error}
          </p>
        )}
        <button
          type="button"
          className={css.button.ghost}
          onClick={() => session.send({ type: 'session.logout' })}
        >
          Déconnexion
        </button>
      </form>
    </PublicCard>
  );
}
