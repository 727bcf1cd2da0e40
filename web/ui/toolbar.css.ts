// The row of filters above a list (search box, pickers, buttons).
import { style } from '@vanilla-extract/css';

export const toolbar = style({
  display: 'flex',
  gap: 12,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  margin: '0 0 16px',
});
