// The date range picker: its field group, segments and calendar cells.
import { style } from '@vanilla-extract/css';
import { colors } from './theme.css';

export const dateGroup = style({
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  border: `1px solid ${colors.border}`,
  borderRadius: 8,
  padding: '2px 6px',
  background: colors.white,
});
/** The picker holds its error message below it, out of the flow, so that showing it moves nothing. */
export const picker = style({ position: 'relative' });
export const dateError = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  whiteSpace: 'nowrap',
  marginTop: 2,
});
export const dateInput = style({ display: 'flex', padding: '6px 2px' });
export const segment = style({
  padding: '0 1px',
  selectors: { '&[data-placeholder]': { color: colors.muted } },
});
export const calendarCell = style({
  width: 34,
  height: 32,
  display: 'grid',
  placeItems: 'center',
  borderRadius: 6,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { background: '#dbeafe' },
    '&[data-selection-start], &[data-selection-end]': { background: colors.primary, color: colors.white },
    '&[data-disabled], &[data-outside-month]': { color: '#9ca3af', cursor: 'default' },
  },
});
