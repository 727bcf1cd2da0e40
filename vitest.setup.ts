// Tests fail on any unexpected console.error (docs/conventions.md 'Habits').
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
// Screens rendered by a test (happy-dom) are unmounted after it. `findBy…` and `waitFor` wait up to 5 s
// rather than Testing Library's 1 s: a screen's first render waits for its lazy chunk, which took longer
// than 1 s on a loaded 2-core machine (the history panel's test failed so once in a whole run).
if (typeof document !== 'undefined') {
  const testingLibrary = await import('@testing-library/react');
  testingLibrary.configure({ asyncUtilTimeout: 5_000 });
  afterEach(testingLibrary.cleanup);
}

// happy-dom fires 'selectionchange' synchronously inside collapse() (browsers queue it as a task), and a
// focused react-aria date segment (the first field of a dialog with a period) collapses the selection on
// each 'selectionchange': the two would call each other forever. A nested collapse is dropped, as the
// browser's queued event would find it done.
if (typeof window !== 'undefined' && typeof window.getSelection === 'function') {
  const proto = Object.getPrototypeOf(window.getSelection()) as { collapse: (...args: unknown[]) => void };
  const collapse = proto.collapse;
  let inside = false;
  proto.collapse = function (this: unknown, ...args: unknown[]) {
    if (inside) return;
    inside = true;
    try {
      collapse.apply(this, args);
    } finally {
      inside = false;
    }
  };
}

afterEach(() => {
  vi.useRealTimers();
  if (errors.length > 0) {
    const seen = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called:\n${seen.join('\n')}`);
  }
});
