// The history panel: the entries as a timeline, each change on its line.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

export const entries = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 });
export const entry = style({
  borderLeft: `3px solid ${colors.border}`,
  padding: '4px 0 4px 12px',
  display: 'grid',
  gap: 4,
});
export const leon = style({ borderLeftColor: colors.primary });
export const head = style({ display: 'flex', flexWrap: 'wrap', gap: '2px 8px', alignItems: 'baseline' });
export const when = style({ fontVariantNumeric: 'tabular-nums', color: colors.muted, fontSize: 14 });
export const actor = style({ fontWeight: 600, color: colors.navy });
export const action = style({ color: colors.muted, fontSize: 14 });
export const changes = style({
  margin: 0,
  paddingLeft: 18,
  display: 'grid',
  gap: 2,
  overflowWrap: 'anywhere',
});
export const field = style({ fontWeight: 600 });
export const muted = style({ margin: 0, color: colors.muted });
export const more = style({ justifySelf: 'start' });
