// The look of the back-office: a sober navy sidebar, readable forms and tables, visible focus.
import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';

export const colors = {
  navy: '#0b2545',
  navyLight: '#13315c',
  text: '#1b2430',
  muted: '#4a5868',
  border: '#c9d2dc',
  background: '#f4f6f9',
  white: '#ffffff',
  primary: '#1d4ed8',
  primaryDark: '#1e40af',
  danger: '#b42318',
  success: '#067647',
  focus: '#f59e0b',
};

/** A white box in a thin border: cards, panels, popovers (each adds its own radius and spacing). */
export const framed = { background: colors.white, border: `1px solid ${colors.border}` } as const;

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontSize: 15,
  color: colors.text,
  background: colors.background,
});
globalStyle(':focus-visible', { outline: `3px solid ${colors.focus}`, outlineOffset: 2 });
// A heading takes the focus by script (a page on every route change, a dialog without fields when it
// opens), so that a screen reader starts there; it is not a control, and draws no ring, even when
// Chromium counts a script focus after a key press as keyboard focus.
globalStyle(':is(h1, h2, h3, h4, h5, h6)[tabindex="-1"]:focus', { outline: 'none' });
globalStyle('a', { color: colors.primary });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

// Public screens
export const publicPage = style({ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 });
export const card = style({
  width: '100%',
  maxWidth: 420,
  background: colors.white,
  borderRadius: 12,
  padding: 32,
  boxShadow: '0 10px 30px rgba(11, 37, 69, 0.12)',
});
export const brand = style({ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 24 });
export const brandLogo = style({ width: 48, height: 48 });
export const title = style({ fontSize: 22, margin: '0 0 8px', color: colors.navy });
export const subtitle = style({ margin: '0 0 20px', color: colors.muted });
export const form = style({ display: 'grid', gap: 16 });
export const links = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: 8,
  flexWrap: 'wrap',
  fontSize: 14,
});

// Fields
export const field = style({ display: 'grid', gap: 6 });
export const label = style({ fontWeight: 600, fontSize: 14 });
export const input = style({
  font: 'inherit',
  padding: '10px 12px',
  border: `1px solid ${colors.border}`,
  borderRadius: 8,
  background: colors.white,
  color: colors.text,
  selectors: { '&[aria-invalid="true"]': { borderColor: colors.danger } },
});
export const fieldError = style({ color: colors.danger, fontSize: 13 });
export const formError = style({ color: colors.danger, fontSize: 14, margin: 0, fontWeight: 600 });

// Definition lists (<dl>): each term beside its value; a list sets its own columns.
export const definitionList = style({ display: 'grid', gap: '6px 16px', margin: 0 });
export const definitionTerm = style({ fontWeight: 600, color: colors.navy });

// Buttons
const buttonBase = style({
  font: 'inherit',
  fontWeight: 600,
  border: '1px solid transparent',
  borderRadius: 8,
  padding: '10px 16px',
  cursor: 'pointer',
  selectors: { '&:disabled, &[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' } },
});
export const button = styleVariants({
  primary: [buttonBase, { background: colors.primary, color: colors.white }],
  secondary: [buttonBase, { background: colors.white, color: colors.navy, borderColor: colors.border }],
  danger: [buttonBase, { background: colors.danger, color: colors.white }],
  ghost: [buttonBase, { background: 'transparent', color: 'inherit', padding: '8px 10px' }],
});

/** A button with an icon before its text. */
export const withIcon = style({ display: 'inline-flex', alignItems: 'center', gap: 6 });

// Splash
const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });
export const splash = style({ minHeight: '100vh', display: 'grid', placeItems: 'center' });
export const splashLogo = style({ width: 96, height: 96, animation: `${pulse} 1.4s ease-in-out infinite` });

// Toasts (top centre)
export const toastRegion = style({
  position: 'fixed',
  top: 16,
  left: '50%',
  transform: 'translateX(-50%)',
  display: 'grid',
  gap: 8,
  zIndex: 1000,
  outline: 'none',
});
const toastBase = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  minWidth: 280,
  maxWidth: '90vw',
  padding: '12px 16px',
  borderRadius: 8,
  color: colors.white,
  boxShadow: '0 8px 24px rgba(0,0,0,0.18)',
});
export const toast = styleVariants({
  success: [toastBase, { background: colors.success }],
  error: [toastBase, { background: colors.danger }],
});
export const toastLink = style({
  color: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  marginLeft: 8,
});
export const toastClose = style({
  background: 'transparent',
  border: 0,
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  fontSize: 18,
});

/** Below this width the layout has its header bar (56 px) and the menu in a drawer (web/layout). */
export const narrowScreen = 'screen and (max-width: 899px)';
