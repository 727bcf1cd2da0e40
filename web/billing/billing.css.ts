// The billing check screen: the filters, the totals, the trip number that opens a row, the breakdown's two
// sides (one above the other on a phone).
import { globalStyle, style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

const narrow = 'screen and (max-width: 899px)';

export const filters = style({
  display: 'flex',
  gap: 12,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  margin: '0 0 12px',
  '@media': { [narrow]: { flexDirection: 'column', alignItems: 'stretch' } },
});
// The selects start from their least width and share what the row leaves, up to 340 px: at 1,280 px the
// period, both selects and the export hold on one row.
export const filterField = style({
  flex: '1 1 170px',
  minWidth: 170,
  maxWidth: 340,
  '@media': { [narrow]: { flex: 'none', maxWidth: 'none' } },
});
// Why a period is refused: below the field's own 'Date non valide.', which hangs under the field.
export const periodError = style({ paddingTop: 12 });
// A long hospital name must not widen the select beyond its field (nor the page on a phone).
globalStyle(`${filterField} select`, { width: '100%', minWidth: 0, textOverflow: 'ellipsis' });
export const totals = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 16,
  alignItems: 'center',
  justifyContent: 'space-between',
  margin: '0 0 12px',
  padding: 12,
  border: `1px solid ${colors.border}`,
  borderRadius: 8,
  background: colors.white,
});
// The figures with the note saying what they hold, and the counts with the number to look at.
export const totalsFigures = style({ display: 'grid', gap: 4, minWidth: 0 });
export const countsBlock = style({ display: 'grid', gap: 4, minWidth: 0 });
export const figures = style({ display: 'flex', flexWrap: 'wrap', gap: 24, margin: 0 });
export const figure = style({ display: 'grid', gap: 2 });
globalStyle(`${figure} dt`, { fontSize: 13, color: colors.muted });
globalStyle(`${figure} dd`, { margin: 0, fontWeight: 700, fontSize: 18, whiteSpace: 'nowrap' });
export const counts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 10,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const count = style({ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 600 });
export const rowLink = style({
  font: 'inherit',
  fontWeight: 600,
  color: colors.primary,
  background: 'none',
  border: 'none',
  padding: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
});
export const verdictLine = style({
  display: 'flex',
  gap: 8,
  alignItems: 'center',
  flexWrap: 'wrap',
  margin: '0 0 12px',
});
export const sideBySide = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: 16,
  '@media': { [narrow]: { gridTemplateColumns: '1fr' } },
});
export const side = style({ minWidth: 0 });
export const sideTitle = style({ fontSize: 16, margin: '0 0 8px', color: colors.navy });
export const breakdown = style({ width: '100%', borderCollapse: 'collapse', fontSize: 14 });
globalStyle(`${breakdown} th, ${breakdown} td`, {
  padding: '6px 8px',
  borderBottom: `1px solid ${colors.border}`,
  textAlign: 'start',
  overflowWrap: 'anywhere',
  '@media': { [narrow]: { padding: '6px 3px', fontSize: 13 } },
});
globalStyle(`${breakdown} tfoot th, ${breakdown} tfoot td`, { fontWeight: 700, borderBottom: 'none' });
globalStyle(`${breakdown} tr[data-suspect] th, ${breakdown} tr[data-suspect] td`, { background: '#fdecea' });
export const money = style({ whiteSpace: 'nowrap' });
globalStyle(`${breakdown} ${money}`, { textAlign: 'end' });
export const missing = style({ color: colors.danger, fontWeight: 600, whiteSpace: 'normal' });
export const suspect = style({ color: colors.danger, fontWeight: 600 });
export const note = style({ fontSize: 13, color: colors.muted, margin: '8px 0 0' });
// The settings in force beside the title (under it on a phone), and ADMIN's button that changes them.
export const settings = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '8px 16px',
  fontSize: 14,
});
export const settingsList = style({ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', margin: 0 });
globalStyle(`${settingsList} > div`, { display: 'flex', gap: 4 });
globalStyle(`${settingsList} dt`, { color: colors.muted });
globalStyle(`${settingsList} dd`, { margin: 0, fontWeight: 600, whiteSpace: 'nowrap' });
export const differenceLine = style({ margin: '16px 0 0', fontSize: 15 });
// An invoice's date (dd/mm/yyyy) stays whole; the piece's name beside it wraps instead.
export const day = style({ whiteSpace: 'nowrap' });
