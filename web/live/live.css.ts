// The feed's status in the layout and the banner of new rows above a list.
import { style } from '@vanilla-extract/css';
import { colors, narrowScreen } from '../ui/theme.css';

// At the top, where it covers no control: at the bottom it hid a list's pager. On a phone, under the
// header bar.
export const status = style({
  position: 'fixed',
  top: 12,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 50,
  margin: 0,
  padding: '8px 16px',
  borderRadius: 8,
  background: '#fff7e6',
  color: colors.text,
  border: '1px solid #b45309',
  fontSize: 14,
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.15)',
  maxWidth: 'calc(100vw - 32px)',
  '@media': { [narrowScreen]: { top: 64 } },
});

export const statusHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  margin: -1,
  padding: 0,
  border: 0,
});

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  flexWrap: 'wrap',
  margin: '0 0 12px',
  padding: '8px 12px',
  borderRadius: 8,
  background: '#eef3fd',
  border: `1px solid ${colors.primary}`,
  color: colors.text,
  fontSize: 14,
});
