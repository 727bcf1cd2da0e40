// @vitest-environment happy-dom
// The second sign-in step as a user sees it (decision 070): after the password, the code screen (the
// contract's message before any call, the server's after a wrong code, the app once accepted); the
// enrolment a role requires (an authenticator application: QR code, secret, first code, then the ten
// recovery codes shown once); 'Mon compte' (the factors, 'Retirer' after a confirmation, the recovery codes
// regenerated); an ADMIN's reset of a user's factors after a confirmation naming the user.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '../../contract/auth';
import { FACTOR_MESSAGES, type FactorRow } from '../../contract/factors';
import { ApiError } from '../lib/api';
import { changes } from '../live';
import { COUNTS, fakeApi, fakeSession, renderApp, userOf } from '../testing/app';

const CODES = [
  'ABCDE23456',
  'FGHJK78923',
  'MNPQR45678',
  'STUVW23456',
  'XYZAB78923',
  'CDEFG45678',
  'HJKMN23456',
  'PQRST78923',
  'UVWXY45678',
  'Z2345ABCDE',
];
const FACTOR: FactorRow = {
  id: '00000000-0000-4000-8000-00000000f001',
  kind: 'totp',
  name: 'iPhone de Claire',
  createdAt: '2026-11-30T07:15:00.000Z',
  lastUsedAt: '2026-12-01T21:40:00.000Z',
};

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('E-mail'), 'admin@demo.test');
  await user.type(screen.getByLabelText('Mot de passe', { exact: true }), 'Demo-2026!');
  await user.click(screen.getByRole('button', { name: 'Connexion' }));
}

describe('second sign-in step', () => {
  it('asks for the code after the password, says what is wrong, and opens the app once accepted', async () => {
    fakeApi({ ...COUNTS, 'GET /leon/missions': () => ({ body: { data: { rows: [], pageCount: 0 } } }) });
    const verify = vi
      .fn<(input: { code: string }) => Promise<Me>>()
      .mockRejectedValueOnce(new ApiError(400, FACTOR_MESSAGES.codeWrong))
      .mockResolvedValueOnce(userOf('ADMIN'));
    renderApp(
      '/login',
      fakeSession({
        login: () => Promise.resolve(userOf('ADMIN', { secondFactor: 'verify' })),
        verifySecondFactor: verify,
      }),
    );
    const user = userEvent.setup();
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Vérification en deux étapes' })).toBeTruthy();
    const field = screen.getByLabelText('Code à 6 chiffres ou code de secours');
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText(FACTOR_MESSAGES.secondFactorCodeInvalid)).toBeTruthy();
    expect(verify).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FACTOR_MESSAGES.codeWrong);
    expect(verify).toHaveBeenLastCalledWith({ code: '123456' });
    await user.clear(field);
    await user.type(field, 'abcde-23456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(verify).toHaveBeenLastCalledWith({ code: 'ABCDE23456' });
    await screen.findByRole('navigation', { name: 'Menu principal' });
  });

  it('leads a user whose role requires it through the enrolment, then shows the recovery codes once', async () => {
    const api = fakeApi({
      ...COUNTS,
      'POST /account/factors/totp': () => ({
        body: {
          data: {
            id: FACTOR.id,
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            uri: 'otpauth://totp/x',
            qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          },
        },
      }),
      [`POST /account/factors/${FACTOR.id}/confirm`]: ({ body }) =>
        (body as { code: string }).code === '654321'
          ? { body: { data: { factor: FACTOR, recoveryCodes: CODES } } }
          : { status: 400, body: { message: FACTOR_MESSAGES.codeWrong } },
      'GET /user/me': () => ({ body: { data: userOf('ADMIN') } }),
    });
    renderApp(
      '/login',
      fakeSession({ login: () => Promise.resolve(userOf('ADMIN', { secondFactor: 'enrol' })) }),
    );
    const user = userEvent.setup();
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Protégez votre compte' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Utiliser une application d’authentification' }));
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Application d’authentification');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(
      await screen.findByRole('img', { name: 'Code QR à scanner avec l’application d’authentification' }),
    ).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    const code = screen.getByLabelText('Code à 6 chiffres');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Activer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FACTOR_MESSAGES.codeWrong);
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Activer' }));
    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`));
    await user.click(screen.getByRole('button', { name: 'J’ai noté mes codes' }));
    await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(api.calls.some((c) => c.method === 'GET' && c.path === '/user/me')).toBe(true);
  });
});

describe('Mon compte, second step', () => {
  async function openAccount(view: { factors: FactorRow[]; recoveryCodesLeft: number; required: boolean }) {
    const removed = vi.fn(() => ({ body: { data: { message: FACTOR_MESSAGES.factorRemoved } } }));
    const regenerated = vi.fn(() => ({ body: { data: { recoveryCodes: CODES } } }));
    fakeApi({
      ...COUNTS,
      'GET /account/sessions': () => ({ body: { data: { rows: [], pageCount: 0 } } }),
      'GET /account/factors': () => ({ body: { data: view } }),
      [`DELETE /account/factors/${FACTOR.id}`]: removed,
      'POST /account/recovery-codes': regenerated,
    });
    renderApp('/account', fakeSession({ fetchMe: () => Promise.resolve(userOf('ACCOUNTING')) }));
    await screen.findByRole('heading', { name: 'Seconde étape de connexion' });
    return { removed, regenerated, user: userEvent.setup() };
  }

  it('says when there is no factor yet', async () => {
    await openAccount({ factors: [], recoveryCodesLeft: 0, required: false });
    expect(
      await screen.findByText('Aucune méthode : la connexion ne demande que le mot de passe.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Régénérer les codes de secours' })).toBeNull();
  });

  it('lists the factors, removes one after the confirmation, and regenerates the recovery codes', async () => {
    const { removed, regenerated, user } = await openAccount({
      factors: [FACTOR],
      recoveryCodesLeft: 8,
      required: true,
    });
    const list = await screen.findByRole('list', { name: 'Méthodes de connexion' });
    expect(list.textContent).toContain('iPhone de Claire · Application d’authentification');
    expect(list.textContent).toContain(
      'Ajoutée le 30/11/2026 08:15 · Dernière utilisation : 01/12/2026 22:40',
    );
    expect(screen.getByText(/Votre rôle exige au moins une méthode/)).toBeTruthy();
    expect(screen.getByText('8 codes de secours restants')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retirer iPhone de Claire' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'RETIRER UNE MÉTHODE' });
    expect(removed).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(removed).toHaveBeenCalledOnce());
    await user.click(screen.getByRole('button', { name: 'Régénérer les codes de secours' }));
    const again = await screen.findByRole('alertdialog', { name: 'RÉGÉNÉRER LES CODES DE SECOURS' });
    await user.click(within(again).getByRole('button', { name: 'Régénérer' }));
    const shown = await screen.findByRole('dialog', { name: 'CODES DE SECOURS' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(regenerated).toHaveBeenCalledOnce();
  });

  it('lists a factor added from another tab as soon as the feed tells this user of their own record', async () => {
    const view = { factors: [] as FactorRow[], recoveryCodesLeft: 0, required: false };
    await openAccount(view);
    await screen.findByText('Aucune méthode : la connexion ne demande que le mot de passe.');
    view.factors = [FACTOR];
    view.recoveryCodesLeft = 10;
    // Another user's record changes nothing here.
    act(() => changes.emit({ entity: 'user', id: 'u2', action: 'factor.add' }));
    act(() => changes.emit({ entity: 'user', id: 'u1', action: 'factor.add' }));
    const list = await screen.findByRole('list', { name: 'Méthodes de connexion' }, { timeout: 3000 });
    expect(list.textContent).toContain('iPhone de Claire');
    expect(screen.getByText('10 codes de secours restants')).toBeTruthy();
  });
});

describe('reset by an ADMIN', () => {
  it('resets another user’s factors after a confirmation naming the user, never one’s own', async () => {
    const reset = vi.fn(() => ({ body: { data: { message: FACTOR_MESSAGES.userReset } } }));
    const me = userOf('ADMIN', { id: '00000000-0000-4000-8000-0000000000ad' });
    fakeApi({
      ...COUNTS,
      'GET /user/all': () => ({
        body: {
          data: {
            rows: [
              { ...me, hospitals: [], version: 1 },
              {
                ...userOf('OPERATION'),
                id: '00000000-0000-4000-8000-0000000000b0',
                firstName: 'Paul',
                lastName: 'Roux',
                version: 1,
              },
            ],
            pageCount: 1,
          },
        },
      }),
      'DELETE /users/00000000-0000-4000-8000-0000000000b0/factors': reset,
    });
    renderApp('/users', fakeSession({ fetchMe: () => Promise.resolve(me) }));
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Réinitialiser la seconde étape de Paul Roux' });
    expect(
      screen.queryByRole('button', { name: 'Réinitialiser la seconde étape de Claire Martin' }),
    ).toBeNull();
    await user.click(button);
    const confirm = await screen.findByRole('alertdialog', { name: 'RÉINITIALISER LA SECONDE ÉTAPE' });
    expect(confirm.textContent).toContain('codes de secours de Paul Roux');
    await user.click(within(confirm).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(reset).toHaveBeenCalledOnce());
    expect(await screen.findByText(FACTOR_MESSAGES.userReset)).toBeTruthy();
  });
});
