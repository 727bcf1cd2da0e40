// The activity tables: a mission link with its day under it.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

export const day = style({ display: 'block', color: colors.muted, fontSize: 13, whiteSpace: 'nowrap' });
