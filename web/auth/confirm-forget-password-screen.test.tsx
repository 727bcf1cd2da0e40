// @vitest-environment happy-dom
// The forgotten-password confirmation as a user sees it: the resend countdown and its disabled button,
// the toasts of resend and reset, the contract's field messages, and the way back without an e-mail.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { currentPath, fakeApi, fakeSession, renderApp } from '../testing/app';

// React schedules its work with setImmediate: only the clocks the countdown and the toasts use are faked.
// Testing Library flushes with a setTimeout(0) that it advances only for Jest's clock: lend it ours.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const EMAIL = 'claire.martin@example.fr';
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const resendButton = () => screen.getByRole('button', { name: /^Renvoyer le code/ });

async function openConfirm(api: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi(api);
  renderApp(`/confirm-forget-password?email=${encodeURIComponent(EMAIL)}`, fakeSession());
  await tick(0);
  await tick(0);
  const user = userEvent.setup({ delay: null });
  return { ...fake, user };
}

describe('Confirm forgotten password', () => {
  it('counts down 60 seconds on the disabled resend button, then lets the user resend', async () => {
    const { calls, user } = await openConfirm({
      'PUT /auth/resend-reset-password-otp': () => ({ body: { data: { message: MESSAGES.resendSuccess } } }),
    });
    expect(screen.getByLabelText('Code de vérification').getAttribute('inputmode')).toBe('numeric');
    expect(resendButton().textContent).toBe('Renvoyer le code (60 s)');
    expect(resendButton().hasAttribute('disabled')).toBe(true);
    await tick(1000);
    expect(resendButton().textContent).toBe('Renvoyer le code (59 s)');
    await tick(17_000);
    expect(resendButton().textContent).toBe('Renvoyer le code (42 s)');
    await tick(42_000);
    expect(resendButton().textContent).toBe('Renvoyer le code');
    expect(resendButton().hasAttribute('disabled')).toBe(false);

    await user.click(resendButton());
    await tick(0);
    expect(calls).toContainEqual({
      method: 'PUT',
      path: '/auth/resend-reset-password-otp',
      body: { email: EMAIL },
    });
    expect(screen.getByText(MESSAGES.resendSuccess)).toBeTruthy();
    expect(resendButton().textContent).toBe('Renvoyer le code (60 s)');
    expect(resendButton().hasAttribute('disabled')).toBe(true);
  });

  it('keeps the resend button disabled while the call is pending', async () => {
    const { user } = await openConfirm();
    let release: () => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = () =>
              resolve(new Response('{"data":{}}', { headers: { 'content-type': 'application/json' } }));
          }),
      ),
    );
    await tick(60_000);
    await user.click(resendButton());
    await tick(0);
    expect(resendButton().textContent).toBe('Renvoyer le code');
    expect(resendButton().hasAttribute('disabled')).toBe(true);
    release();
    await tick(0);
    expect(resendButton().textContent).toBe('Renvoyer le code (60 s)');
  });

  it("shows a resend error as an error toast with the server's message", async () => {
    const { user } = await openConfirm({
      'PUT /auth/resend-reset-password-otp': () => ({
        status: 429,
        body: { message: MESSAGES.otpResendTooSoon },
      }),
    });
    await tick(60_000);
    await user.click(resendButton());
    await tick(0);
    expect(screen.getByText(MESSAGES.otpResendTooSoon)).toBeTruthy();
    expect(resendButton().hasAttribute('disabled')).toBe(false);
  });

  it('checks the code, the password policy and the confirmation before calling the server', async () => {
    const { calls, user } = await openConfirm();
    const code = screen.getByLabelText('Code de vérification') as HTMLInputElement;
    await user.type(code, '12a3');
    expect(code.value).toBe('123');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'motdepasse');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'autre');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(screen.getByText(MESSAGES.otpInvalid)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordUpper)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordMismatch)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/auth/reset-password')).toEqual([]);
  });

  it('resets the password on Enter, then goes to the login with a success toast', async () => {
    const { calls, user } = await openConfirm({
      'PUT /auth/reset-password': () => ({ body: { data: { message: MESSAGES.passwordChanged } } }),
    });
    await user.type(screen.getByLabelText('Code de vérification'), '123456');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-2026');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2026{Enter}');
    await tick(0);
    await tick(0);
    expect(calls).toContainEqual({
      method: 'PUT',
      path: '/auth/reset-password',
      body: { email: EMAIL, otp: '123456', password: 'Nouveau-2026' },
    });
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Connexion' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordChanged)).toBeTruthy();
  });

  it('shows a reset error as an error toast and stays on the screen', async () => {
    const { user } = await openConfirm({
      'PUT /auth/reset-password': () => ({ status: 400, body: { message: MESSAGES.otpWrong } }),
    });
    await user.type(screen.getByLabelText('Code de vérification'), '000000');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-2026');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2026');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    await tick(0);
    expect(screen.getByText(MESSAGES.otpWrong)).toBeTruthy();
    expect(currentPath()).toBe('/confirm-forget-password');
  });

  it('links back to the request screen with the e-mail to change it', async () => {
    await openConfirm();
    const link = screen.getByRole('link', { name: "Modifier l'adresse électronique" });
    expect(link.getAttribute('href')).toBe(`/forget-password?email=${encodeURIComponent(EMAIL)}`);
  });

  it('goes back one page when no e-mail was carried over', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    renderApp('/confirm-forget-password', fakeSession());
    await tick(0);
    await tick(0);
    expect(back).toHaveBeenCalledOnce();
  });

  it('opens the request screen when there is no page to go back to', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    renderApp('/confirm-forget-password', fakeSession());
    await tick(0);
    await tick(0);
    expect(currentPath()).toBe('/forget-password');
    expect(screen.getByRole('button', { name: "Demande d'oubli de mot de passe" })).toBeTruthy();
  });
});
