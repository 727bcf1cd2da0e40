// A confirmation before a destructive action: title, question, Annuler / the action, busy while it runs.
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { ModalDialog } from './dialog';
import * as css from './theme.css';
import * as ui from './widgets.css';

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(errorMessage(e));
      setPending(false);
    }
  };
  return (
    <ModalDialog title={title} isOpen onClose={onClose} isDismissable={!pending} role="alertdialog">
      <p style={{ margin: 0 }}>{text}</p>
      {error && (
        <p role="alert" className={css.formError}>
          {error}
        </p>
      )}
      <div className={ui.dialogActions}>
        <button type="button" className={css.button.secondary} onClick={onClose} disabled={pending}>
          Annuler
        </button>
        <button type="button" className={css.button.danger} onClick={confirm} disabled={pending}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
