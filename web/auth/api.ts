// The password calls of the auth screens: paths from contract/auth.ts (AUTH_PATHS), bodies typed by the
// contract's schemas. The signed-out ones go without the renew-and-retry (rawCall); sign-in, refresh,
// sign-out and `GET /user/me` belong to the session (web/lib/session-actor.ts).
import type { Infer } from 'superstruct';
import {
  AUTH_PATHS,
  type AuthNotice,
  type ChangePasswordBody,
  type EmailBody,
  type ResetPasswordBody,
} from '../../contract/auth';
import type { DataResponse } from '../../contract/http';
import { apiCall, rawCall } from '../lib/api';

/** PUT /auth/change-password: the signed-in user's own change. */
export async function changePassword(body: Infer<typeof ChangePasswordBody>): Promise<void> {
  await apiCall<unknown>(AUTH_PATHS.changePassword, { method: 'PUT', body });
}

/** A signed-out call answered with a text to show: that text, if the server gave one. */
async function noticeOf(path: string, method: 'POST' | 'PUT', body: unknown): Promise<string | undefined> {
  return (await rawCall<Partial<DataResponse<AuthNotice>>>(path, { method, body })).data?.message;
}

/** POST /auth/request-forget-password: sends a reset code; the server's text, if it gave one. */
export const requestPasswordReset = (body: Infer<typeof EmailBody>) =>
  noticeOf(AUTH_PATHS.requestForgetPassword, 'POST', body);

/** PUT /auth/resend-reset-password-otp: sends the reset code again. */
export async function resendResetCode(body: Infer<typeof EmailBody>): Promise<void> {
  await rawCall<unknown>(AUTH_PATHS.resendResetPasswordOtp, { method: 'PUT', body });
}

/** PUT /auth/reset-password: the new password with the code; the server's text, if it gave one. */
export const resetPassword = (body: Infer<typeof ResetPasswordBody>) =>
  noticeOf(AUTH_PATHS.resetPassword, 'PUT', body);
