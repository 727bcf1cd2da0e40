// A call started from a dialog: busy while it runs (its buttons disabled), its failure kept as the
// French message to show in the dialog until the next call or `clear()`.
import { useState } from 'react';
import { errorMessage } from './api';

export function useAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };
  /** Drops the kept failure (the user changed the form, or the form shows its own errors). */
  const clear = () => setError(null);
  return { pending, error, run, clear };
}
