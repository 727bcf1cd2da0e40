// A multi-select in a popover: a list of checkboxes (the hospitals filter). Native checkboxes keep it
// simple to use by mouse, keyboard and screen reader.
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import * as css from './theme.css';
import * as ui from './widgets.css';

export interface MultiSelectProps {
  label: string;
  options: string[];
  selected: string[];
  onChange: (values: string[]) => void;
}

/** The options as checkboxes: inside the popover, or on their own in a side panel. */
export function CheckboxList({ label, options, selected, onChange }: MultiSelectProps) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: 4 }}>
      <legend className={css.visuallyHidden}>{label}</legend>
      {options.length === 0 && <span className={ui.option}>Aucun hôpital</span>}
      {options.map((option) => (
        <label key={option} className={ui.option} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input
            type="checkbox"
            checked={selected.includes(option)}
            onChange={(e) =>
              onChange(e.target.checked ? [...selected, option] : selected.filter((s) => s !== option))
            }
          />
          {option}
        </label>
      ))}
    </fieldset>
  );
}

export function MultiSelect(props: MultiSelectProps) {
  const { label, selected } = props;
  const summary =
    selected.length === 0 ? 'Tous' : `${selected.length} sélectionné${selected.length > 1 ? 's' : ''}`;
  return (
    <div className={css.field}>
      <span className={css.label} aria-hidden="true">
        {label}
      </span>
      <DialogTrigger>
        <Button className={css.button.secondary} aria-label={`${label} : ${summary}`}>
          {summary} ▾
        </Button>
        <Popover className={ui.popover} placement="bottom start">
          <Dialog aria-label={label} style={{ padding: 8, outline: 'none' }}>
            <CheckboxList {...props} />
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
