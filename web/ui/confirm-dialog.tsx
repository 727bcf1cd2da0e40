// A confirmation before a destructive action: title, question, Annuler / the action, busy while it runs.
import { useAction } from '../lib/use-action';
import { DialogActions, ModalDialog } from './dialog';

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
  const { pending, error, run } = useAction();
  return (
    <ModalDialog title={title} isOpen onClose={onClose} isDismissable={!pending} role="alertdialog">
      <p style={{ margin: 0 }}>{text}</p>
      <DialogActions
        error={error}
        pending={pending}
        onCancel={onClose}
        actionLabel={confirmLabel}
        onAction={() => run(onConfirm)}
        danger
      />
    </ModalDialog>
  );
}
