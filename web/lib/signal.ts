// A tiny signal: something changed, so whoever listens (menu counts, open lists) reloads.
type Listener = () => void;

export type Signal = { emit: () => void; subscribe: (listener: Listener) => () => void };

export function createSignal(): Signal {
  const listeners = new Set<Listener>();
  return {
    emit: () => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
