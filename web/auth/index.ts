// Public face of web/auth: the signed-out screens, the forced change, and the user's own password change.
// The session itself (useSession, SessionProvider) is shared by the whole app: web/lib/session.tsx.
export { ChangePasswordDialog } from './change-password-dialog';
export { ConfirmForgetPasswordScreen } from './confirm-forget-password-screen';
export { ForcePasswordChangeScreen } from './force-password-change-screen';
export { ForgetPasswordScreen } from './forget-password-screen';
export { LoginScreen } from './login-screen';
