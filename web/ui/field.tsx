// A labelled text input with its error message under it (react-aria TextField: label, describedby, invalid).
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import * as css from './theme.css';

export interface TextInputProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'email' | 'tel';
  maxLength?: number;
  autoFocus?: boolean;
  isDisabled?: boolean;
}

export function TextInput({ label, error, onChange, inputMode, ...props }: TextInputProps) {
  return (
    <TextField
      {...props}
      onChange={onChange}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={css.field}
    >
      <Label className={css.label}>{label}</Label>
      <Input className={css.input} inputMode={inputMode} />
      <FieldError className={css.fieldError}>{error}</FieldError>
    </TextField>
  );
}
