// A labelled native select with its error message under it (the edit forms' fixed choices).
import { controlProps, LabelledField } from './field';

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
      <select name={name} value={value} {...controlProps(id, error, onChange)}>
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
