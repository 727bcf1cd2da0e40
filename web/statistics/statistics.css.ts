// The statistics screen: the filter panel (collapsible on small screens), amounts, the missing-price
// tip, the row actions and the PDF dialog's parts.
import { createContainer, style } from '@vanilla-extract/css';
import { filters as filtersRow } from '../ui/filters.css';
import { colors } from '../ui/theme.css';

const narrow = 'screen and (max-width: 899px)';

export const filtersToggle = style({ display: 'none', '@media': { [narrow]: { display: 'inline-flex' } } });
// The filters' row (web/ui), made on a narrow screen a framed panel that 'Filtres' opens: hidden unless
// open (a selector of its own, so that it wins over the row's `display` whatever the order of the sheets).
export const filters = style([
  filtersRow,
  {
    '@media': {
      [narrow]: {
        padding: 12,
        border: `1px solid ${colors.border}`,
        borderRadius: 8,
        background: colors.white,
      },
    },
    selectors: { '&:not([data-open="true"])': { '@media': { [narrow]: { display: 'none' } } } },
  },
]);
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

// The two sections of the PDF dialog side by side when the dialog is wide enough for both, one under the
// other otherwise: a container query on the dialog's form, not on the window.
const pdfForm = createContainer();
export const pdfFormFrame = style({ containerName: pdfForm, containerType: 'inline-size' });
export const pdfSections = style({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@container': { [`${pdfForm} (min-width: 560px)`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const pdfSection = style({
  border: `1px solid ${colors.border}`,
  borderRadius: 8,
  padding: 12,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 10,
  minWidth: 0,
});
export const legend = style({ fontWeight: 700, color: colors.navy, padding: '0 4px' });
export const existing = style({ margin: 0, fontSize: 14, color: colors.muted, overflowWrap: 'anywhere' });
export const deleteButton = style({ alignSelf: 'flex-start', maxWidth: '100%' });
export const dropZone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 8,
  padding: 12,
  border: `2px dashed ${colors.border}`,
  borderRadius: 8,
  textAlign: 'center',
  minWidth: 0,
  selectors: {
    '&[data-drop-target]': { borderColor: colors.primary, background: '#eef4ff' },
    '&[data-focus-visible]': { borderColor: colors.primary, outline: `2px solid ${colors.primary}` },
    '&[data-disabled]': { opacity: 0.55 },
  },
});
export const dropHint = style({ fontSize: 14, color: colors.muted });
export const chooseButton = style({ maxWidth: '100%' });
export const fileName = style({ fontWeight: 600, overflowWrap: 'anywhere', maxWidth: '100%' });
export const progress = style({ width: '100%' });
export const question = style({ margin: 0, outline: 'none' });

/** The flight time of a late cancellation, with its badge, on one line. */
export const lateCancellation = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  whiteSpace: 'nowrap',
});
