// The page navigator under a list.
import { style } from '@vanilla-extract/css';
import { colors } from './theme.css';

export const pager = style({
  display: 'flex',
  gap: 4,
  alignItems: 'center',
  justifyContent: 'center',
  margin: '16px 0',
  flexWrap: 'wrap',
});
export const pageButton = style({
  minWidth: 36,
  padding: '6px 10px',
  border: `1px solid ${colors.border}`,
  borderRadius: 6,
  background: colors.white,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-current="page"]': {
      background: colors.primary,
      color: colors.white,
      borderColor: colors.primary,
    },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
