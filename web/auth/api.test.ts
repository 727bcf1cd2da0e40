// @vitest-environment happy-dom
// The password calls: each one's method, path and body, and the server's text where it gives one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { fakeApi } from '../testing/fake-api';
import { changePassword, requestPasswordReset, resendResetCode, resetPassword } from './api';

const email = 'anne.martin@example.fr';

afterEach(() => vi.restoreAllMocks());

describe('auth client', () => {
  it("requests a reset code and gives back the server's text, or none when it gave none", async () => {
    let answered = true;
    const { calls } = fakeApi({
      'POST /auth/request-forget-password': () => ({
        body: answered ? { data: { message: MESSAGES.resetRequested } } : {},
      }),
    });
    expect(await requestPasswordReset({ email })).toBe(MESSAGES.resetRequested);
    answered = false;
    expect(await requestPasswordReset({ email })).toBeUndefined();
    expect(calls[0]).toEqual({ method: 'POST', path: '/auth/request-forget-password', body: { email } });
  });

  it('resends the code and resets the password with PUT', async () => {
    const { calls } = fakeApi({
      'PUT /auth/resend-reset-password-otp': () => ({ body: { data: {} } }),
      'PUT /auth/reset-password': () => ({ body: { data: { message: MESSAGES.passwordChanged } } }),
    });
    expect(await resendResetCode({ email })).toBeUndefined();
    const reset = { email, otp: '123456', password: 'Nouveau#2026' };
    expect(await resetPassword(reset)).toBe(MESSAGES.passwordChanged);
    expect(calls).toEqual([
      { method: 'PUT', path: '/auth/resend-reset-password-otp', body: { email } },
      { method: 'PUT', path: '/auth/reset-password', body: reset },
    ]);
  });

  it("changes the signed-in user's password with PUT", async () => {
    const { calls } = fakeApi({ 'PUT /auth/change-password': () => ({ body: { data: {} } }) });
    const body = {
      currentPassword: 'Ancien#2025',
      newPassword: 'Nouveau#2026',
      confirmation: 'Nouveau#2026',
    };
    expect(await changePassword(body)).toBeUndefined();
    expect(calls).toEqual([{ method: 'PUT', path: '/auth/change-password', body }]);
  });

  it("throws the server's message", async () => {
    fakeApi({ 'PUT /auth/reset-password': () => ({ status: 400, body: { message: MESSAGES.otpInvalid } }) });
    await expect(resetPassword({ email, otp: '000000', password: 'Nouveau#2026' })).rejects.toThrow(
      MESSAGES.otpInvalid,
    );
  });
});
