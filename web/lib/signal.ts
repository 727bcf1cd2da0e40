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

/** Listens to each of `signals`; the answer stops listening to all of them (an effect's clean-up). */
export function subscribeAll(signals: Signal[], listener: Listener): () => void {
  const stops = signals.map((signal) => signal.subscribe(listener));
  return () => {
    for (const stop of stops) stop();
  };
}
