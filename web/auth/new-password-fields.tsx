// The new password typed twice ('Nouveau mot de passe', 'Confirmer le mot de passe'), as the forgotten
// password, the forced change and the user's own change ask for it.
import { PASSWORD_MAX } from '../../contract/auth';
import { TextInput } from '../ui/field';

export interface PasswordFieldBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

export function NewPasswordFields({
  password,
  confirmation,
  autoFocus = false,
}: {
  password: PasswordFieldBinding;
  confirmation: PasswordFieldBinding;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextInput
        label="Nouveau mot de passe"
        maxLength={PASSWORD_MAX}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        {...password}
      />
      <TextInput
        label="Confirmer le mot de passe"
        maxLength={PASSWORD_MAX}
        type="password"
        autoComplete="new-password"
        {...confirmation}
      />
    </>
  );
}
