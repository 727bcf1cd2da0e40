// The one-day field: the segments of the date picker's input, framed like a text input, red when invalid.
import { style } from '@vanilla-extract/css';
import { dateGroup, dateInput } from './date-range-filter.css';
import { colors } from './theme.css';

export const dayInput = style([
  dateGroup,
  dateInput,
  {
    padding: '8px 10px',
    selectors: {
      '&[data-invalid]': { borderColor: colors.danger },
      '&[data-focus-within]': { borderColor: colors.primary },
    },
  },
]);
