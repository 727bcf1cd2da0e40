// A multi-select in a popover: a list of checkboxes (the hospitals filter).
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { CheckboxGroup } from './checkbox-group';
import { ExpandIcon } from './icons';
import * as ui from './popover.css';
import * as css from './theme.css';

export interface MultiSelectProps {
  label: string;
  options: string[];
  selected: string[];
  onChange: (values: string[]) => void;
}

/** The options as checkboxes: inside the popover, or on their own in a side panel. */
export function CheckboxList({ label, options, selected, onChange }: MultiSelectProps) {
  return (
    <CheckboxGroup
      label={label}
      layout="list"
      options={options.map((option) => [option, option] as const)}
      selected={selected}
      onChange={onChange}
      emptyText="Aucun hôpital"
    />
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
          {summary} <ExpandIcon />
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
