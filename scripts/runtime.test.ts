// The runtime switch (docs/decisions/037): RUNTIME names react or preact; unset, the one that ships.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME, runtime } from './runtime.mjs';

describe('RUNTIME', () => {
  it('names the runtime of a build, the dev server and the browser tests', () => {
    expect(runtime({ RUNTIME: 'react' })).toBe('react');
    expect(runtime({ RUNTIME: ' Preact ' })).toBe('preact');
  });

  it('unset or empty, is the runtime that ships: Preact', () => {
    expect(DEFAULT_RUNTIME).toBe('preact');
    expect(runtime({})).toBe('preact');
    expect(runtime({ RUNTIME: '' })).toBe('preact');
  });

  it('refuses any other name, saying which it takes', () => {
    expect(() => runtime({ RUNTIME: 'vue' })).toThrow('RUNTIME=vue: expected react or preact.');
  });
});
