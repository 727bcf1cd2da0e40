// The incident screens: the list's status filter, the follow-up cards with their label/value pairs, the
// loading placeholders (height 250, requirements §9) and the greyed validate button of a closed incident.
import { style } from '@vanilla-extract/css';
import { colors, definitionList, framed } from '../ui/theme.css';

export const statusFilter = style({ flex: '0 1 180px' });
export const card = style({
  ...framed,
  borderRadius: 10,
  padding: 16,
  marginBottom: 16,
  display: 'grid',
  gap: 12,
});
export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  flexWrap: 'wrap',
});
export const cardTitle = style({ fontSize: 17, margin: 0, color: colors.navy });
export const details = style([
  definitionList,
  {
    gridTemplateColumns: 'minmax(120px, max-content) 1fr',
    '@media': { 'screen and (max-width: 599px)': { gridTemplateColumns: '1fr' } },
  },
]);
export const value = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const files = style({ margin: 0, paddingLeft: 18 });
export const actions = style({ display: 'flex', gap: 8, flexWrap: 'wrap' });
export const greyed = style({
  selectors: { '&:disabled': { background: '#d1d5db', color: '#374151', opacity: 1 } },
});
export const skeleton = style({ height: 250, borderRadius: 10, background: '#e5e9f0', marginBottom: 16 });
export const textarea = style({ resize: 'vertical', minHeight: 96, fontFamily: 'inherit' });
export const dialogForm = style({ display: 'grid', gap: 16 });
export const backButton = style({ marginRight: 4 });
