// Styles of the shared widgets: popovers, list boxes, the combobox, dialogs and tables.
import { style } from '@vanilla-extract/css';
import { colors } from './theme.css';

export const popover = style({
  background: colors.white,
  border: `1px solid ${colors.border}`,
  borderRadius: 8,
  boxShadow: '0 8px 24px rgba(0,0,0,0.12)',
  maxHeight: 280,
  overflowY: 'auto',
  zIndex: 60,
});
export const listBox = style({ listStyle: 'none', margin: 0, padding: 4 });
export const option = style({
  padding: '8px 10px',
  borderRadius: 6,
  cursor: 'pointer',
  selectors: {
    '&[data-focused]': { background: '#e8eefc' },
    '&[data-selected]': { fontWeight: 700 },
  },
});
export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(11, 37, 69, 0.45)',
  display: 'grid',
  placeItems: 'center',
  zIndex: 50,
  padding: 16,
});
export const modal = style({
  background: colors.white,
  borderRadius: 12,
  width: '100%',
  maxWidth: 560,
  maxHeight: '90vh',
  overflowY: 'auto',
  boxShadow: '0 20px 50px rgba(0,0,0,0.25)',
});
export const dialog = style({ padding: 24, outline: 'none', display: 'grid', gap: 16 });
export const dialogTitle = style({ margin: 0, fontSize: 18, color: colors.navy });
export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: 8 });
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
export const toolbar = style({
  display: 'flex',
  gap: 12,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  margin: '0 0 16px',
});
export const pager = style({
  display: 'flex',
  gap: 4,
  alignItems: 'center',
  justifyContent: 'center',
  margin: '16px 0',
  flexWrap: 'wrap',
});
export const pageButton = style({
  minWidth: 36,
  padding: '6px 10px',
  border: `1px solid ${colors.border}`,
  borderRadius: 6,
  background: colors.white,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-current="page"]': {
      background: colors.primary,
      color: colors.white,
      borderColor: colors.primary,
    },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
export const status = style({ padding: 24, textAlign: 'center', color: colors.muted });
