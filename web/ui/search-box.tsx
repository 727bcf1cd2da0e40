// The search box above a paged list: a labelled search input (the list machine debounces the calls).
import * as css from './theme.css';

export function SearchBox({
  id,
  label = 'Rechercher',
  hideLabel = false,
  placeholder = label,
  value,
  onChange,
  basis,
}: {
  id: string;
  /** 'Rechercher' unless the list names what it searches (then often hidden, the placeholder saying it). */
  label?: string;
  hideLabel?: boolean;
  /** The label's words unless given (e.g. what can be searched for: 'N° de mission'). */
  placeholder?: string;
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
