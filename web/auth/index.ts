// Public face of web/auth: the signed-out screens, the forced change, and the user's own password change.
// Only the sign-in screen comes with the shell; the others, and the password change dialog (react-aria's
// dialog), are loaded on demand, each in its own chunk, so that /login downloads no more than it shows
// (docs/decisions/022).
// The session itself (useSession, SessionProvider) is shared by the whole app: web/lib/session.tsx.
import { lazy } from 'react';

export { LoginScreen } from './login-screen';

const forgetPassword = () => import('./forget-password-screen');
const confirmForgetPassword = () => import('./confirm-forget-password-screen');
const forcePasswordChange = () => import('./force-password-change-screen');
const changePassword = () => import('./change-password-dialog');

export const ForgetPasswordScreen = lazy(() =>
  forgetPassword().then((m) => ({ default: m.ForgetPasswordScreen })),
);
export const ConfirmForgetPasswordScreen = lazy(() =>
  confirmForgetPassword().then((m) => ({ default: m.ConfirmForgetPasswordScreen })),
);
export const ForcePasswordChangeScreen = lazy(() =>
  forcePasswordChange().then((m) => ({ default: m.ForcePasswordChangeScreen })),
);
export const ChangePasswordDialog = lazy(() =>
  changePassword().then((m) => ({ default: m.ChangePasswordDialog })),
);

/** Loads every screen above now (the web tests do, so that none waits for its first import). */
export const loadAuthScreens = () =>
  Promise.all([forgetPassword(), confirmForgetPassword(), forcePasswordChange(), changePassword()]);
