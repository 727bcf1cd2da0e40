// @vitest-environment happy-dom
// The forgotten-password request as a user sees it: the e-mail check, the server's success message in a
// toast and the move to the confirmation carrying the e-mail, the server's error under the form.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { currentPath, enabledAgain, fakeApi, fakeSession, formAlert, renderApp } from '../testing/app';

const SUBMIT = "Demande d'oubli de mot de passe";

async function openRequest(api: Parameters<typeof fakeApi>[0] = {}, path = '/forget-password') {
  const fake = fakeApi(api);
  renderApp(path, fakeSession());
  await screen.findByRole('button', { name: SUBMIT });
  return { ...fake, user: userEvent.setup() };
}

describe('Forgotten-password request', () => {
  it('has the e-mail field, the button and the link back to the login', async () => {
    await openRequest();
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' }).getAttribute('href')).toBe('/login');
  });

  it('checks the e-mail before calling the server', async () => {
    const { calls, user } = await openRequest();
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText(MESSAGES.emailEmpty)).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail'), 'pas-un-courriel{Enter}');
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("toasts the server's message and opens the confirmation carrying the e-mail", async () => {
    const { calls, user } = await openRequest({
      'POST /auth/request-forget-password': () => ({
        body: { data: { message: 'Un code vous a été envoyé' } },
      }),
    });
    await user.type(screen.getByLabelText('E-mail'), 'Claire.Martin@example.fr{Enter}');
    expect(await screen.findByText('Un code vous a été envoyé')).toBeTruthy();
    await screen.findByLabelText('Code de vérification');
    expect(currentPath()).toBe('/confirm-forget-password');
    expect(window.location.search).toBe(`?email=${encodeURIComponent('claire.martin@example.fr')}`);
    expect(screen.getByText(/envoyé à claire\.martin@example\.fr/)).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/auth/request-forget-password',
        body: { email: 'claire.martin@example.fr' },
      },
    ]);
  });

  it("shows the server's error in red under the form and lets the user try again", async () => {
    const { user } = await openRequest({
      'POST /auth/request-forget-password': () => ({
        status: 429,
        body: { message: MESSAGES.tooManyAttempts },
      }),
    });
    await user.type(screen.getByLabelText('E-mail'), 'claire.martin@example.fr{Enter}');
    expect((await formAlert(SUBMIT)).textContent).toBe(MESSAGES.tooManyAttempts);
    await enabledAgain(SUBMIT);
    expect(currentPath()).toBe('/forget-password');
  });

  it('starts from the e-mail given back by the confirmation screen', async () => {
    await openRequest({}, `/forget-password?email=${encodeURIComponent('claire.martin@example.fr')}`);
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('claire.martin@example.fr');
  });
});
