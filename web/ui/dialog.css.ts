// The modal dialog: backdrop, frame, title and action row.
import { style } from '@vanilla-extract/css';
import { colors } from './theme.css';

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
export const wide = style({ maxWidth: 760 });
export const tableWide = style({ maxWidth: 1100 });
export const dialog = style({ padding: 24, outline: 'none', display: 'grid', gap: 16 });
export const dialogTitle = style({ margin: 0, fontSize: 18, color: colors.navy });
export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 8 });

// The side panel: on the right edge, the screen's full height, scrolling inside.
export const sideOverlay = style({ placeItems: 'stretch end', padding: 0 });
export const sidePanel = style({
  background: colors.white,
  width: 'min(480px, 100vw)',
  height: '100%',
  overflowY: 'auto',
  boxShadow: '-12px 0 40px rgba(0,0,0,0.25)',
});
export const sideHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
});
