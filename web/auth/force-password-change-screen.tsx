// The forced password change at first sign-in (requirements §2): new password twice, 'Confirmer'.
import { confirmationProblem, ForceChangePasswordBody } from '../../contract/auth';
import { useSession } from '../lib/session';
import { PublicCard } from '../ui/public-card';
import * as css from '../ui/theme.css';
import { useForm } from '../ui/use-form';
import { FormSubmit } from './form-parts';
import { NewPasswordFields } from './new-password-fields';

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
        <NewPasswordFields
          password={form.field('newPassword')}
          confirmation={form.field('confirmation')}
          autoFocus
        />
        <FormSubmit label="Confirmer" disabled={session.submitting} error={session.error} />
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
