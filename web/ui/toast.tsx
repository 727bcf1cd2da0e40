// Toasts at the top centre for 2500 ms (requirements §9), on react-aria's toast region. The queue is light and
// always there; the region (react-aria components) is loaded with the first toast, so that a page that
// shows none (the sign-in page) does not download it (docs/decisions/022).
import { lazy, Suspense, useEffect, useState } from 'react';
import { toastQueue } from './toast-queue';

export { TOAST_MS, type ToastValue, toast } from './toast-queue';

/** Loads the toast region now (the web tests do, so that none waits for its first import). */
export const loadToastRegion = () => import('./toast-region');

const ToastList = lazy(loadToastRegion);

export function Toasts() {
  const [needed, setNeeded] = useState(() => toastQueue.visibleToasts.length > 0);
  useEffect(() => {
    if (needed) return;
    if (toastQueue.visibleToasts.length > 0) setNeeded(true);
    return toastQueue.subscribe(() => setNeeded(true));
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
