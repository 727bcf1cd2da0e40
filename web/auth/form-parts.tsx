// Pieces of the sign-in forms: the e-mail field, and the submit button (web/ui/public-card.tsx).
import { EMAIL_MAX } from '../../contract/auth';
import { TextInput } from '../ui/field';
import type { PasswordFieldBinding as FieldBinding } from './new-password-fields';

/** 'E-mail', focused first; `username` where it signs in, `email` where it only receives a code. */
export function EmailInput({
  field,
  autoComplete,
}: {
  field: FieldBinding;
  autoComplete: 'username' | 'username webauthn' | 'email';
}) {
  return (
    <TextInput
      label="E-mail"
      maxLength={EMAIL_MAX}
      type="email"
      autoComplete={autoComplete}
      autoFocus
      {...field}
    />
  );
}

export { FormSubmit } from '../ui/public-card';
