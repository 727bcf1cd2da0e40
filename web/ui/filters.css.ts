// The row of a screen's filters (period, pickers, the export): fields side by side, wrapping, their foot
// aligned; one above the other, full width, on a narrow screen. The dashboard uses it as it is, the
// statistics as the base of their collapsible panel.
import { style } from '@vanilla-extract/css';
import { narrowScreen } from './theme.css';

export const filters = style({
  display: 'flex',
  gap: 12,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  margin: '0 0 16px',
  '@media': { [narrowScreen]: { flexDirection: 'column', alignItems: 'stretch' } },
});
// A button in the row (the export) stays one line, its label whole, where the fields leave it little room.
export const filtersButton = style({ whiteSpace: 'nowrap', flexShrink: 0 });
