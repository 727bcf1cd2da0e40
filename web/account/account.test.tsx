// @vitest-environment happy-dom
// 'Mon compte' as a signed-in user sees it: reached from the menu; the open sessions with browser, system,
// dates in Paris time and the shortened address, this one marked; ending another session after the
// confirmation (the list read again, the toast); 'Déconnecter les autres sessions', off when there is
// none; and 'Déconnecter' on this session signing out.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionRow } from '../../contract/account';
import { COUNTS, currentPath, fakeApi, fakeSession, renderApp, userOf } from '../testing/app';

const session = (over: Partial<SessionRow>): SessionRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  browser: 'Chrome 131',
  system: 'Windows 10',
  createdAt: '2026-11-30T07:15:00.000Z',
  lastSeenAt: '2026-12-01T21:40:00.000Z',
  address: '198.51.100.x',
  current: true,
  ...over,
});
const PHONE = session({
  id: '00000000-0000-4000-8000-000000000002',
  browser: 'Safari 18',
  system: 'iOS 18.1',
  createdAt: '2026-11-28T18:05:00.000Z',
  lastSeenAt: '2026-11-29T06:00:00.000Z',
  address: '2001:db8:85a3::/48',
  current: false,
});

async function openAccount(rows: SessionRow[][], logout = vi.fn(() => Promise.resolve())) {
  let answer = 0;
  const ended = vi.fn(() => ({ body: { data: { id: PHONE.id, current: false } } }));
  const endOthers = vi.fn(() => ({ body: { data: { ended: 1 } } }));
  const api = fakeApi({
    ...COUNTS,
    'GET /account/sessions': () => ({
      body: { data: { rows: rows[Math.min(answer++, rows.length - 1)], pageCount: 1 } },
    }),
    [`DELETE /account/sessions/${PHONE.id}`]: ended,
    'POST /account/sessions/end-others': endOthers,
  });
  renderApp(
    '/requested-missions',
    fakeSession({ fetchMe: () => Promise.resolve(userOf('OPERATION')), logout }),
  );
  const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
  const user = userEvent.setup();
  await user.click(within(menu).getByRole('link', { name: 'Mon compte' }));
  const table = await screen.findByRole('table', { name: 'Sessions ouvertes' });
  await within(table).findByText('Chrome 131');
  return { ...api, ended, endOthers, logout, user, table };
}

describe('Mon compte', () => {
  it('lists the open sessions, this one marked, in Paris time, with the shortened address', async () => {
    const { table } = await openAccount([[session({}), PHONE]]);
    expect(currentPath()).toBe('/account');
    expect(screen.getByRole('heading', { level: 1, name: 'MON COMPTE' })).toBeTruthy();
    expect(screen.getByText('Claire Martin · claire.martin@example.fr')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'Chrome 131Cette session',
        'Windows 10',
        '30/11/2026 08:15',
        '01/12/2026 22:40',
        '198.51.100.x',
        'Déconnecter',
      ],
      ['Safari 18', 'iOS 18.1', '28/11/2026 19:05', '29/11/2026 07:00', '2001:db8:85a3::/48', 'Déconnecter'],
    ]);
    expect(screen.getByRole('button', { name: 'Déconnecter cette session' })).toBeTruthy();
  });

  it('ends another session after the confirmation, then reads the list again', async () => {
    const { ended, user, table } = await openAccount([[session({}), PHONE], [session({})]]);
    await user.click(screen.getByRole('button', { name: 'Déconnecter la session Safari 18 sur iOS 18.1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'DÉCONNECTER UNE SESSION' });
    expect(confirm.textContent).toContain(
      'Déconnecter la session Safari 18 sur iOS 18.1 ouverte le 28/11/2026 19:05 ?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(ended).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Déconnecter la session Safari 18 sur iOS 18.1' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Déconnecter' }),
    );
    await screen.findByText('Session déconnectée');
    expect(ended).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(table).queryByText('Safari 18')).toBeNull());
    expect(
      (screen.getByRole('button', { name: 'Déconnecter les autres sessions' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('ends every other session after the confirmation', async () => {
    const { endOthers, user, table } = await openAccount([[session({}), PHONE], [session({})]]);
    await user.click(screen.getByRole('button', { name: 'Déconnecter les autres sessions' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'DÉCONNECTER LES AUTRES SESSIONS' });
    await user.click(within(confirm).getByRole('button', { name: 'Déconnecter' }));
    await screen.findByText('Une autre session déconnectée');
    expect(endOthers).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(table).queryByText('Safari 18')).toBeNull());
  });

  it("signs out when this session is ended, as 'Déconnexion' does", async () => {
    const { logout, user, calls } = await openAccount([[session({}), PHONE]]);
    await user.click(screen.getByRole('button', { name: 'Déconnecter cette session' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'DÉCONNECTER CETTE SESSION' });
    await user.click(within(confirm).getByRole('button', { name: 'Déconnecter' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});
