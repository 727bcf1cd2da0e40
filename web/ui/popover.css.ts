// The floating lists of the pickers: popover, list box and its options.
import { style } from '@vanilla-extract/css';
import { framed } from './theme.css';

export const popover = style({
  ...framed,
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
