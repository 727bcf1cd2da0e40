// Toasts at the top centre for 2500 ms (spec §9), on react-aria's toast region.
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { CloseIcon } from './icons';
import * as css from './theme.css';

interface ToastValue {
  title: string;
  variant: 'success' | 'error';
}

export const TOAST_MS = 2500;
const queue = new ToastQueue<ToastValue>({ maxVisibleToasts: 3 });

export const toast = {
  success: (title: string) => queue.add({ title, variant: 'success' }, { timeout: TOAST_MS }),
  error: (title: string) => queue.add({ title, variant: 'error' }, { timeout: TOAST_MS }),
};

export function Toasts() {
  return (
    <ToastRegion queue={queue} className={css.toastRegion} aria-label="Notifications">
      {({ toast: item }) => (
        <Toast toast={item} className={css.toast[item.content.variant]}>
          <ToastContent>
            <Text slot="title">{item.content.title}</Text>
          </ToastContent>
          <Button slot="close" className={css.toastClose} aria-label="Fermer">
            <CloseIcon />
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
