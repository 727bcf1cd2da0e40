// The fleet table: the aircraft's small photo beside its registration, and the note beside a cost that leaves missions out.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

export const aircraft = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 10,
  whiteSpace: 'nowrap',
});
export const note = style({ display: 'block', color: colors.muted, fontSize: 13 });
