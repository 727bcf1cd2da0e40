// @vitest-environment happy-dom
// The history panel from mission details: staff open it, read each change as 'field : before → after'
// with who and when ('Leon' for the sync), page back with 'Plus anciennes', see the empty and error
// states, and close it with Escape, the focus back on 'Historique'; HOSPITAL users have no button.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../contract/history';
import type { Role } from '../../contract/roles';
import { COUNTS, fakeApi, renderApp, signedInAs } from '../testing/app';
import { requestOf } from '../testing/fake-api';

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const LEG = {
  tripNumber: '24012',
  adepIcao: 'LFBD',
  adepName: 'Bordeaux-Mérignac',
  adesIcao: 'LFML',
  adesName: 'Marseille Provence',
  stdUTC: '2026-04-14T08:00:00.000Z',
  staUTC: '2026-04-14T09:10:00.000Z',
  bloffUTC: null,
  blonUTC: null,
  flightNumber: 'AMB101',
  acftRegisteration: 'F-HBOX',
  passengerCounts: 2,
  numberOfCristal: null,
  buyerName: 'CHU de Bordeaux – Hôpital Pellegrin',
  organType: [],
  crewList: [],
};
/** An entry of the panel: its id, when (UTC and as shown in Paris), who, what and its one change. */
const entry = (
  id: string,
  [at, when]: [string, string],
  actor: string,
  action: string,
  [field, before, after]: [string, string, string],
): HistoryEntry => ({ id, at, when, actor, action, changes: [{ field, before, after }] });
const EDIT = entry('a1', ['2026-04-13T15:20:00.000Z', '13/04/2026 17:20'], 'Julien Moreau', 'Modification', [
  'Statut',
  'En attente',
  'Programmée',
]);
const LEON = entry('a2', ['2026-04-12T08:00:00.000Z', '12/04/2026 10:00'], 'Leon', 'Mise à jour Leon', [
  "Type d'avion",
  'N.D',
  'JET',
]);
const CREATION = entry(
  'a3',
  ['2026-04-11T08:00:00.000Z', '11/04/2026 10:00'],
  'Leon',
  'Création depuis Leon',
  ['Statut', '-', 'En attente'],
);

function openDetails(role: Role, history: (page: number) => { status?: number; body: unknown }) {
  let page = 0;
  const api = fakeApi({
    ...COUNTS,
    [`GET /missions/details/${ID}`]: () => ({ body: { data: [LEG] } }),
    [`GET /history/missions/${ID}`]: () => history(++page),
  });
  renderApp(`/mission-details/${ID}`, signedInAs(role));
  return { ...api, user: userEvent.setup() };
}

const pages = (page: number) => ({
  body: { data: page === 1 ? { rows: [EDIT, LEON], pageCount: 2 } : { rows: [CREATION], pageCount: 2 } },
});

describe('Historique', () => {
  it('shows who changed what and when, newest first, then the older page', async () => {
    const { user, fetch } = openDetails('OPERATION', pages);
    await user.click(await screen.findByRole('button', { name: 'Historique' }));
    const panel = await screen.findByRole('dialog', { name: 'Historique de la mission 24012' });
    const list = await within(panel).findByRole('list', { name: "Modifications, les plus récentes d'abord" });
    const entries = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(entries.map((li) => li.textContent)).toEqual([
      '13/04/2026 17:20Julien MoreauModificationStatut : En attente devient Programmée',
      "12/04/2026 10:00LeonMise à jour LeonType d'avion : N.D devient JET",
    ]);
    const older = within(panel).getByRole('button', { name: 'Plus anciennes' });
    await user.click(older);
    expect(await within(panel).findByText('Création depuis Leon')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Plus anciennes' })).toBeNull();
    const history = fetch.mock.calls
      .map((_, n) => requestOf(fetch, n))
      .filter((r) => r.path.startsWith('/history/'));
    expect(history.map((r) => r.query)).toEqual([
      { pageNumber: '1', pageSize: '10' },
      { pageNumber: '2', pageSize: '10' },
    ]);
  });

  it("says so when nothing was recorded, and closes with Escape, the focus back on 'Historique'", async () => {
    const { user } = openDetails('ACCOUNTING', () => ({ body: { data: { rows: [], pageCount: 0 } } }));
    const opener = await screen.findByRole('button', { name: 'Historique' });
    await user.click(opener);
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByText('Aucune modification enregistrée.')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("shows the server's refusal and offers to try again", async () => {
    const { user } = openDetails('ADMIN', (page) =>
      page === 1
        ? { status: 500, body: { message: 'Erreur interne du serveur' } }
        : { body: { data: { rows: [EDIT], pageCount: 1 } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Historique' }));
    const panel = await screen.findByRole('dialog');
    expect((await within(panel).findByRole('alert')).textContent).toContain('Erreur interne du serveur');
    await user.click(within(panel).getByRole('button', { name: 'Réessayer' }));
    expect(await within(panel).findByText('Julien Moreau')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives HOSPITAL users no history button', async () => {
    openDetails('HOSPITAL', pages);
    expect(await screen.findByRole('button', { name: 'Télécharger le PDF' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('LFBD Bordeaux-Mérignac', { exact: false })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Historique' })).toBeNull();
  });
});
