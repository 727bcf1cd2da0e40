// 'Mise à jour du statut': the flight and airport invoice statuses for the selected rows, either left
// unchanged ('Inchangé'); all or nothing on the server.
import { useState } from 'react';
import {
  STATISTIC_INVOICE_STATUS_BADGES,
  STATISTIC_INVOICE_STATUSES,
  STATISTIC_MESSAGES,
  type StatisticInvoiceStatus,
} from '../../contract/statistics';
import { errorMessage } from '../lib/api';
import { useAction } from '../lib/use-action';
import { ChangedElsewhere } from '../live';
import { DialogActions, ModalDialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { changeInvoiceStatuses } from './api';

/** The invoice statuses of a statistics row, as select options (this dialog and the screen's filter). */
export const STATUS_OPTIONS = STATISTIC_INVOICE_STATUSES.map(
  (s) => [s, STATISTIC_INVOICE_STATUS_BADGES[s].label] as [string, string],
);

const STATUS_FIELDS = {
  flight: { name: 'flightStatus', label: 'Statut facture vol' },
  airport: { name: 'airportStatus', label: 'Statut facture aéroport' },
};

/** One of the two invoice statuses to set, or 'Inchangé' (empty) to leave it as it is. */
function StatusSelect({
  which,
  value,
  onChange,
}: {
  which: keyof typeof STATUS_FIELDS;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      id={`status-${which}`}
      {...STATUS_FIELDS[which]}
      value={value}
      onChange={onChange}
      options={STATUS_OPTIONS}
      placeholder="Inchangé"
    />
  );
}

export function StatusDialog({
  selectedIds,
  versions,
  onClose,
  onSaved,
}: {
  selectedIds: string[];
  /** The version each selected row was shown at, by id: a row changed meanwhile is refused (409, decision 064). */
  versions?: Record<string, number>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [flightStatus, setFlight] = useState('');
  const [airportStatus, setAirport] = useState('');
  const { pending, error, run } = useAction();
  const save = () =>
    run(async () => {
      try {
        await changeInvoiceStatuses({
          selectedIds,
          ...(versions ? { versions } : {}),
          ...(flightStatus ? { flightStatus: flightStatus as StatisticInvoiceStatus } : {}),
          ...(airportStatus ? { airportStatus: airportStatus as StatisticInvoiceStatus } : {}),
        });
      } catch (failure) {
        toast.error(errorMessage(failure));
        throw failure;
      }
      toast.success(STATISTIC_MESSAGES.statusUpdated);
      onSaved();
    });
  return (
    <ModalDialog title="Mise à jour du statut" isOpen onClose={onClose} isDismissable={!pending}>
      <form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p className={css.subtitle}>
          {selectedIds.length} ligne{selectedIds.length > 1 ? 's' : ''} sélectionnée
          {selectedIds.length > 1 ? 's' : ''}
        </p>
        <ChangedElsewhere
          entity="statistic"
          ids={selectedIds}
          record={selectedIds.length > 1 ? 'statistics' : 'statistic'}
        />
        <StatusSelect which="flight" value={flightStatus} onChange={setFlight} />
        <StatusSelect which="airport" value={airportStatus} onChange={setAirport} />
        <DialogActions
          error={error}
          pending={pending || (!flightStatus && !airportStatus)}
          onCancel={onClose}
          actionLabel="Valider"
        />
      </form>
    </ModalDialog>
  );
}
