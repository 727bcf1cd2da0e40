// A labelled text input with its error message under it: a plain <label>/<input> pair (no react-aria
// component, so that the sign-in page stays light, docs/decisions/022) with the same accessible shape as
// react-aria's TextField: the label names the input, an invalid input says so (aria-invalid) and its
// message, shown under it, is its description. SelectField (select-field.tsx) shares the frame.
import { type ReactNode, useEffect, useId, useRef } from 'react';
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

/**
 * What an input or a select of a LabelledField carries: its id and look, its value handed to `onChange`,
 * and what it says of its error (invalid, and described by the message under it).
 */
export const controlProps = (
  id: string,
  error: string | null | undefined,
  onChange: (value: string) => void,
) => ({
  id,
  className: css.input,
  onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A control (`children`, whose id is `id`) with its label above it and its error message under it. */
export function LabelledField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className={css.fieldError}>
          {error}
        </div>
      )}
    </div>
  );
}

export function TextInput({ label, error, onChange, isDisabled, type = 'text', ...props }: TextInputProps) {
  const id = useId();
  // The attribute alone focuses only a field that is there when the page loads; on Preact a field shown
  // later (the next step of a screen) would keep it without the focus. React focuses it on mount too.
  const input = useRef<HTMLInputElement>(null);
  const { autoFocus } = props;
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  return (
    <LabelledField id={id} label={label} error={error}>
      <input
        ref={input}
        {...props}
        type={type}
        disabled={isDisabled}
        {...controlProps(id, error, onChange)}
      />
    </LabelledField>
  );
}
