// The missions table's compact cells, so that a row stays one or two lines high at 1280 px: codes for the
// itinerary (names on hover and for screen readers), the hospital on two lines at most, no wrapping
// inside dates, organs and actions.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

export const nowrap = style({ whiteSpace: 'nowrap' });
export const hospital = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  minWidth: 140,
  maxWidth: 220,
});
export const itinerary = style({
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  letterSpacing: '0.02em',
});
export const airport = style({ textDecoration: 'none', cursor: 'help' });
export const arrow = style({
  color: colors.muted,
  margin: '0 2px',
  display: 'inline-flex',
  verticalAlign: 'middle',
});
export const actions = style({ display: 'flex', gap: 2, whiteSpace: 'nowrap' });
