// The outlined buttons of the dark side menu (menu toggle, sync, account, password, logout).
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
  // 'Mon compte' is a link in this look.
  textDecoration: 'none',
  selectors: {
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    '&[aria-current="page"]': { background: 'rgba(255,255,255,0.14)' },
  },
});
