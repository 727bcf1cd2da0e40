// The journal's legend and the run panel's lists.
import { style } from '@vanilla-extract/css';
import { colors, definitionList } from '../ui/theme.css';

/**
 * A header that may wrap although its column's cells stay on one line: from 1280 px, where that makes the
 * table fit its frame. Narrower, the frame scrolls sideways anyway, and wrapping would only make the header
 * row three lines tall.
 */
export const wrappingHeader = style({
  '@media': { 'screen and (min-width: 1280px)': { whiteSpace: 'normal' } },
});
export const legend = style({ margin: '0 0 12px', color: colors.muted, fontSize: 14 });
export const facts = style([
  definitionList,
  {
    gridTemplateColumns: 'max-content 1fr',
    '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: '1fr' } },
  },
]);
export const definition = style({ margin: 0, overflowWrap: 'anywhere' });
export const trips = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 });
export const trip = style({
  border: `1px solid ${colors.border}`,
  borderRadius: 8,
  padding: '8px 12px',
  display: 'grid',
  gap: 4,
  overflowWrap: 'anywhere',
});
export const tripHead = style({ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' });
export const sectionTitle = style({ margin: 0, fontSize: 16, color: colors.navy });
export const note = style({ margin: 0, color: colors.muted, fontSize: 14 });
/** Who started a run, under its kind: a long name is cut with an ellipsis (its title holds the whole). */
export const author = style({ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' });
