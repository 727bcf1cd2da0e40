// The protected layout: the side menu (a drawer on small screens) and the page area.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

const small = 'screen and (max-width: 899px)';

export const shell = style({ display: 'flex', minHeight: '100vh' });
export const topbar = style({
  display: 'none',
  '@media': {
    [small]: {
      display: 'flex',
      alignItems: 'center',
      gap: 12,
      position: 'fixed',
      inset: '0 0 auto 0',
      height: 56,
      padding: '0 12px',
      background: colors.navy,
      color: colors.white,
      zIndex: 20,
    },
  },
});
export const sidebar = style({
  width: 272,
  flexShrink: 0,
  background: colors.navy,
  color: colors.white,
  display: 'flex',
  flexDirection: 'column',
  padding: '16px 12px',
  gap: 8,
  position: 'sticky',
  top: 0,
  // The window's height as it is now (a phone's address bar taken away); the menu's list scrolls within
  // it and the account's buttons stay whole at its foot. The whole scrolls only where even a short list
  // does not fit.
  height: '100dvh',
  overflowY: 'auto',
  '@media': {
    [small]: {
      position: 'fixed',
      left: 0,
      top: 0,
      bottom: 0,
      height: 'auto',
      zIndex: 40,
      transform: 'translateX(-100%)',
      // Closed, the drawer is also hidden, so its links leave the Tab order (once it has slid away).
      visibility: 'hidden',
      transition: 'transform 0.2s ease, visibility 0s linear 0.2s',
    },
  },
});
export const sidebarOpen = style({
  '@media': {
    [small]: { transform: 'translateX(0)', visibility: 'visible', transition: 'transform 0.2s ease' },
  },
});
/** 'Aller au contenu': the first stop of the Tab order, shown only when it has the focus. */
export const skipLink = style({
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 100,
  padding: '8px 12px',
  borderRadius: 8,
  background: colors.white,
  color: colors.navy,
  fontWeight: 700,
  selectors: { '&:focus': { top: 8 } },
});
export const backdrop = style({
  display: 'none',
  '@media': {
    [small]: { display: 'block', position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.4)', zIndex: 30 },
  },
});
export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '4px 8px 16px',
  fontWeight: 700,
});
export const menuList = style({
  listStyle: 'none',
  // Room for the entries' focus ring (3 px, 2 px away: theme.css.ts) inside the list, which clips what
  // overflows it.
  margin: -6,
  padding: 6,
  display: 'grid',
  alignContent: 'start',
  gap: 2,
  flex: '0 1 auto',
  minHeight: 120,
  overflowY: 'auto',
});
export const subList = style({
  listStyle: 'none',
  margin: '2px 0 6px',
  padding: '0 0 0 14px',
  display: 'grid',
  gap: 2,
});
export const menuItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  width: '100%',
  padding: '9px 10px',
  borderRadius: 6,
  color: colors.white,
  textDecoration: 'none',
  background: 'transparent',
  border: 0,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: colors.navyLight },
    '&[aria-current="page"]': { background: colors.primary },
  },
});
export const count = style({ fontSize: 13, opacity: 0.9 });
export const menuFooter = style({
  marginTop: 'auto',
  display: 'grid',
  gap: 8,
  paddingTop: 12,
  flexShrink: 0,
});
export const main = style({
  flex: 1,
  minWidth: 0,
  padding: 24,
  '@media': { [small]: { paddingTop: 72, paddingLeft: 12, paddingRight: 12 } },
});
