// Badge colours, dark enough text for contrast on each background.
import { style, styleVariants } from '@vanilla-extract/css';

const base = style({
  display: 'inline-block',
  padding: '2px 10px',
  borderRadius: 999,
  fontSize: 13,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
export const badge = styleVariants({
  blue: [base, { background: '#dbeafe', color: '#1e3a8a' }],
  purple: [base, { background: '#ede9fe', color: '#5b21b6' }],
  orange: [base, { background: '#ffedd5', color: '#9a3412' }],
  grey: [base, { background: '#e5e7eb', color: '#374151' }],
  green: [base, { background: '#dcfce7', color: '#166534' }],
  brown: [base, { background: '#f3e8dc', color: '#7c4a1e' }],
  red: [base, { background: '#fee2e2', color: '#991b1b' }],
  lightblue: [base, { background: '#e0f2fe', color: '#075985' }],
  neutral: [base, { background: '#f3f4f6', color: '#374151' }],
});
