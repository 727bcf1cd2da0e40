// 'Exporter vers CSV' (requirements §2): the period, 'Inclure les factures de réussite', 'Exporter' → invoices.csv.
import { useState } from 'react';
import { INVOICE_MESSAGES } from '../../contract/invoices';
import { useAction } from '../lib/use-action';
import { DateRangeFilter, type DayRange } from '../ui/date-range-filter';
import { DialogActions, ModalDialog } from '../ui/dialog';
import { exportInvoicesCsv } from './api';
import * as ui from './invoices.css';

export function ExportDialog({ onClose, onExported }: { onClose: () => void; onExported: () => void }) {
  const [range, setRange] = useState<DayRange | null>(null);
  const [includeSuccess, setIncludeSuccess] = useState(false);
  const [missing, setMissing] = useState(false);
  const { pending, error, run } = useAction();
  const exportCsv = () => {
    if (!range) {
      setMissing(true);
      return;
    }
    run(async () => {
      await exportInvoicesCsv({ ...range, exportSuccess: includeSuccess });
      onExported();
    });
  };
  return (
    <ModalDialog title="Exporter vers CSV" isOpen onClose={onClose} isDismissable={!pending}>
      <DateRangeFilter
        onChange={(next) => {
          setRange(next);
          if (next) setMissing(false);
        }}
      />
      <label className={ui.checkboxRow}>
        <input
          type="checkbox"
          className={ui.checkbox}
          checked={includeSuccess}
          onChange={(e) => setIncludeSuccess(e.target.checked)}
        />
        Inclure les factures de réussite
      </label>
      <DialogActions
        error={missing ? INVOICE_MESSAGES.periodRequired : error}
        pending={pending}
        onCancel={onClose}
        actionLabel="Exporter"
        onAction={exportCsv}
      />
    </ModalDialog>
  );
}
