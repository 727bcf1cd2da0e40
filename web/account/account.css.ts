// 'Mon compte': the sessions' heading and legend, and the button row under them.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

export const heading = style({ fontSize: 18, margin: '0 0 4px' });
export const legend = style({ margin: '0 0 12px', color: colors.muted, fontSize: 14, maxWidth: 760 });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: 12, margin: '0 0 12px' });
