// @vitest-environment happy-dom
// The pilots and fleet screens as a user meets them: the list asked for the last 12 months, its rows
// (positions in French, block hours, the last mission's link), the empty and error lines, the fleet's
// cost with the missions it leaves out and the plane icon for an aircraft without a photo, an aircraft's
// missions each with its cost (or why it has none); a reversed or too long period said under the field, the
// list left on the last right period.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type AircraftMissionRow,
  type AircraftRow,
  defaultPeriod,
  type PilotRow,
} from '../../contract/crew-and-fleet';
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

  it("opens on the URL's period and search (a bar of the dashboard), its search field showing it", async () => {
    const api = fakeApi({ ...COUNTS, 'GET /pilots': page([pilot]) });
    renderApp('/pilots?startDate=2025-01-01&endDate=2025-12-31&search=Claire+Dubois', signedInAs('ADMIN'));
    await screen.findByRole('table', { name: 'Pilotes' }, { timeout: 5000 });
    const asked = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/pilots')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(asked).toEqual([
      expect.objectContaining({ startDate: '2025-01-01', endDate: '2025-12-31', search: 'Claire Dubois' }),
    ]);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Claire Dubois');
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

  it("opens an aircraft's missions, each with the flight-time cost its row adds up, or why it has none", async () => {
    const flown: AircraftMissionRow = {
      id: MISSION,
      tripNumber: '24012',
      status: 'TERMINEE',
      buyerName: 'CHU de Bordeaux',
      departure: '2026-03-01T08:05:00Z',
      route: 'LFBD → LFML → LFBD',
      legs: 2,
      blockMinutes: 170,
      registrations: ['F-XXXX'],
      flightCost: { ok: true, value: 5450.5 },
    };
    const rows: AircraftMissionRow[] = [
      flown,
      { ...flown, id: `${MISSION.slice(0, -2)}bb`, tripNumber: '24013', flightCost: null, legs: 0 },
      {
        ...flown,
        id: `${MISSION.slice(0, -2)}cc`,
        tripNumber: '24014',
        flightCost: { ok: false, reason: 'OCS non renseigné' },
      },
    ];
    const api = fakeApi({ ...COUNTS, 'GET /fleet': page([aircraft]), 'GET /fleet/missions': page(rows) });
    renderApp('/aircraft-fleet', signedInAs('OPERATION'));
    const table = await screen.findByRole('table', { name: 'Flotte' }, { timeout: 5000 });
    await userEvent.click(await within(table).findByRole('button', { name: 'Voir les missions de F-XXXX' }));
    const missions = await screen.findByRole('table', { name: 'Missions de F-XXXX' }, { timeout: 5000 });
    await within(missions).findByText('24012');
    const headers = within(missions)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.at(-1)).toBe('Coût du temps de vol');
    expect(cells(missions).map((row) => row.at(-1)?.replace(/\s/g, ' '))).toEqual([
      '5 450,50 €',
      '-',
      'Sans coûtOCS non renseigné',
    ]);
    const asked = api.fetch.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes('/fleet/missions'));
    expect(asked).toContain('registration=F-XXXX');
  });
});

describe('the period of Pilotes and Flotte', () => {
  /** The screen's list calls, each as its query's period ('' when none). */
  const periodsAsked = (api: ReturnType<typeof fakeApi>, path: string) =>
    api.fetch.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === `/api${path}`)
      .map((url) => `${url.searchParams.get('startDate') ?? ''}…${url.searchParams.get('endDate') ?? ''}`);

  async function typed(start: string, end: string) {
    const period = await screen.findByRole('group', { name: 'Période' }, { timeout: 5000 });
    await waitFor(() => expect(within(period).getAllByRole('spinbutton')).toHaveLength(6));
    const days = within(period).getAllByRole('spinbutton', { name: /jour/i });
    await userEvent.click(days[0]);
    await userEvent.keyboard(start);
    await userEvent.click(within(period).getAllByRole('spinbutton', { name: /jour/i })[1]);
    await userEvent.keyboard(end);
  }

  it('says a reversed period is reversed and keeps the list on the last right period', async () => {
    const api = fakeApi({ ...COUNTS, 'GET /pilots': page([pilot]) });
    renderApp('/pilots', signedInAs('OPERATION'));
    await screen.findByText('Claire Dubois', {}, { timeout: 5000 });
    await typed('01032025', '31032025');
    await waitFor(() => expect(periodsAsked(api, '/pilots')).toContain('2025-03-01…2025-03-31'));

    await typed('01052025', '01042025');
    expect(await screen.findByText('La date de début doit précéder la date de fin')).toBeTruthy();
    // Nothing asked since the right period: neither the reversed one nor the last 12 months.
    expect(periodsAsked(api, '/pilots').at(-1)).toBe('2025-03-01…2025-03-31');
    expect(screen.getByText('Claire Dubois')).toBeTruthy();
  });

  it('says a period longer than 36 months is too long, without asking for it', async () => {
    const api = fakeApi({ ...COUNTS, 'GET /fleet': page([aircraft]) });
    renderApp('/aircraft-fleet', signedInAs('OPERATION'));
    await screen.findByText('F-XXXX', {}, { timeout: 5000 });
    await typed('01012023', '01022026');
    expect(await screen.findByText('La période ne peut dépasser 36 mois.')).toBeTruthy();
    // (Typing goes through other periods, digit by digit; the too long one is not asked for.)
    expect(periodsAsked(api, '/fleet')).not.toContain('2023-01-01…2026-02-01');
    expect(periodsAsked(api, '/fleet').at(-1)).not.toBe('…');

    await typed('01022023', '31012026');
    await waitFor(() => expect(periodsAsked(api, '/fleet').at(-1)).toBe('2023-02-01…2026-01-31'));
    expect(screen.queryByText('La période ne peut dépasser 36 mois.')).toBeNull();
  });

  it('says a date before 2023 is too early', async () => {
    fakeApi({ ...COUNTS, 'GET /pilots': page([pilot]) });
    renderApp('/pilots', signedInAs('OPERATION'));
    await screen.findByText('Claire Dubois', {}, { timeout: 5000 });
    await typed('01012020', '01022020');
    expect(await screen.findByText('La date ne peut précéder le 01/01/2023')).toBeTruthy();
  });
});
