// The flow player's layout: the machines on the left, the chosen flow's definition and paths, then the
// player (controls, state and context beside the real screen).
import { globalStyle, style } from '@vanilla-extract/css';
import { modal } from '../ui/dialog.css';
import { colors, framed } from '../ui/theme.css';

export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(180px, 220px) minmax(280px, 380px) 1fr',
  gap: 16,
  padding: 16,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: '1fr' } },
});
// Each panel scrolls on its own: a played screen's modal dialog stops the page from scrolling.
export const panel = style({
  ...framed,
  borderRadius: 8,
  padding: 12,
  minWidth: 0,
  '@media': { 'screen and (min-width: 901px)': { maxHeight: 'calc(100vh - 32px)', overflowY: 'auto' } },
});
export const scroll = style({ maxHeight: '60vh', overflowY: 'auto' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 });
export const current = style({ fontWeight: 700, background: '#e8eefc' });
export const small = style({ fontSize: 13, color: colors.muted, overflowWrap: 'anywhere' });
export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' });
export const beside = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(220px, 320px) 1fr',
  gap: 12,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 1200px)': { gridTemplateColumns: '1fr' } },
});
export const code = style({
  fontFamily: 'ui-monospace, monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: 0,
  maxHeight: '40vh',
  overflowY: 'auto',
});
// The frame of the played screen. Its transform makes it the box of the screen's fixed layers: a modal
// dialog (portalled here by the player) and its backdrop cover the frame, not the player.
export const screen = style({
  border: `2px dashed ${colors.border}`,
  borderRadius: 8,
  minHeight: 'min(640px, 75vh)',
  overflow: 'auto',
  position: 'relative',
  transform: 'translateZ(0)',
});
globalStyle(`${screen} ${modal}`, { maxHeight: '100%' });
