// The second sign-in step's pieces: the QR code and its secret, the recovery codes, the factors' list.
import { style } from '@vanilla-extract/css';
import { colors, narrowScreen } from '../ui/theme.css';

export const qr = style({ width: 200, height: 200, display: 'block', border: `1px solid ${colors.border}` });
export const secret = style({
  fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
  fontSize: 15,
  letterSpacing: 1,
  wordBreak: 'break-word',
  margin: 0,
});
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' });
export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, max-content)',
  gap: '6px 32px',
  margin: 0,
  padding: '12px 16px 12px 40px',
  background: colors.white,
  border: `1px solid ${colors.border}`,
  fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
  fontSize: 16,
  '@media': { [narrowScreen]: { gridTemplateColumns: 'max-content' } },
});
export const note = style({ margin: 0, color: colors.muted, fontSize: 14 });
export const factors = style({
  listStyle: 'none',
  margin: '0 0 12px',
  padding: 0,
  display: 'grid',
  gap: 8,
  maxWidth: 760,
});
export const factor = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  padding: '10px 12px',
  background: colors.white,
  border: `1px solid ${colors.border}`,
});
export const factorName = style({ fontWeight: 600, color: colors.navy });
export const factorDates = style({ color: colors.muted, fontSize: 13 });
