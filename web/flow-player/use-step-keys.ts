// The keyboard steps (Alt+→ next, Alt+← back, Alt+R restart), caught before the page's own handlers: a
// modal screen (the PDF dialog) makes the rest of the page inert, and the keyboard still steps.
import { useEffect, useRef } from 'react';
import type { UpdateParams } from './use-flow-params';

export function useStepKeys(step: number, steps: number, update: UpdateParams) {
  const latest = { step, steps, update };
  const keys = useRef(latest);
  keys.current = latest;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey) return;
      const { step: at, steps: count, update: go } = keys.current;
      if (event.key === 'ArrowRight' && at < count) go({ step: at + 1 });
      else if (event.key === 'ArrowLeft' && at > 0) go({ step: at - 1 });
      else if (event.code === 'KeyR' || event.key.toLowerCase() === 'r') go({ step: 0 });
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
}
