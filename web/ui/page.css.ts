// The title of a protected page.
import { style } from '@vanilla-extract/css';
import { colors } from './theme.css';

export const pageTitle = style({ margin: '0 0 16px', fontSize: 22, color: colors.navy, letterSpacing: 0.3 });
