// A value read from the API while `enabled`, read again whenever one of its signals says it changed (the
// menu counts).
import { useEffect, useState } from 'react';
import { type Signal, subscribeAll } from './signal';

/**
 * What `load` gives: loaded when `enabled`, again on each of `signals`; null until it comes and after a
 * failure. `load` and `signals` are the caller's constants (module-level), not made anew on each render.
 */
export function useRefreshed<T>(enabled: boolean, load: () => Promise<T>, signals: Signal[]): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const reload = () =>
      load()
        .then(setValue)
        .catch(() => setValue(null));
    reload();
    return subscribeAll(signals, reload);
  }, [enabled, load, signals]);
  return value;
}
