// A tiny signal: missions changed (edit, delete, sync), so the menu counts and open lists refresh.
type Listener = () => void;
const listeners = new Set<Listener>();

export const missionsChanged = {
  emit: () => {
    for (const listener of listeners) listener();
  },
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
