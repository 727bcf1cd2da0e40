// 'Changer mon mot de passe': the signed-in user's own change (current password, the new one twice),
// checked with the contract's schema the API uses. The server ends the user's other sessions.
import { ChangePasswordBody, MESSAGES, PASSWORD_MAX } from '../../contract/auth';
import { useAction } from '../lib/use-action';
import { DialogActions, ModalDialog } from '../ui/dialog';
import { TextInput } from '../ui/field';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { changePassword } from './api';
import { NewPasswordFields } from './new-password-fields';

export const CHANGE_PASSWORD_TITLE = 'Changer mon mot de passe';

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const form = useForm({ currentPassword: '', newPassword: '', confirmation: '' });
  const { pending, error, run } = useAction();
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const value = form.validate(ChangePasswordBody, form.values);
    if (!value) return;
    await run(async () => {
      await changePassword(value);
      toast.success(MESSAGES.passwordChanged);
      onClose();
    });
  };
  return (
    <ModalDialog title={CHANGE_PASSWORD_TITLE} isOpen onClose={onClose} isDismissable={!pending}>
      <form className={css.form} onSubmit={submit} noValidate>
        <TextInput
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          autoFocus
          {...form.field('currentPassword')}
        />
        <NewPasswordFields password={form.field('newPassword')} confirmation={form.field('confirmation')} />
        <DialogActions error={error} pending={pending} onCancel={onClose} actionLabel="Modifier" />
      </form>
    </ModalDialog>
  );
}
