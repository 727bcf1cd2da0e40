// 'PROPOSER UNE ACTION' (requirements §2): a required text response of 4 rows, Annuler / Sauvegarder. It shows
// what the incident machine holds: the text, 'Obligatoire' when blank (the field then takes the focus),
// busy while saving, the message of a failed save.
import type { FormEvent } from 'react';
import { FieldError, Label, TextArea, TextField } from 'react-aria-components';
import { INCIDENT_MESSAGES, RESPONSE_MAX_LENGTH } from '../../contract/incidents';
import { DialogActions, ModalDialog } from '../ui/dialog';
import * as css from '../ui/theme.css';
import { focusFirstInvalid } from '../ui/use-form';
import * as ui from './incidents.css';

export function ProposeDialog({
  draft,
  fieldError,
  saving,
  error = null,
  onChange,
  onSave,
  onCancel,
}: {
  draft: string;
  fieldError: string | null;
  saving: boolean;
  /** The failed save's message (the server's, e.g. a 409 for a record changed meanwhile). */
  error?: string | null;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave();
    // 'Obligatoire': the field to fix takes the focus, as in the other forms (useForm).
    focusFirstInvalid(event.currentTarget);
  };
  return (
    <ModalDialog title={INCIDENT_MESSAGES.proposeTitle} isOpen onClose={onCancel} isDismissable={!saving}>
      <form className={ui.dialogForm} onSubmit={submit} noValidate>
        <TextField
          name="response"
          value={draft}
          onChange={onChange}
          isInvalid={Boolean(fieldError)}
          isDisabled={saving}
          validationBehavior="aria"
          className={css.field}
          autoFocus
        >
          <Label className={css.label}>Action proposée</Label>
          <TextArea
            rows={4}
            maxLength={RESPONSE_MAX_LENGTH + 100}
            className={`${css.input} ${ui.textarea}`}
          />
          <FieldError className={css.fieldError}>{fieldError}</FieldError>
        </TextField>
        <DialogActions error={error} pending={saving} onCancel={onCancel} actionLabel="Sauvegarder" />
      </form>
    </ModalDialog>
  );
}
