// The fleet table: the aircraft's small photo, and the note beside a cost that leaves missions out.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

export const photo = style({ display: 'block', objectFit: 'cover', borderRadius: 4 });
export const note = style({ display: 'block', color: colors.muted, fontSize: 13 });
