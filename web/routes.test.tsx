// @vitest-environment happy-dom
// The access rules of requirements §2 as a user meets them: the splash while loading, login for the signed out,
// the forced change first, the dashboard for a role not allowed or a signed-in user on a public page,
// and the bare 'Not Found'.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../contract/roles';
import { protectedScreenAt } from './routes';
import { COUNTS, currentPath, fakeApi, fakeSession, renderApp, signedInAs, userOf } from './testing/app';

const landsOn = async (path: string) => waitFor(() => expect(currentPath()).toBe(path));

describe('Access rules', () => {
  it('shows the logo splash while the current user loads', async () => {
    renderApp('/statistics', fakeSession({ fetchMe: () => new Promise(() => {}) }));
    const splash = screen.getByRole('status');
    expect(splash.querySelector('img')?.getAttribute('alt')).toBe('Chargement');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(currentPath()).toBe('/statistics');
  });

  it.each(['/', '/statistics', '/users', '/mission-details/12', '/force-password-change'])(
    'sends a signed-out user from %s to the login',
    async (path) => {
      renderApp(path, fakeSession());
      expect(await screen.findByRole('button', { name: 'Connexion' })).toBeTruthy();
      expect(currentPath()).toBe('/login');
    },
  );

  it('keeps the session alive through a refresh when the access token has expired', async () => {
    fakeApi(COUNTS);
    let me = 0;
    const session = fakeSession({
      fetchMe: () =>
        me++ === 0
          ? Promise.reject(Object.assign(new Error('expired'), { status: 401 }))
          : Promise.resolve(userOf('ADMIN')),
      refresh: () => Promise.resolve(userOf('ADMIN')),
    });
    renderApp('/statistics', session);
    expect(await screen.findByRole('heading', { name: 'Statistiques' }, { timeout: 5000 })).toBeTruthy();
  });

  it.each(['/statistics', '/', '/login', '/forget-password', '/users'])(
    'shows the forced password change instead of %s when the user must change it',
    async (path) => {
      renderApp(path, signedInAs('ADMIN', { forceChangePassword: true }));
      expect(
        await screen.findByText('Pour votre première connexion, veuillez saisir un nouveau mot de passe.'),
      ).toBeTruthy();
      expect(currentPath()).toBe('/force-password-change');
      expect(screen.queryByRole('navigation')).toBeNull();
    },
  );

  it.each(['/', '/login', '/forget-password', '/confirm-forget-password', '/force-password-change'])(
    'sends a signed-in user from %s to the requested missions',
    async (path) => {
      fakeApi(COUNTS);
      renderApp(path, signedInAs('OPERATION'));
      await landsOn('/requested-missions');
      expect(
        await screen.findByRole('heading', { name: 'LISTE DES MISSIONS' }, { timeout: 5000 }),
      ).toBeTruthy();
    },
  );

  it.each<[Role, string]>([
    ['HOSPITAL', '/cancelled-missions'],
    ['HOSPITAL', '/users'],
    ['HOSPITAL', '/unit-flight-cost'],
    ['HOSPITAL', '/invoices'],
    ['HOSPITAL', '/pilots'],
    ['OPERATION', '/users'],
    ['OPERATION', '/invoices'],
    ['ACCOUNTING', '/users'],
  ])('sends %s from %s to the dashboard', async (role, path) => {
    fakeApi(COUNTS);
    renderApp(path, signedInAs(role));
    await landsOn('/requested-missions');
    expect(
      await screen.findByRole('heading', { name: 'LISTE DES MISSIONS' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it.each<[Role, string, string]>([
    ['HOSPITAL', '/statistics', 'Statistiques'],
    ['HOSPITAL', '/incidents', 'Incidents'],
    ['ACCOUNTING', '/invoices', 'Factures Leon'],
    ['OPERATION', '/market-number', 'Numéro de marché'],
    ['ADMIN', '/aircraft-fleet', 'Flotte'],
  ])('lets %s open %s inside the layout', async (role, path, title) => {
    fakeApi(COUNTS);
    renderApp(path, signedInAs(role));
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(currentPath()).toBe(path);
  });

  it.each([
    ['signed out', () => fakeSession()],
    ['signed in', () => signedInAs('ADMIN')],
  ])("answers an unknown path with the bare text 'Not Found' (%s)", async (_, session) => {
    const { container } = renderApp('/nowhere/at-all', session());
    await waitFor(() => expect(container.textContent).toBe('Not Found'));
    expect(container.querySelector('nav, main, h1')).toBeNull();
    expect(currentPath()).toBe('/nowhere/at-all');
  });
});

describe('The first page a visitor who may be signed in opens', () => {
  it.each([
    ['/', 'requestedMissions'],
    ['/statistics', 'statistics'],
    ['/mission-details/12', 'missionDetails'],
    ['/incident-details/7', 'incidentDetails'],
    ['/unit-flight-cost', 'unitFlightCost'],
  ])('loads the screen at %s ahead of the session check: %s', (path, name) => {
    expect(protectedScreenAt(path)).toBe(name);
  });

  it.each(['/login', '/forget-password', '/mission-details', '/nulle-part'])(
    'loads no screen ahead at %s',
    (path) => {
      expect(protectedScreenAt(path)).toBeUndefined();
    },
  );
});
