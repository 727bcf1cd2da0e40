// The mission details: collapsible cards of label/value pairs, and their loading skeleton.
import { style } from '@vanilla-extract/css';
import { colors, framed } from '../ui/theme.css';

export const card = style({
  ...framed,
  borderRadius: 10,
  marginBottom: 12,
});
export const cardTrigger = style({
  width: '100%',
  textAlign: 'left',
  font: 'inherit',
  fontWeight: 700,
  fontSize: 16,
  padding: 16,
  background: 'transparent',
  border: 0,
  cursor: 'pointer',
  color: colors.navy,
  display: 'flex',
  alignItems: 'center',
  gap: 8,
});
/** The chevron that says a leg card opens: pointing right when closed, down when open. */
export const chevron = style({
  display: 'inline-flex',
  flexShrink: 0,
  transition: 'transform 150ms',
  selectors: { [`${cardTrigger}[aria-expanded="true"] &`]: { transform: 'rotate(90deg)' } },
});
export const cardBody = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: 16,
  padding: '0 16px 16px',
});
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '4px 12px',
  margin: 0,
});
export const sectionTitle = style({ fontSize: 14, margin: '0 0 6px', color: colors.navy });
export const skeleton = style({ height: 120, borderRadius: 10, background: '#e5e9f0', marginBottom: 12 });
