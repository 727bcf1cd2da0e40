// The invoice export screen: the red error messages, the export dialog's checkbox row.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

export const errorText = style({ color: colors.danger, fontWeight: 600 });
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: 8, fontSize: 15 });
export const checkbox = style({ width: 18, height: 18, margin: 0 });
