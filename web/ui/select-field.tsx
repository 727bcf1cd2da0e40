// A labelled native select with its error message under it (the edit forms' fixed choices).
import * as css from './theme.css';

export function SelectField({
  id,
  name,
  label,
  value,
  onChange,
  options,
  error,
  placeholder = 'Choisir',
}: {
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: Array<[string, string]>;
  error?: string;
  placeholder?: string;
}) {
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={css.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className={css.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}
