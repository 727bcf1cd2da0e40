// The toast queue (react-stately, light, always loaded) and `toast.success` / `toast.error`: what screens
// call, and what the lazily loaded region (toast-region.tsx) shows.
import { ToastQueue } from 'react-stately/useToastState';

export interface ToastValue {
  title: string;
  variant: 'success' | 'error';
}

export const TOAST_MS = 2500;
export const toastQueue = new ToastQueue<ToastValue>({ maxVisibleToasts: 3 });

export const toast = {
  success: (title: string) => toastQueue.add({ title, variant: 'success' }, { timeout: TOAST_MS }),
  error: (title: string) => toastQueue.add({ title, variant: 'error' }, { timeout: TOAST_MS }),
};
