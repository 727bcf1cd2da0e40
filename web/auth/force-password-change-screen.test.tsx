// @vitest-environment happy-dom
// The forced password change at first sign-in as the user sees it: the text, the policy and mismatch
// messages, the server's message under the form, and the way in once changed.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { ApiError } from '../lib/api';
import {
  COUNTS,
  currentPath,
  enabledAgain,
  type FakeCalls,
  fakeApi,
  formAlert,
  openScreen,
  userOf,
} from '../testing/app';

const openForcedChange = (forceChangePassword: FakeCalls['forceChangePassword']) =>
  openScreen('/force-password-change', 'Confirmer', {
    fetchMe: () => Promise.resolve(userOf('ADMIN', { forceChangePassword: true })),
    forceChangePassword,
  });

describe('Forced password change', () => {
  it('says why, with the new password twice and the button', async () => {
    await openForcedChange(undefined);
    expect(
      screen.getByText('Pour votre première connexion, veuillez saisir un nouveau mot de passe.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Nouveau mot de passe')).toBeTruthy();
    expect(screen.getByLabelText('Confirmer le mot de passe')).toBeTruthy();
  });

  it.each([
    ['', MESSAGES.passwordEmpty],
    ['Court-1', MESSAGES.passwordLength],
    ['SANSMINUSCULE-1', MESSAGES.passwordLower],
    ['sansmajuscule-1', MESSAGES.passwordUpper],
    ['SansChiffre-x', MESSAGES.passwordDigit],
    ['SansSpecial12', MESSAGES.passwordSpecial],
  ])('refuses %j with the policy message', async (password, message) => {
    const change = vi.fn(() => new Promise<never>(() => {}));
    const { user } = await openForcedChange(change);
    if (password) await user.type(screen.getByLabelText('Nouveau mot de passe'), password);
    if (password) await user.type(screen.getByLabelText('Confirmer le mot de passe'), password);
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(change).not.toHaveBeenCalled();
  });

  it('reports a different confirmation on the confirmation field', async () => {
    const { user } = await openForcedChange(undefined);
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-2026');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2027{Enter}');
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeTruthy();
    expect(screen.getByLabelText('Confirmer le mot de passe').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Nouveau mot de passe').getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's message in red under the form", async () => {
    const { user } = await openForcedChange(() => Promise.reject(new ApiError(400, MESSAGES.samePassword)));
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-2026');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2026{Enter}');
    expect((await formAlert('Confirmer')).textContent).toBe(MESSAGES.samePassword);
    await enabledAgain('Confirmer');
  });

  it('lets the user in once the password is changed', async () => {
    fakeApi(COUNTS);
    const change = vi.fn(() => Promise.resolve(userOf('ADMIN')));
    const { user } = await openForcedChange(change);
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-2026');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2026{Enter}');
    expect(change).toHaveBeenCalledWith({ newPassword: 'Nouveau-2026' });
    expect(
      await screen.findByRole('heading', { name: 'LISTE DES MISSIONS' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(currentPath()).toBe('/requested-missions');
  });
});
