// A group of native checkboxes under a legend (organs, de-icing airports, the hospitals filter): simple
// to use by mouse, keyboard and screen reader; the error, if any, is tied to the group.
import { useId } from 'react';
import * as ui from './popover.css';
import * as css from './theme.css';

export interface CheckboxGroupProps {
  label: string;
  /** [value, label] pairs, in display order. */
  options: ReadonlyArray<readonly [string, string]>;
  selected: readonly string[];
  onChange: (values: string[]) => void;
  error?: string | null;
  /** 'row': side by side under a visible legend (forms); 'list': one per line, legend for screen readers. */
  layout?: 'row' | 'list';
  /** Shown when there are no options. */
  emptyText?: string;
}

export function CheckboxGroup({
  label,
  options,
  selected,
  onChange,
  error,
  layout = 'row',
  emptyText,
}: CheckboxGroupProps) {
  const errorId = useId();
  const row = layout === 'row';
  return (
    <fieldset
      className={row ? css.field : undefined}
      aria-describedby={error ? errorId : undefined}
      style={{ border: 0, padding: 0, margin: 0, ...(row ? {} : { display: 'grid', gap: 4 }) }}
    >
      <legend className={row ? css.label : css.visuallyHidden}>{label}</legend>
      {options.length === 0 && emptyText && <span className={ui.option}>{emptyText}</span>}
      <div style={row ? { display: 'flex', flexWrap: 'wrap', gap: 12 } : { display: 'contents' }}>
        {options.map(([value, text]) => (
          <label
            key={value}
            className={row ? undefined : ui.option}
            style={{ display: 'flex', gap: row ? 4 : 8, alignItems: 'center' }}
          >
            <input
              type="checkbox"
              checked={selected.includes(value)}
              onChange={(e) =>
                onChange(e.target.checked ? [...selected, value] : selected.filter((s) => s !== value))
              }
            />
            {text}
          </label>
        ))}
      </div>
      {error && (
        <span id={errorId} className={css.fieldError}>
          {error}
        </span>
      )}
    </fieldset>
  );
}
