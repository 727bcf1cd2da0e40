// A modal dialog with a title (react-aria Modal + Dialog): focus trapped inside, Escape closes; and the
// foot of a dialog: the failure of its call, Annuler and the action, disabled while the call runs, or
// 'Fermer' for a dialog one reads; and the dialog of a form that adds or edits a row.
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import * as ui from './dialog.css';
import { CloseIcon } from './icons';
import * as css from './theme.css';

/** The props of a dialog about one row: the row, closing with no change, and what follows a change. */
export interface RowDialogProps<Row> {
  row: Row;
  onClose: () => void;
  onDone: () => void;
}

export function ModalDialog({
  title,
  isOpen,
  onClose,
  isDismissable = true,
  role,
  wide = false,
  side = false,
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
  /**
   * A dialog with two columns of fields (`true`: up to 760 px instead of 560), or one holding a table
   * (`'table'`: up to 1100 px, as much of the screen as it has).
   */
  wide?: boolean | 'table';
  /**
   * A side panel instead of a centred dialog: the screen's full height on its right edge (the whole width
   * on a phone), with a 'Fermer' button beside its title, for reading beside the page (a record's history).
   */
  side?: boolean;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    // react-aria focuses the dialog's frame, which shows nothing: move on to the first field, or to the
    // title of a dialog without fields (a confirmation), once react-aria is done.
    const timer = setTimeout(() => {
      const frame = dialog.current;
      const active = document.activeElement;
      if (!frame || (frame.contains(active) && active !== frame)) return;
      const field = frame.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not([type="file"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [role="spinbutton"]',
      );
      (field ?? frame.querySelector<HTMLElement>('[data-dialog-title]'))?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [isOpen]);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={isDismissable}
      className={side ? `${ui.overlay} ${ui.sideOverlay}` : ui.overlay}
    >
      <Modal
        className={
          side ? ui.sidePanel : wide ? `${ui.modal} ${wide === 'table' ? ui.tableWide : ui.wide}` : ui.modal
        }
      >
        <Dialog ref={dialog as never} className={ui.dialog} role={role}>
          {side ? (
            <div className={ui.sideHead}>
              <Heading slot="title" className={ui.dialogTitle} tabIndex={-1} data-dialog-title>
                {title}
              </Heading>
              <button type="button" className={css.button.ghost} aria-label="Fermer" onClick={onClose}>
                <CloseIcon />
              </button>
            </div>
          ) : (
            <Heading slot="title" className={ui.dialogTitle} tabIndex={-1} data-dialog-title>
              {title}
            </Heading>
          )}
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export function DialogActions({
  error,
  pending,
  onCancel,
  actionLabel,
  onAction,
  danger = false,
}: {
  error: string | null;
  pending: boolean;
  onCancel: () => void;
  actionLabel: string;
  /** Without it, the action submits the dialog's form. */
  onAction?: () => void;
  danger?: boolean;
}) {
  return (
    <>
      {error && (
        <p role="alert" className={css.formError}>
          {error}
        </p>
      )}
      <div className={ui.dialogActions}>
        <button type="button" className={css.button.secondary} onClick={onCancel} disabled={pending}>
          Annuler
        </button>
        <button
          type={onAction ? 'button' : 'submit'}
          className={danger ? css.button.danger : css.button.primary}
          onClick={onAction}
          disabled={pending}
        >
          {actionLabel}
        </button>
      </div>
    </>
  );
}

/**
 * The foot of a dialog one reads rather than fills: 'Fermer', then the dialog's own `children` actions if
 * any ('Fermer' is then the secondary button, the main one otherwise).
 */
export function CloseActions({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  return (
    <div className={ui.dialogActions}>
      <button
        type="button"
        className={children ? css.button.secondary : css.button.primary}
        onClick={onClose}
      >
        Fermer
      </button>
      {children}
    </div>
  );
}

/** A form that adds or edits a row in a dialog: its fields, then the foot with Ajouter or Modifier. */
export function FormDialog({
  title,
  editing,
  pending,
  error,
  onClose,
  onSubmit,
  formRef,
  children,
}: {
  title: string;
  editing: boolean;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (event: { preventDefault(): void }) => void;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <ModalDialog title={title} isOpen onClose={onClose} isDismissable={!pending}>
      <form ref={formRef} className={css.form} onSubmit={onSubmit} noValidate>
        {children}
        <DialogActions
          error={error}
          pending={pending}
          onCancel={onClose}
          actionLabel={editing ? 'Modifier' : 'Ajouter'}
        />
      </form>
    </ModalDialog>
  );
}
