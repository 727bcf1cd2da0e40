// @vitest-environment happy-dom
// The sign-in screen as a user sees it: field messages of the contract, the server's message under the
// form, submission on Enter, the button disabled during the call, and the way in once signed in.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { ApiError } from '../lib/api';
import { COUNTS, currentPath, enabledAgain, fakeApi, formAlert, openScreen, userOf } from '../testing/app';

const openLogin = (calls: Parameters<typeof openScreen>[2] = {}) => openScreen('/login', 'Connexion', calls);

describe('Login', () => {
  it('shows the labelled fields, the button and the link to the forgotten password', async () => {
    await openLogin();
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Mot de passe oublié ?' });
    expect(link.getAttribute('href')).toBe('/forget-password');
  });

  it('shows the validation message under each empty field and sends nothing', async () => {
    const login = vi.fn(() => new Promise<never>(() => {}));
    const { user } = await openLogin({ login });
    await user.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(await screen.findByText(MESSAGES.emailEmpty)).toBeTruthy();
    expect(screen.getByText(MESSAGES.loginPasswordRequired)).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();
  });

  it('refuses an invalid e-mail in the contract words and clears the message when typing', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('E-mail'), 'claire@hopital');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.loginPasswordRequired)).toBeNull();
    await user.type(screen.getByLabelText('E-mail'), '.fr');
    expect(screen.queryByText(MESSAGES.emailInvalid)).toBeNull();
  });

  it('submits on Enter with the e-mail lower-cased and disables the button during the call', async () => {
    let answer: (me: Me) => void = () => {};
    type Me = ReturnType<typeof userOf>;
    const login = vi.fn(() => new Promise<Me>((resolve) => (answer = resolve)));
    fakeApi(COUNTS);
    const { user } = await openLogin({ login });
    await user.type(screen.getByLabelText('E-mail'), ' Claire.Martin@Example.fr ');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret-123{Enter}');
    expect(login).toHaveBeenCalledWith({ email: 'claire.martin@example.fr', password: 'Secret-123' });
    expect(screen.getByRole('button', { name: 'Connexion' }).hasAttribute('disabled')).toBe(true);
    answer(userOf('OPERATION'));
    expect(
      await screen.findByRole('heading', { name: 'LISTE DES MISSIONS' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(currentPath()).toBe('/requested-missions');
  });

  it("shows the server's message in red under the form", async () => {
    const login = () => Promise.reject(new ApiError(401, MESSAGES.badCredentials));
    const { user } = await openLogin({ login });
    await user.type(screen.getByLabelText('E-mail'), 'claire.martin@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'wrong{Enter}');
    expect((await formAlert('Connexion')).textContent).toBe(MESSAGES.badCredentials);
    await enabledAgain('Connexion');
  });

  it('shows the generic message when the server could not be reached', async () => {
    const login = () => Promise.reject(new TypeError('Failed to fetch'));
    const { user } = await openLogin({ login });
    await user.type(screen.getByLabelText('E-mail'), 'claire.martin@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'whatever{Enter}');
    expect((await formAlert('Connexion')).textContent).toBe(MESSAGES.generic);
  });

  it('sends a first sign-in to the forced password change', async () => {
    const login = () => Promise.resolve(userOf('ADMIN', { forceChangePassword: true }));
    const { user } = await openLogin({ login });
    await user.type(screen.getByLabelText('E-mail'), 'claire.martin@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Temp-1234{Enter}');
    expect(
      await screen.findByText('Pour votre première connexion, veuillez saisir un nouveau mot de passe.'),
    ).toBeTruthy();
    expect(currentPath()).toBe('/force-password-change');
  });
});
