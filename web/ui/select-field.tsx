// A labelled native select with its error message under it (the edit forms' fixed choices).
import { errorProps, LabelledField } from './field';
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
    <LabelledField id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        className={css.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...errorProps(id, error)}
      >
        <option value="">{placeholder}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}
