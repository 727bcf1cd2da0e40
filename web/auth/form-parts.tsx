// Pieces of the sign-in forms: the e-mail field, and the submit button with the server's message under it
// (role alert).
import { EMAIL_MAX } from '../../contract/auth';
import { TextInput } from '../ui/field';
import * as css from '../ui/theme.css';
import type { PasswordFieldBinding as FieldBinding } from './new-password-fields';

/** 'E-mail', focused first; `username` where it signs in, `email` where it only receives a code. */
export function EmailInput({
  field,
  autoComplete,
}: {
  field: FieldBinding;
  autoComplete: 'username' | 'email';
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

export function FormSubmit({
  label,
  disabled,
  error,
}: {
  label: string;
  disabled: boolean;
  error?: string | null;
}) {
  return (
    <>
      <button type="submit" className={css.button.primary} disabled={disabled}>
        {label}
      </button>
      {error && (
        <p role="alert" className={css.formError}>
          {error}
        </p>
      )}
    </>
  );
}
