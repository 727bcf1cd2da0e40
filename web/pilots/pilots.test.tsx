// @vitest-environment happy-dom
// The pilots and fleet screens as a user meets them: the list asked for the last 12 months, its rows
// (positions in French, block hours, the last mission's link), the empty and error lines, the fleet's
// cost with the missions it leaves out and the plane icon for an aircraft without a photo.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AircraftRow, defaultPeriod, type PilotRow } from '../../contract/crew-and-fleet';
import { COUNTS, fakeApi, renderApp, signedInAs } from '../testing/app';

const MISSION = '00000000-0000-4000-8000-0000000000aa';
const pilot: PilotRow = {
  id: 'c7002',
  name: 'Claire Dubois',
  positions: ['CPT', 'FO'],
  phoneWork: '+33 6 23 57 81 04',
  missions: 2,
  legs: 3,
  blockMinutes: 245,
  lastMission: { missionId: MISSION, tripNumber: '24012', departure: '2026-03-01T08:00:00Z' },
  identifiedByLeon: true,
};
const aircraft: AircraftRow = {
  id: 'F-XXXX',
  registration: 'F-XXXX',
  aircraftType: 'ND',
  missions: 3,
  legs: 5,
  blockMinutes: 605,
  flightCost: 5450.5,
  missionsWithoutCost: 2,
  lastFlight: null,
};
const page =
  <T,>(rows: T[]) =>
  () => ({ body: { data: { rows, pageCount: rows.length ? 1 : 0 } } });
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Pilotes', () => {
  it('asks for the last 12 months and shows each pilot with French positions and block hours', async () => {
    const api = fakeApi({ ...COUNTS, 'GET /pilots': page([pilot]) });
    renderApp('/pilots', signedInAs('OPERATION'));
    const table = await screen.findByRole('table', { name: 'Pilotes' }, { timeout: 5000 });
    await within(table).findByText('Claire Dubois');
    expect(cells(table)).toEqual([
      [
        'Claire Dubois',
        'Commandant de bord, Copilote',
        '+33 6 23 57 81 04',
        '2',
        '3',
        '4 h 05',
        '2401201/03/2026',
        '',
      ],
    ]);
    expect(within(table).getByRole('link', { name: '24012' }).getAttribute('href')).toBe(
      `/mission-details/${MISSION}`,
    );
    const { startDate, endDate } = defaultPeriod(new Date());
    const asked = api.fetch.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/pilots'));
    expect(asked).toContain(`startDate=${startDate}`);
    expect(asked).toContain(`endDate=${endDate}`);
  });

  it('says when no pilot matches', async () => {
    fakeApi({ ...COUNTS, 'GET /pilots': page([]) });
    renderApp('/pilots', signedInAs('ADMIN'));
    expect(await screen.findByText('Aucun pilote trouvé', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the failure of the list', async () => {
    fakeApi({
      ...COUNTS,
      'GET /fleet': () => ({ status: 500, body: { message: 'Une erreur est survenue' } }),
    });
    renderApp('/aircraft-fleet', signedInAs('ACCOUNTING'));
    expect(await screen.findByText('Une erreur est survenue', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('Flotte', () => {
  it('shows the type, block hours, the cost in euros with the missions it leaves out, and the plane icon', async () => {
    fakeApi({ ...COUNTS, 'GET /fleet': page([aircraft]) });
    renderApp('/aircraft-fleet', signedInAs('OPERATION'));
    const table = await screen.findByRole('table', { name: 'Flotte' }, { timeout: 5000 });
    await within(table).findByText('F-XXXX');
    const [row] = cells(table);
    expect(row.slice(0, 5)).toEqual(['F-XXXX', 'N.D', '3', '5', '10 h 05']);
    expect(row[5]?.replace(/\s/g, ' ')).toBe('5 450,50 €2 missions sans coût');
    expect(row[6]).toBe('-');
    expect(within(table).getByRole('img', { name: 'Avion (photo indisponible)' })).toBeTruthy();
  });
});
