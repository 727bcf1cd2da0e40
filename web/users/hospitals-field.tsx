// The hospitals of a HOSPITAL user in the user form (decision 024): the chosen ones as checkboxes (uncheck
// to drop one; it stays listed until the form closes, to be checked again), and a ComboBox that searches
// hospitals by name on the server, 500 ms after the last keystroke (requirements §5), to add another (typing
// opens its list, as does its button).
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
import type { Hospital } from '../../contract/users';
import { errorMessage } from '../lib/api';
import { CheckboxGroup } from '../ui/checkbox-group';
import { ExpandIcon } from '../ui/icons';
import * as ui from '../ui/popover.css';
import * as css from '../ui/theme.css';
import { searchHospitals } from './api';

export const HOSPITAL_SEARCH_DEBOUNCE_MS = 500;

export function HospitalsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (names: string[]) => void;
  error?: string;
}) {
  // Every hospital shown as a checkbox so far: the chosen ones, and those unchecked since.
  const [listed, setListed] = useState<string[]>(value);
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Hospital[]>([]);
  // Each addition starts the search box afresh: list closed, text empty, the focus back in it.
  const [added, setAdded] = useState(0);
  // Until the answer for the text typed comes, the list says it is searching rather than 'none found'; a
  // failed search says why (the server's message) instead.
  const [searching, setSearching] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setSearching(true);
    // An answer for a text typed over since is dropped: the list shows the latest text's hospitals.
    let current = true;
    const timer = setTimeout(() => {
      searchHospitals(text)
        .then((hospitals) => {
          if (!current) return;
          setOptions(hospitals);
          setFailure(null);
        })
        .catch((error) => {
          if (!current) return;
          setOptions([]);
          setFailure(errorMessage(error));
        })
        .finally(() => {
          if (current) setSearching(false);
        });
    }, HOSPITAL_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  const add = (name: string) => {
    if (!listed.includes(name)) setListed([...listed, name]);
    if (!value.includes(name)) onChange([...value, name]);
    setText('');
    setAdded((n) => n + 1);
  };
  return (
    <div className={css.field}>
      <CheckboxGroup
        label="Hôpitaux"
        options={listed.map((name) => [name, name] as const)}
        selected={value}
        onChange={onChange}
        emptyText="Aucun hôpital choisi"
      />
      <ComboBox
        key={added}
        autoFocus={added > 0}
        className={css.field}
        items={options.filter((hospital) => !value.includes(hospital.name))}
        inputValue={text}
        onInputChange={setText}
        selectedKey={null}
        onSelectionChange={(key) => {
          if (key !== null) add(String(key));
        }}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
        menuTrigger="input"
        allowsEmptyCollection
      >
        <Label className={css.label}>Rechercher un hôpital</Label>
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
            renderEmptyState={() => (
              <div className={ui.option}>
                {searching ? 'Recherche…' : (failure ?? 'Aucun hôpital trouvé')}
              </div>
            )}
          >
            {(hospital: Hospital) => (
              <ListBoxItem id={hospital.name} className={ui.option}>
                {hospital.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </div>
  );
}
