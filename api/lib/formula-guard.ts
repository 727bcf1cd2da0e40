// The one formula-injection guard of every export (OWASP CSV injection; docs/architecture.md §3 on exports). A
// spreadsheet evaluates a cell whose text starts with = + - @ (or their full-width forms ＝ ＋ － ＠ that
// some spreadsheets fold to ASCII), also when blanks or invisible characters come first (space, no-break
// space, zero-width space, tab, CR, LF), and a file opened with another separator than the one it was
// written with splits `x,=1+1` into `x` and `=1+1`. So every piece of a text after a separator (, ; tab
// CR LF) is checked, not only its start. Text from Leon and from users is untrusted.
//
// CSV has no cell types: `csvSafeText` puts an apostrophe before each piece that could start a formula.
// XLSX has them: `api/lib/spreadsheet.ts` writes every text as a string cell with the Text format, and
// uses `formulaRisk` to refuse to write a risky text any other way (decision 013).

/** Characters a spreadsheet skips before it looks for a formula sign (the separators are pieces' ends). */
const BLANKS =
  ' \\v\\f\\u0085\\u00a0\\u1680\\u180e\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u2064\\u3000\\ufeff';
/** The signs that start a formula, ASCII and full-width. */
const SIGNS = '=+\\-@\\uff1d\\uff0b\\uff0d\\uff20';
/** Where a spreadsheet may start a new cell when it guesses the separator. */
const SEPARATORS = ',;\\t\\r\\n';

/** A piece (the text's start, or right after a separator) that blanks then a sign open. */
const RISKY_PIECE = new RegExp(`(^|[${SEPARATORS}])([${BLANKS}]*[${SIGNS}])`, 'gu');
/** Tab and CR at the very start are formula triggers of their own in some spreadsheets. */
const RISKY_START = /^[\t\r]/;

/** Whether a spreadsheet could read `text`, or a piece of it, as a formula. */
export function formulaRisk(text: string): boolean {
  RISKY_PIECE.lastIndex = 0;
  return RISKY_START.test(text) || RISKY_PIECE.test(text);
}

/** `text` for a CSV cell: an apostrophe before the start and before each piece that could be a formula. */
export function csvSafeText(text: string): string {
  let safe = text.replace(RISKY_PIECE, (_, separator: string, piece: string) => `${separator}'${piece}`);
  if (RISKY_START.test(safe)) safe = `'${safe}`;
  return safe;
}
