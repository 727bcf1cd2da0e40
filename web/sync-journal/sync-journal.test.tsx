// @vitest-environment happy-dom
// The journal screen: a run reads 'En cours' without a reason, a run's dialog lists its skipped trips, and
// 'Réessayer' (ADMIN only) asks first, then re-runs the update; OPERATION reads without the button.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../contract/roles';
import type { SyncRunRow } from '../../contract/sync';
import { COUNTS, fakeApi, renderApp, signedInAs } from '../testing/app';
// The screen is loaded on demand (web/sync-journal/index.ts): loaded here once, its route shows it at once.
import './sync-journal-screen';

const RUN: SyncRunRow = {
  id: '8d0f8c2e-5f7e-4c1b-9a51-2d3f4b5c6d7e',
  kind: 'synchronize',
  status: 'ok',
  reason: null,
  leonDetail: null,
  actorName: 'Julien Moreau',
  startedAt: '2026-04-14T08:00:00.000Z',
  finishedAt: '2026-04-14T08:01:14.000Z',
  created: 4,
  updated: 2,
  deleted: 0,
  skipped: [
    {
      tripNumber: '24017',
      tripNid: 1,
      flightNid: null,
      reason: 'Import impossible : texte trop long',
      waiting: true,
    },
  ],
  incidents: null,
  invoices: { created: 1, updated: 0, errors: 0, failure: null },
};
const RUNNING: SyncRunRow = {
  ...RUN,
  id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  kind: 'poll',
  status: 'running',
  actorName: null,
  startedAt: '2026-04-14T09:00:00.000Z',
  finishedAt: null,
  created: 0,
  updated: 0,
  skipped: [],
  invoices: null,
};

function openJournal(role: Role) {
  const api = fakeApi({
    ...COUNTS,
    'GET /leon/sync-runs': () => ({ body: { data: { rows: [RUNNING, RUN], pageCount: 1, total: 2 } } }),
    [`POST /leon/sync-runs/${RUN.id}/retry`]: () => ({
      body: { data: { created: 1, updated: 0, deleted: 0, failed: 0, errors: [], skipped: [] } },
    }),
  });
  renderApp('/sync-journal', signedInAs(role));
  return { ...api, user: userEvent.setup() };
}

/** The journal's header and its two runs, once the list has answered (not its loading row). */
async function journalRows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'Synchronisations' });
  return waitFor(() => {
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2].textContent).toContain('Julien Moreau');
    return rows;
  });
}

describe('Journal des synchronisations', () => {
  it("reads a running run as 'En cours', and lets ADMIN retry a run's kept trips after confirming", async () => {
    const { user, calls } = openJournal('ADMIN');
    const rows = await journalRows();
    expect(rows[1].textContent).toContain('En cours');
    expect(rows[1].textContent).toContain('automatique');
    expect(rows[2].textContent).toContain('4 / 2 / 0 / 1');

    await user.click(within(rows[2]).getByRole('button', { name: /^Ouvrir la synchronisation du/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Mission 24017')).toBeTruthy();
    expect(within(dialog).getByText('En attente')).toBeTruthy();
    // One trip of the run still waits: the note speaks of it in the singular.
    expect(dialog.textContent).toContain(
      'Réessayer relance la mise à jour des données : la mission en attente est relue dans Leon',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Réessayer relance la mise à jour des données depuis Leon');
    await user.click(within(confirm).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/leon/sync-runs/${RUN.id}/retry`)).toBe(
        true,
      ),
    );
    expect(await screen.findByText(/^Mise à jour relancée : Données synchronisées avec succès/)).toBeTruthy();
  });

  it('says what each figure counts: the fourth is the invoices in error, the others’ skipped ones', async () => {
    openJournal('OPERATION');
    const rows = await journalRows();
    expect(rows[2].textContent).toContain('1 / 0 / — / 0');
    const legend = screen.getByText(/^Missions et rapports de sécurité/);
    expect(legend.textContent).toBe(
      'Missions et rapports de sécurité : créés / modifiés / supprimés / ignorés ; factures : créées / modifiées / — / en erreur ; « — » quand la synchronisation ne les a pas traités.',
    );
  });

  it('reloads after a sync from the menu that fails, whose toast gives the reason and the journal’s link', async () => {
    const reason = 'Leon ne répond pas (délai dépassé)';
    const FAILED: SyncRunRow = {
      ...RUN,
      id: 'f00dfeed-0000-4000-8000-000000000001',
      status: 'failed',
      reason,
    };
    let failed = false;
    const api = fakeApi({
      ...COUNTS,
      'GET /leon/sync-runs': () => ({
        body: { data: { rows: failed ? [FAILED, RUN] : [RUN], pageCount: 1, total: failed ? 2 : 1 } },
      }),
      'PUT /leon/synchronize-data': () => {
        failed = true;
        return { status: 502, body: { message: reason } };
      },
    });
    renderApp('/sync-journal', signedInAs('OPERATION'));
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Synchronisations' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));

    await user.click(await screen.findByRole('button', { name: 'Chargement nouvelles missions' }));
    const toast = await screen.findByText(
      `Il s'est passé quelque chose lors de la synchronisation des données : ${reason}`,
    );
    expect(toast).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir le journal' }).getAttribute('href')).toBe('/sync-journal');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[1].textContent).toContain('Échouée');
    expect(within(table).getAllByRole('row')[1].textContent).toContain(reason);
    expect(api.calls.filter((c) => c.path === '/leon/sync-runs')).toHaveLength(2);
  });

  it('shows OPERATION the run without Réessayer', async () => {
    const { user } = openJournal('OPERATION');
    const rows = await journalRows();
    await user.click(within(rows[2]).getByRole('button', { name: /^Ouvrir la synchronisation du/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Mission 24017')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});
