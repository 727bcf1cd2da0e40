// The sync's progress under the Leon buttons of the dark side menu.
import { style } from '@vanilla-extract/css';

export const progress = style({
  margin: '4px 0 0',
  fontSize: 13,
  lineHeight: 1.4,
  color: 'inherit',
  selectors: { '&:empty': { display: 'none' } },
});
