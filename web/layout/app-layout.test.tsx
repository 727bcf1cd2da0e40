// @vitest-environment happy-dom
// The side menu as each role sees it (requirements §2 'Side menu', architecture.md §5): entries by role, counts for
// staff only, groups open on the current path, the drawer's button, and 'Déconnexion'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../contract/roles';
import { COUNTS, currentPath, fakeApi, fakeSession, renderApp, userOf } from '../testing/app';

async function openAs(role: Role, path = '/statistics', logout = vi.fn(() => Promise.resolve())) {
  const api = fakeApi(COUNTS);
  renderApp(path, fakeSession({ fetchMe: () => Promise.resolve(userOf(role)), logout }));
  const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
  return { ...api, menu: within(menu), logout, user: userEvent.setup() };
}

const linkNames = (menu: ReturnType<typeof within>) =>
  menu.queryAllByRole('link').map((link: HTMLElement) => link.textContent?.replace(/\(\d+\)$/, '') ?? '');
const openGroup = async (
  menu: ReturnType<typeof within>,
  user: ReturnType<typeof userEvent.setup>,
  name: RegExp,
) => {
  const button = menu.getByRole('button', { name });
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
};

const MISSIONS = ['Demandée', 'En cours', 'Réalisée', 'Annulée sans frais', 'Clôturée'];
const PRICES = [
  "Coût unitaire de l'heure de vol",
  'Coût de la régulation',
  'Coût des repas des passagers',
  "Coût de l'aéroport",
  'Numéro de marché',
];

/** What every staff role sees first. */
const STAFF_FIRST = ['Tableau de bord', ...MISSIONS, 'Statistiques', 'Pilotes', 'Flotte'];

describe('Side menu', () => {
  it.each<[Role, string[]]>([
    [
      'ADMIN',
      [
        ...STAFF_FIRST,
        'Utilisateurs',
        ...PRICES,
        'Incidents',
        'Factures',
        'Écarts de facturation',
        'Journal des synchronisations',
      ],
    ],
    ['OPERATION', [...STAFF_FIRST, ...PRICES, 'Incidents', 'Journal des synchronisations']],
    [
      'ACCOUNTING',
      [
        ...STAFF_FIRST,
        ...PRICES,
        'Incidents',
        'Factures',
        'Écarts de facturation',
        'Journal des synchronisations',
      ],
    ],
    [
      'HOSPITAL',
      ['Tableau de bord', 'Demandée', 'En cours', 'Réalisée', 'Clôturée', 'Statistiques', 'Incidents'],
    ],
  ])('shows %s the entries the role may open', async (role, expected) => {
    const { menu, user } = await openAs(role);
    await openGroup(menu, user, /^Missions/);
    if (role !== 'HOSPITAL') await openGroup(menu, user, /^Prix/);
    else expect(menu.queryByRole('button', { name: /^Prix/ })).toBeNull();
    // 'Mon compte', every role's, at the foot of the menu.
    expect(linkNames(menu)).toEqual([...expected, 'Mon compte']);
    expect(menu.getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
  });

  it('shows the counts in brackets to staff', async () => {
    const { menu, user, calls } = await openAs('OPERATION');
    expect(await menu.findByRole('button', { name: 'Missions (9)' })).toBeTruthy();
    await openGroup(menu, user, /^Missions/);
    expect(menu.getByRole('link', { name: 'Demandée (2)' })).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Clôturée (2)' })).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Statistiques (4)' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/leon/records-count')).toBe(true);
    // The billing check's count is for ADMIN and ACCOUNTING only.
    expect(calls.some((c) => c.path === '/billing/count')).toBe(false);
  });

  it('shows ACCOUNTING the billing check’s count of rows to look at', async () => {
    const api = fakeApi({ ...COUNTS, 'GET /billing/count': () => ({ body: { data: { count: 7 } } }) });
    renderApp('/statistics', fakeSession({ fetchMe: () => Promise.resolve(userOf('ACCOUNTING')) }));
    const menu = within(await screen.findByRole('navigation', { name: 'Menu principal' }));
    expect(await menu.findByRole('link', { name: 'Écarts de facturation (7)' })).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/billing/count')).toBe(true);
  });

  it('tells staff in the sync toast what changed and how many missions the sync skipped, with a link to the journal', async () => {
    const skipped = (tripNumber: string) => ({
      tripNumber,
      tripNid: 1,
      flightNid: null,
      reason: 'Import impossible',
    });
    const api = fakeApi({
      ...COUNTS,
      'PUT /leon/synchronize-data': () => ({
        body: {
          data: { created: 1, updated: 0, deleted: 0, failed: 2, skipped: [skipped('1'), skipped('2')] },
        },
      }),
    });
    renderApp('/statistics', fakeSession({ fetchMe: () => Promise.resolve(userOf('OPERATION')) }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Chargement nouvelles missions' }));
    expect(
      await screen.findByText('Données synchronisées avec succès (missions : 1), 2 missions ignorées'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir le journal' }).getAttribute('href')).toBe('/sync-journal');
    expect(api.calls.some((c) => c.method === 'PUT' && c.path === '/leon/synchronize-data')).toBe(true);
  });

  it("shows the server's French message when a sync is refused for being asked too often", async () => {
    const message = 'Trop de mises à jour demandées : réessayez dans 540 s.';
    fakeApi({
      ...COUNTS,
      'PUT /leon/update-data': () => ({ status: 429, body: { message } }),
    });
    renderApp('/statistics', fakeSession({ fetchMe: () => Promise.resolve(userOf('OPERATION')) }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mise à jour informations' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(
      screen.queryByText("Il s'est passé quelque chose lors de la synchronisation des données"),
    ).toBeNull();
  });

  it('hides the counts from HOSPITAL and does not ask for them', async () => {
    const { menu, calls } = await openAs('HOSPITAL');
    expect(menu.getByRole('button', { name: 'Missions' })).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Statistiques' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/leon/records-count')).toBe(false);
  });

  it('opens the group of the current path and marks the current page', async () => {
    const { menu } = await openAs('ADMIN', '/regulation-cost');
    expect(menu.getByRole('button', { name: /^Prix/ }).getAttribute('aria-expanded')).toBe('true');
    expect(menu.getByRole('link', { name: 'Coût de la régulation' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(menu.getByRole('button', { name: /^Missions/ }).getAttribute('aria-expanded')).toBe('false');
    expect(menu.queryByRole('link', { name: /^Demandée/ })).toBeNull();
  });

  it('navigates from an entry', async () => {
    const { menu, user } = await openAs('ADMIN');
    await user.click(menu.getByRole('link', { name: 'Utilisateurs' }));
    await waitFor(() => expect(currentPath()).toBe('/users'));
  });

  it("signs out with 'Déconnexion' and lands on the login", async () => {
    const { menu, user, logout } = await openAs('ACCOUNTING');
    await user.click(menu.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Connexion' })).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(logout).toHaveBeenCalledOnce();
  });

  it("opens the drawer with 'Menu' and closes it on Escape and on an outside click", async () => {
    const { user } = await openAs('ADMIN');
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe('side-menu');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    await user.click(screen.getByTestId('drawer-backdrop'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('drawer-backdrop')).toBeNull();
  });
});

describe('Focus on a new page', () => {
  // The layout looks for the page's heading every 50 ms; the interval is driven by hand here.
  afterEach(() => {
    vi.useRealTimers();
  });
  const openWithHeading = async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fakeApi(COUNTS);
    renderApp('/statistics', fakeSession({ fetchMe: () => Promise.resolve(userOf('ADMIN')) }));
    const heading = await screen.findByRole('heading', { level: 1 });
    return heading;
  };

  it('moves the focus to the page heading once it is there', async () => {
    const heading = await openWithHeading();
    vi.advanceTimersByTime(50);
    vi.useRealTimers();
    expect(document.activeElement).toBe(heading);
  });

  it('leaves the focus where the user put it when the user acted before the heading was found', async () => {
    const heading = await openWithHeading();
    const button = screen.getByRole('button', { name: 'Menu' });
    button.focus();
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    vi.advanceTimersByTime(50);
    vi.useRealTimers();
    expect(document.activeElement).toBe(button);
    expect(document.activeElement).not.toBe(heading);
  });
});
