// A multi-select in a popover (react-aria ListBox with multiple selection): the hospitals filter.
import {
  Button,
  Dialog,
  DialogTrigger,
  ListBox,
  ListBoxItem,
  Popover,
  type Selection,
} from 'react-aria-components';
import * as css from './theme.css';
import * as ui from './widgets.css';

export function MultiSelect({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: string[];
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <div className={css.field}>
      <span className={css.label} id={`${label}-label`}>
        {label}
      </span>
      <DialogTrigger>
        <Button className={css.button.secondary} aria-labelledby={`${label}-label ${label}-value`}>
          <span id={`${label}-value`}>
            {selected.length === 0
              ? 'Tous'
              : `${selected.length} sélectionné${selected.length > 1 ? 's' : ''}`}
          </span>{' '}
          ▾
        </Button>
        <Popover className={ui.popover} placement="bottom start">
          <Dialog aria-label={label}>
            <ListBox
              aria-label={label}
              className={ui.listBox}
              selectionMode="multiple"
              selectedKeys={new Set(selected)}
              onSelectionChange={(keys: Selection) =>
                onChange(keys === 'all' ? options : [...keys].map(String))
              }
              items={options.map((name) => ({ name }))}
              renderEmptyState={() => <div className={ui.option}>Aucun hôpital</div>}
            >
              {(item) => (
                <ListBoxItem id={item.name} className={ui.option}>
                  {({ isSelected }) => `${isSelected ? '☑' : '☐'} ${item.name}`}
                </ListBoxItem>
              )}
            </ListBox>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
