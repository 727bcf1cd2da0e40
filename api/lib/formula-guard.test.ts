// The formula guard of every export: each known bypass is caught, and whatever the text, no piece of the
// guarded text (split on any separator a spreadsheet may guess) still opens a formula.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvSafeText, formulaRisk } from './formula-guard';

const SIGN = /^[\s\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]*[=+\-@＝＋－＠]/u;
/** What a spreadsheet would evaluate: a piece (split on any separator) that opens with a sign. */
const evaluated = (text: string) =>
  /^[\t\r]/.test(text) || text.split(/[,;\t\r\n]/).some((piece) => SIGN.test(piece));

describe('formula guard', () => {
  const bypasses = [
    '=1+1',
    '+33 5 56 79 56 79',
    '-2+3',
    '@SUM(A1)',
    ' =1+1',
    '\u00a0=1+1',
    '\u200b=1+1',
    '\n=1+1',
    '\t=1+1',
    '\r=1+1',
    '＝1+1',
    '＋1',
    '－1',
    '＠SUM(A1)',
    'x,=1+1',
    'x, =HYPERLINK("http://x")',
    'x;@SUM(A1)',
    'Transport\n=cmd|x',
  ];

  it.each(bypasses)('finds the formula in %j and neutralises it', (text) => {
    expect(formulaRisk(text)).toBe(true);
    const safe = csvSafeText(text);
    expect(evaluated(safe)).toBe(false);
    // Only apostrophes are added: the text is all there.
    expect(safe.replaceAll("'", '')).toBe(text.replaceAll("'", ''));
  });

  it('leaves plain text as written', () => {
    for (const text of ['Lyon', 'CHU de Bordeaux – Hôpital Pellegrin', '12 rue "Haute"', 'a-b', 'x = y', ''])
      expect([formulaRisk(text), csvSafeText(text)]).toEqual([false, text]);
  });

  it('leaves no piece of any text able to open a formula (property)', () => {
    const risky = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '＝',
      '＋',
      '－',
      '＠',
      ' ',
      '\u00a0',
      '\u200b',
      '\u3000',
      '\t',
      '\r',
      '\n',
      ',',
      ';',
      'x',
      '1',
      "'",
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: risky, maxLength: 12 }), fc.string({ unit: 'grapheme' })),
        (text) => {
          const safe = csvSafeText(text);
          expect(evaluated(safe)).toBe(false);
          expect(formulaRisk(text)).toBe(safe !== text);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
