// A modal dialog with a title (react-aria Modal + Dialog): focus trapped inside, Escape closes.
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import * as ui from './widgets.css';

export function ModalDialog({
  title,
  isOpen,
  onClose,
  isDismissable = true,
  role,
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={isDismissable}
      className={ui.overlay}
    >
      <Modal className={ui.modal}>
        <Dialog className={ui.dialog} role={role}>
          <Heading slot="title" className={ui.dialogTitle}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
