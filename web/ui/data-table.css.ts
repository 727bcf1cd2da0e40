// The table of every list screen: a scroll frame with a sticky header and a sticky first column, its
// skeleton rows while loading, and the line that tells an empty or failed list.
import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { colors } from './theme.css';

/** The least height of a list's frame, however little room the window leaves under the filters. */
export const FRAME_MIN_HEIGHT = 320;
export const frame = style({
  // Positioned, so that what is absolutely placed in a cell (visually hidden texts) scrolls with the
  // table instead of widening the page.
  position: 'relative',
  overflow: 'auto',
  // Down to the window's bottom on a list screen (set by DataTable once laid out); 70 % of the window
  // until then, and inside a dialog.
  maxHeight: 'var(--frame-max, 70vh)',
  borderRadius: 8,
  border: `1px solid ${colors.border}`,
  background: colors.white,
  selectors: { '&:focus-visible': { outline: `2px solid ${colors.primary}`, outlineOffset: 2 } },
});
export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  background: colors.white,
  fontSize: 14,
});
export const th = style({
  position: 'sticky',
  top: 0,
  zIndex: 2,
  background: colors.white,
  textAlign: 'left',
  padding: '10px 12px',
  borderBottom: `2px solid ${colors.border}`,
  whiteSpace: 'nowrap',
  color: colors.navy,
});
export const td = style({
  padding: '6px 12px',
  borderBottom: `1px solid ${colors.border}`,
  verticalAlign: 'middle',
  background: colors.white,
});
// The buttons and links of a row (actions, downloads) are compact: a row of one line stays about 40 px
// high, buttons included.
globalStyle(`${td} :is(button, a)`, { paddingTop: 4, paddingBottom: 4 });
/**
 * A second line under a cell's value, smaller and muted, on one line of its own: what goes with the value
 * (a day under a mission number, a duration under a start), so that a table needs a column less.
 */
export const subLine = style({ display: 'block', color: colors.muted, fontSize: 13, whiteSpace: 'nowrap' });
/**
 * A few words under a cell's value that explain it (why a run failed, under its result; why a verdict,
 * under it): a narrow block of their own lines, which widens its column by no more than 240 px.
 */
export const cellNote = style({
  display: 'block',
  marginTop: 4,
  maxWidth: 240,
  minWidth: 160,
  whiteSpace: 'normal',
  fontSize: 13,
  lineHeight: 1.35,
  color: colors.muted,
});
/** A cell kept on one line (the column's `oneLine`). */
export const oneLine = style({ whiteSpace: 'nowrap' });
/** The text of a cell cut at the column's width with an ellipsis; its title holds the whole. */
export const cut = style({
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
/** The first column stays in view while the table scrolls sideways; its header sits above both. */
export const stickyFirst = style({
  position: 'sticky',
  left: 0,
  zIndex: 1,
  selectors: { [`${th}&`]: { zIndex: 3 } },
});
/** How many columns at most stay at the left edge (the first one included). */
export const MAX_STICKY_START = 4;
/** The columns kept at the left edge after the first, each at the offset DataTable measured for it. */
export const stickyStart = Object.fromEntries(
  Array.from({ length: MAX_STICKY_START }, (_, index) => [
    index,
    style({
      position: 'sticky',
      left: `var(--sticky-left-${index}, 0px)`,
      zIndex: 1,
      selectors: { [`${th}&`]: { zIndex: 3 } },
    }),
  ]),
) as Record<number, string>;
/** The last column kept at the left edge: a line that tells the rows scroll under it. */
export const stickyStartEdge = style({ boxShadow: `inset -1px 0 0 ${colors.border}` });
/** A column kept at the right edge (row actions), with a line that tells the rows scroll under it. */
export const stickyEnd = style({
  position: 'sticky',
  right: 0,
  zIndex: 1,
  boxShadow: `inset 1px 0 0 ${colors.border}`,
  selectors: { [`${th}&`]: { zIndex: 3 } },
});
/** The old rows while the next page loads. */
export const staleRows = style({
  opacity: 0.45,
  pointerEvents: 'none',
  transition: 'opacity 120ms ease-in',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
export const align = styleVariants({
  start: { textAlign: 'left' },
  center: { textAlign: 'center' },
  end: { textAlign: 'right' },
});
export const sortButton = style({
  font: 'inherit',
  color: 'inherit',
  fontWeight: 'inherit',
  background: 'transparent',
  border: 0,
  padding: 0,
  cursor: 'pointer',
  display: 'inline-flex',
  gap: 4,
  alignItems: 'center',
});
export const status = style({ padding: 24, textAlign: 'center', color: colors.muted });
const shimmer = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.45 }, '100%': { opacity: 1 } });
export const skeletonRows = style({ display: 'grid', gap: 10, padding: '12px' });
export const skeletonRow = style({
  height: 18,
  borderRadius: 4,
  background: '#e5e9f0',
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
