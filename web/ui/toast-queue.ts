// The toast queue (react-stately, light, always loaded) and `toast.success` / `toast.error`: what screens
// call, and what the lazily loaded region (toast-region.tsx) shows.
import { ToastQueue } from 'react-stately/useToastState';

export interface ToastValue {
  title: string;
  variant: 'success' | 'error';
  /** A link after the title (the sync toasts' 'Voir le journal'). */
  link?: { href: string; label: string };
}

export const TOAST_MS = 2500;
/** A toast with a link stays longer, so that it can be reached (it also stays while hovered or focused). */
export const LINK_TOAST_MS = 8000;
export const toastQueue = new ToastQueue<ToastValue>({ maxVisibleToasts: 3 });

export const toast = {
  success: (title: string, link?: ToastValue['link']) =>
    toastQueue.add({ title, variant: 'success', link }, { timeout: link ? LINK_TOAST_MS : TOAST_MS }),
  error: (title: string, link?: ToastValue['link']) =>
    toastQueue.add({ title, variant: 'error', link }, { timeout: link ? LINK_TOAST_MS : TOAST_MS }),
};
