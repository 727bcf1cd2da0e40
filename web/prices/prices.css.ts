// The price screens: the row's edit action, the column headers written on two lines.
import { style } from '@vanilla-extract/css';

export const actions = style({ display: 'flex', gap: 2 });
/** A header of two short lines (the table stays within 1280 px without cutting a column). */
export const headerLine = style({ display: 'block' });
