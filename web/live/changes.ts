// What the change feed received, handed to whoever listens: the lists, the details, the menu counts and
// the sync journal of the open screen (docs/decisions/059).
import type { LiveChange, LiveProgress } from '../../contract/live';
import { createSignal, type Signal } from '../lib/signal';

type Listener<T> = (value: T) => void;

function channel<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    emit(value: T) {
      for (const listener of [...listeners]) listener(value);
    },
    subscribe(listener: Listener<T>) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const changes = channel<LiveChange>();
export const progresses = channel<LiveProgress>();
/** The stream came back after more than its history holds: everything on screen is read again. */
export const resyncs = channel<void>();

/** At most one call of `run` a second: the first at once, the others folded into one at the second's end. */
export function throttled(run: () => void, ms = 1_000): { (): void; cancel(): void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      last = Date.now();
      run();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        run();
      }, wait);
    }
  };
  return Object.assign(call, {
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  });
}

const signals = new Map<string, Signal>();

/**
 * A signal that fires, at most once a second, when a change of one of `entities` arrives or the stream
 * resyncs: for what re-reads itself whole (a menu count, a panel). One per set of entities.
 */
export function liveSignal(...entities: string[]): Signal {
  const key = [...entities].sort().join(',');
  let signal = signals.get(key);
  if (!signal) {
    const made = createSignal();
    const fire = throttled(made.emit);
    changes.subscribe((change) => {
      if (entities.includes(change.entity)) fire();
    });
    resyncs.subscribe(fire);
    signals.set(key, made);
    signal = made;
  }
  return signal;
}
