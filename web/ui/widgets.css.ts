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
export const dateGroup = style({
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  border: `1px solid ${colors.border}`,
  borderRadius: 8,
  padding: '2px 6px',
  background: colors.white,
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
export const quickFilters = style({ display: 'flex', gap: 6 });
export const chip = style({
  font: 'inherit',
  padding: '6px 12px',
  borderRadius: 999,
  border: `1px solid ${colors.border}`,
  background: colors.white,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: colors.navy, color: colors.white, borderColor: colors.navy },
  },
});
export const card = style({
  background: colors.white,
  border: `1px solid ${colors.border}`,
  borderRadius: 10,
  marginBottom: 12,
});
export const cardTrigger = style({
  width: '100%',
  textAlign: 'left',
  font: 'inherit',
  fontWeight: 700,
  fontSize: 16,
  padding: 16,
  background: 'transparent',
  border: 0,
  cursor: 'pointer',
  color: colors.navy,
});
export const cardBody = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: 16,
  padding: '0 16px 16px',
});
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '4px 12px',
  margin: 0,
});
export const sectionTitle = style({ fontSize: 14, margin: '0 0 6px', color: colors.navy });
export const skeleton = style({ height: 120, borderRadius: 10, background: '#e5e9f0', marginBottom: 12 });
const narrow = 'screen and (max-width: 899px)';
export const wideOnly = style({ '@media': { [narrow]: { display: 'none' } } });
export const narrowOnly = style({ display: 'none', '@media': { [narrow]: { display: 'block' } } });
export const sideOverlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(11, 37, 69, 0.45)',
  zIndex: 50,
});
export const sidePanel = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: 'min(360px, 90vw)',
  background: colors.white,
  overflowY: 'auto',
  boxShadow: '-10px 0 30px rgba(0,0,0,0.2)',
});
