// The mission list's filters: quick date chips, and the side panel that holds them on small screens.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

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
