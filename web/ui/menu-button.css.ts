// The outlined buttons of the dark side menu (menu toggle, sync, password, logout).
import { style } from '@vanilla-extract/css';
import { colors } from './theme.css';

export const menuButton = style({
  font: 'inherit',
  padding: '9px 10px',
  borderRadius: 6,
  border: `1px solid rgba(255,255,255,0.35)`,
  background: 'transparent',
  color: colors.white,
  cursor: 'pointer',
  textAlign: 'left',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
});
