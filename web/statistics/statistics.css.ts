// The statistics screen: the filter panel (collapsible on small screens), amounts, the missing-price
// tip, the row actions and the PDF dialog's parts.
import { style } from '@vanilla-extract/css';
import { colors } from '../ui/theme.css';

const narrow = 'screen and (max-width: 899px)';

export const filtersToggle = style({ display: 'none', '@media': { [narrow]: { display: 'inline-flex' } } });
export const filters = style({
  display: 'flex',
  gap: 12,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  margin: '0 0 16px',
  '@media': {
    [narrow]: {
      display: 'none',
      flexDirection: 'column',
      alignItems: 'stretch',
      padding: 12,
      border: `1px solid ${colors.border}`,
      borderRadius: 8,
      background: colors.white,
    },
  },
  selectors: { '&[data-open="true"]': { '@media': { [narrow]: { display: 'flex' } } } },
});
export const filterField = style({ minWidth: 170 });

export const amount = style({ whiteSpace: 'nowrap' });
export const missingWrap = style({ position: 'relative', display: 'inline-block' });
export const missing = style({
  font: 'inherit',
  fontSize: 13,
  color: colors.danger,
  background: 'transparent',
  border: `1px dashed ${colors.danger}`,
  borderRadius: 6,
  padding: '2px 6px',
  cursor: 'help',
  whiteSpace: 'nowrap',
});
export const tip = style({
  display: 'none',
  position: 'absolute',
  zIndex: 5,
  top: '100%',
  left: 0,
  marginTop: 4,
  width: 240,
  padding: '6px 8px',
  borderRadius: 6,
  background: colors.navy,
  color: colors.white,
  fontSize: 13,
  whiteSpace: 'normal',
  selectors: {
    [`${missing}:hover + &, ${missing}:focus + &`]: { display: 'block' },
  },
});

export const actions = style({ display: 'flex', gap: 2 });
export const checkbox = style({ width: 18, height: 18 });

export const pdfSections = style({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
});
export const pdfSection = style({
  border: `1px solid ${colors.border}`,
  borderRadius: 8,
  padding: 12,
  margin: 0,
  display: 'grid',
  gap: 10,
  minWidth: 0,
});
export const legend = style({ fontWeight: 700, color: colors.navy, padding: '0 4px' });
export const existing = style({ margin: 0, fontSize: 14, color: colors.muted });
export const dropZone = style({
  display: 'grid',
  gap: 4,
  padding: 12,
  border: `2px dashed ${colors.border}`,
  borderRadius: 8,
  textAlign: 'center',
  cursor: 'pointer',
  selectors: { '&:focus-within': { borderColor: colors.primary } },
});
export const fileInput = style({ font: 'inherit', maxWidth: '100%' });
export const progress = style({ width: '100%' });
export const question = style({ margin: 0 });
