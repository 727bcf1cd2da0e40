// The search box above a paged list: a labelled search input (the list machine debounces the calls).
import * as css from './theme.css';

export function SearchBox({
  id,
  label,
  hideLabel = false,
  placeholder,
  value,
  onChange,
  basis,
}: {
  id: string;
  label: string;
  hideLabel?: boolean;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Its flex basis in the toolbar, in pixels. */
  basis: number;
}) {
  return (
    <div className={css.field} style={{ flex: `1 1 ${basis}px` }}>
      <label className={hideLabel ? css.visuallyHidden : css.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={css.input}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
