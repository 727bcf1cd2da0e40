// Tests fail on any unexpected console.error (CONVENTIONS.md 'Habits').
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
// Screens rendered by a test (happy-dom) are unmounted after it.
if (typeof document !== 'undefined') afterEach((await import('@testing-library/react')).cleanup);

afterEach(() => {
  vi.useRealTimers();
  if (errors.length > 0) {
    const seen = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called:\n${seen.join('\n')}`);
  }
});
