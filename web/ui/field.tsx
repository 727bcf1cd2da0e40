// A labelled text input with its error message under it: a plain <label>/<input> pair (no react-aria
// component, so that the sign-in page stays light, docs/decisions/022) with the same accessible shape as
// react-aria's TextField: the label names the input, an invalid input says so (aria-invalid) and its
// message, shown under it, is its description.
import { useId } from 'react';
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

export function TextInput({ label, error, onChange, isDisabled, type = 'text', ...props }: TextInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...props}
        id={id}
        type={type}
        className={css.input}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <div id={errorId} className={css.fieldError}>
          {error}
        </div>
      )}
    </div>
  );
}
