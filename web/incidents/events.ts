// A tiny signal: an incident changed (an action proposed or validated), so that the menu's open count
// and an open list reload.
type Listener = () => void;
const listeners = new Set<Listener>();

export const incidentsChanged = {
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
