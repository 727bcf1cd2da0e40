// The table of a list screen.
import { style } from '@vanilla-extract/css';
import { colors } from './theme.css';

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  background: colors.white,
  fontSize: 14,
});
export const th = style({
  textAlign: 'left',
  padding: '10px 12px',
  borderBottom: `2px solid ${colors.border}`,
  whiteSpace: 'nowrap',
  color: colors.navy,
});
export const td = style({
  padding: '10px 12px',
  borderBottom: `1px solid ${colors.border}`,
  verticalAlign: 'top',
});
export const tableWrap = style({ overflowX: 'auto', borderRadius: 8, border: `1px solid ${colors.border}` });
