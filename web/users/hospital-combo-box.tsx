// The hospital selector of the user form: a ComboBox searching hospitals by name on the server, 500 ms
// after the last keystroke (spec §5).
import { useEffect, useState } from 'react';
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import type { DataResponse } from '../../contract/http';
import { type Hospital, USER_PATHS } from '../../contract/users';
import { apiCall } from '../lib/api';
import { ExpandIcon } from '../ui/icons';
import * as ui from '../ui/popover.css';
import * as css from '../ui/theme.css';

export const HOSPITAL_SEARCH_DEBOUNCE_MS = 500;

export function HospitalComboBox({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (name: string | null) => void;
  error?: string;
}) {
  const [text, setText] = useState(value ?? '');
  const [options, setOptions] = useState<Hospital[]>(value ? [{ name: value }] : []);
  useEffect(() => {
    const timer = setTimeout(() => {
      apiCall<DataResponse<Hospital[]>>(USER_PATHS.hospitalsByName, {
        query: { name: text === value ? '' : text },
      })
        .then((answer) => setOptions(answer.data))
        .catch(() => setOptions([]));
    }, HOSPITAL_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <ComboBox
      className={css.field}
      items={options}
      inputValue={text}
      onInputChange={setText}
      selectedKey={value}
      onSelectionChange={(key) => {
        onChange(key === null ? null : String(key));
        if (key !== null) setText(String(key));
      }}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      menuTrigger="focus"
    >
      <Label className={css.label}>Hôpital</Label>
      <div style={{ display: 'flex', gap: 4 }}>
        <Input className={css.input} style={{ flex: 1 }} />
        <Button className={css.button.secondary} aria-label="Afficher les hôpitaux">
          <ExpandIcon />
        </Button>
      </div>
      <FieldError className={css.fieldError}>{error}</FieldError>
      <Popover className={ui.popover}>
        <ListBox
          className={ui.listBox}
          renderEmptyState={() => <div className={ui.option}>Aucun hôpital trouvé</div>}
        >
          {(hospital: Hospital) => (
            <ListBoxItem id={hospital.name} className={ui.option}>
              {hospital.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
