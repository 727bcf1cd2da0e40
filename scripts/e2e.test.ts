// How `npm run test:e2e` shares the browser suite out between its parts (docs/decisions/041).
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ON_BOTH_RUNTIMES, shareOut, specsFor } from './e2e.mjs';

const SECONDS = { 'a.spec.ts': 50, 'b.spec.ts': 30, 'c.spec.ts': 20, 'd.spec.ts#x': 40, 'd.spec.ts#y': 10 };
const FILES = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts'];

describe('shareOut', () => {
  it('gives each file or piece, heaviest first, to the part with the least time so far', () => {
    // a (50) → 1, d#x (40) → 2, b (30) → 2, c (20) → 1, d#y (10) → 1: d is run by both parts.
    expect(shareOut(FILES, 2, SECONDS)).toEqual([
      { files: ['a.spec.ts', 'c.spec.ts', 'd.spec.ts'], pieces: ['d.spec.ts#y'], total: 80 },
      { files: ['b.spec.ts', 'd.spec.ts'], pieces: ['d.spec.ts#x'], total: 70 },
    ]);
  });

  it('gives every piece to one part only', () => {
    const shares = shareOut(FILES, 3, SECONDS);
    expect(shares.map((s) => s.total)).toEqual([50, 50, 50]);
    expect(shares.flatMap((s) => s.pieces).sort()).toEqual(['d.spec.ts#x', 'd.spec.ts#y']);
  });

  it('counts a file missing from the table as 20 s, and leaves no part empty', () => {
    expect(shareOut(['new.spec.ts', 'a.spec.ts'], 3, SECONDS)).toEqual([
      { files: ['a.spec.ts'], pieces: [], total: 50 },
      { files: ['new.spec.ts'], pieces: [], total: 20 },
    ]);
  });

  it('runs every spec file of the suite once, the accessibility runs split, in two balanced parts', () => {
    const specs = readdirSync('e2e').filter((name) => name.endsWith('.spec.ts'));
    const shares = shareOut(specs, 2);
    const whole = shares.flatMap((s) => s.files).filter((f) => f !== 'a11y.spec.ts');
    expect(whole.sort()).toEqual(specs.filter((f) => f !== 'a11y.spec.ts').sort());
    expect(shares.every((s) => s.files.includes('a11y.spec.ts'))).toBe(true);
    const [one, two] = shares.map((s) => s.total);
    expect(Math.abs(one - two)).toBeLessThan(60);
  });
});

describe('specsFor', () => {
  const specs = readdirSync('e2e').filter((name) => name.endsWith('.spec.ts'));

  it('runs every file on Preact, and on React only those of both runtimes, each of which exists', () => {
    expect(specsFor('preact', specs)).toEqual(specs);
    expect(specsFor('react', specs).sort()).toEqual([...ON_BOTH_RUNTIMES].sort());
    expect(specsFor('react', specs, true)).toEqual(specs);
  });
});
