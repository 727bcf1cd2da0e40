// The dashboard (decision 068): a grid of panels (one column on a phone), each chart with its
// tooltip, legend and data table; the series' colours come from the theme's tokens.
import { style, styleVariants } from '@vanilla-extract/css';
import type { BadgeColor } from '../../contract/badges';
import { colors, framed } from '../ui/theme.css';

/** Ten series in the theme's tones, told apart without colour by their order and the legend; 'Autres' grey. */
export const PALETTE = [
  colors.primary,
  colors.success,
  '#b54708',
  '#6941c6',
  '#0e7090',
  colors.danger,
  colors.navy,
  '#8a6d1c',
  '#c11574',
  '#5d6b98',
  colors.muted,
] as const;
/**
 * The palette's tone of each badge colour: a status has the colour of its badge on the lists, whatever
 * the other series of a chart (ANNULEE_45_MOINS stays slate when a hospital sees no 'Annulée +45’').
 */
export const BADGE_TONES: Record<BadgeColor, number> = {
  blue: 0,
  green: 1,
  orange: 2,
  purple: 3,
  lightblue: 4,
  red: 5,
  brown: 7,
  neutral: 9,
  grey: 10,
};
export const fill = styleVariants(Object.fromEntries(PALETTE.map((c, i) => [i, { fill: c }])));
export const swatch = styleVariants(Object.fromEntries(PALETTE.map((c, i) => [i, { background: c }])));

export const section = style({ margin: '0 0 24px' });
export const sectionTitle = style({ fontSize: 18, color: colors.navy, margin: '0 0 12px' });
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 520px), 1fr))',
  gap: 16,
});
export const panel = style({ ...framed, borderRadius: 8, padding: 16, minWidth: 0 });
export const panelHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: 8,
  margin: '0 0 8px',
});
export const panelTitle = style({ fontSize: 16, margin: 0, color: colors.navy });
export const panelActions = style({ display: 'flex', flexWrap: 'wrap', gap: 6 });
export const smallButton = style({ padding: '4px 10px', fontSize: 13 });

export const chart = style({ position: 'relative', width: '100%' });
export const svg = style({ display: 'block', width: '100%', height: 'auto', overflow: 'visible' });
export const axisText = style({ fontSize: 11, fill: colors.muted });
export const gridLine = style({ stroke: colors.border, strokeWidth: 1 });
export const axisLine = style({ stroke: colors.muted, strokeWidth: 1 });
export const legendText = style({ fontSize: 12, fill: colors.text });
export const bar = style({
  cursor: 'default',
  outline: 'none',
  selectors: {
    '&[role="link"]': { cursor: 'pointer' },
    '&:hover, &:focus': { stroke: colors.text, strokeWidth: 1.5 },
    '&:focus-visible': { stroke: colors.focus, strokeWidth: 3 },
  },
});
export const tooltip = style({
  position: 'absolute',
  transform: 'translate(-50%, calc(-100% - 8px))',
  background: colors.navy,
  color: colors.white,
  padding: '4px 8px',
  borderRadius: 4,
  fontSize: 13,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
  zIndex: 1,
});
export const note = style({ fontSize: 13, color: colors.muted, margin: '8px 0 0' });
export const figure = style({ fontSize: 28, fontWeight: 700, color: colors.navy, margin: '4px 0' });
export const status = style({ padding: '24px 0', color: colors.muted, textAlign: 'center' });
export const tableBox = style({ marginTop: 12 });
