// The status line of a list (loading, empty, error).
import { style } from '@vanilla-extract/css';
import { colors } from './theme.css';

export const status = style({ padding: 24, textAlign: 'center', color: colors.muted });
