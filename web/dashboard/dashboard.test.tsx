// @vitest-environment happy-dom
// The dashboard: figures written as the tables write them, the value axis, a bar's value on keyboard focus
// and its list opened by Enter (filtered on the lists' URL filters), 'Voir les données' equal to the
// chart's bars, the panels each role receives, 'Exporter XLSX' asking for the screen's filters, and a list
// opened from a bar asking for its filters.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type DashboardData,
  dashboardXlsxFile,
  defaultDashboardPeriod,
  monthLabel,
} from '../../contract/dashboard';
import type { Role } from '../../contract/roles';
import { COUNTS, fakeApi, renderApp, signedInAs } from '../testing/app';
import { savedFiles } from '../testing/fake-api';
import { BarChart, type ChartData } from './bar-chart';
import { ChartPanel } from './chart-panel';
import { formatValue } from './format';
import { activityCharts, billingOf, daysOf, listOfStatus, missionCharts, type Scope } from './panels';
import { niceTicks } from './scale';

/** Intl writes narrow no-break spaces in French figures: compared with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

afterEach(cleanup);

describe('Formats and scale', () => {
  it('writes euros, counts, hours and months as the tables do', () => {
    expect(plain(formatValue(1234.5, 'euros'))).toBe('1 234,50 €');
    expect(plain(formatValue(12345, 'count'))).toBe('12 345');
    expect(formatValue(605, 'minutes')).toBe('10 h 05');
    expect(monthLabel('2026-01')).toBe('janv. 2026');
    expect(monthLabel('2025-12')).toBe('déc. 2025');
  });

  it('draws round ticks from zero, below it for a negative value', () => {
    expect(niceTicks(0, 87)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(-1200, 3100)).toEqual([-2000, -1000, 0, 1000, 2000, 3000, 4000]);
    expect(niceTicks(0, 0)).toEqual([0, 1]);
  });

  it("keeps a link's month within the period (its first and last months may be partial)", () => {
    const period = { startDate: '2025-01-15', endDate: '2026-01-10' };
    expect(daysOf('2025-01', period)).toEqual({ startDate: '2025-01-15', endDate: '2025-01-31' });
    expect(daysOf('2025-02', period)).toEqual({ startDate: '2025-02-01', endDate: '2025-02-28' });
    expect(daysOf('2026-01', period)).toEqual({ startDate: '2026-01-01', endDate: '2026-01-10' });
  });
});

const CHART: ChartData = {
  unit: 'euros',
  categories: [
    { key: '2026-01', label: 'janv. 2026' },
    { key: '2026-02', label: 'févr. 2026' },
  ],
  series: [
    { key: 'flightTime', label: 'Temps de vol' },
    { key: 'meals', label: 'Repas' },
  ],
  values: [
    [1234.5, 0],
    [100, 250.25],
  ],
};

describe('Bar chart', () => {
  it('shows a value when its bar takes the keyboard focus, moves with the arrows and opens its list on Enter', async () => {
    window.history.replaceState(null, '', '/overview');
    render(
      <BarChart
        id="c"
        title="Coûts"
        data={CHART}
        link={(month, line) => `/statistics?month=${month.key}&line=${line.key}`}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    await user.tab();
    const first = screen.getByRole('link', { name: /^Temps de vol, janv\. 2026/ });
    expect(document.activeElement).toBe(first);
    expect(plain(screen.getByRole('tooltip', { hidden: true }).textContent)).toBe(
      'Temps de vol, janv. 2026 : 1 234,50 €',
    );
    await user.keyboard('{ArrowRight}');
    expect(plain(screen.getByRole('tooltip', { hidden: true }).textContent)).toBe(
      'Repas, janv. 2026 : 100,00 €',
    );
    await user.keyboard('{End}');
    expect(plain(screen.getByRole('tooltip', { hidden: true }).textContent)).toBe(
      'Repas, févr. 2026 : 250,25 €',
    );
    // One tab stop for the whole chart: the next Tab leaves it.
    expect(screen.getAllByRole('link').filter((bar) => bar.getAttribute('tabindex') === '0')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/statistics?month=2026-02&line=meals',
    );
  });

  it('cuts a long name to its bar on the axis (whole in the bar), thins months, and steps hours by whole hours', () => {
    const names = ['Cœur', 'Foie', 'Poumons', 'Reins', 'Pancréas', 'Organe non renseigné'];
    const { container, unmount } = render(
      <BarChart
        id="n"
        title="Heures"
        data={{
          unit: 'minutes',
          categories: names.map((label) => ({ key: label, label })),
          series: [{ key: 'h', label: 'Heures de vol' }],
          values: [[605, 300, 120, 60, 30, 1000]],
        }}
      />,
    );
    const texts = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toContain('Organe non re…');
    expect(texts).toContain('Pancréas');
    expect(texts.filter((t) => t?.endsWith(' h 00'))).toEqual([
      '0 h 00',
      '5 h 00',
      '10 h 00',
      '15 h 00',
      '20 h 00',
    ]);
    expect(screen.getByRole('img', { name: 'Organe non renseigné : 16 h 40' })).toBeTruthy();
    unmount();
    const months = Array.from(
      { length: 36 },
      (_, i) => `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    );
    render(
      <BarChart
        id="m"
        title="Missions"
        months
        data={{
          unit: 'count',
          categories: months.map((m) => ({ key: m, label: monthLabel(m) })),
          series: [{ key: 'n', label: 'Missions' }],
          values: [months.map(() => 1)],
        }}
      />,
    );
    const shown = [...document.querySelectorAll('svg text')]
      .map((t) => t.textContent)
      .filter((t) => /\d{4}$/.test(t ?? ''));
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThan(36);
    expect(shown[0]).toBe('janv. 2024');
  });

  it('draws no bar for a zero, and a bar without a list is read but opens nothing', async () => {
    render(<BarChart id="c" title="Coûts" data={CHART} />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    const bars = screen.getAllByRole('img');
    expect(bars.map((bar) => plain(bar.getAttribute('aria-label')))).toEqual([
      'Temps de vol, janv. 2026 : 1 234,50 €',
      'Repas, janv. 2026 : 100,00 €',
      'Repas, févr. 2026 : 250,25 €',
    ]);
  });
});

describe('Chart panel', () => {
  it("'Voir les données' shows the chart's figures as a table, the same values bar for bar", async () => {
    render(
      <ChartPanel title="Coûts par mois et par poste" file="costs" categoryHeader="Mois" data={CHART} />,
    );
    const user = userEvent.setup();
    expect(plain(screen.getByText(/^Coûts par mois et par poste, de/).textContent)).toBe(
      'Coûts par mois et par poste, de janv. 2026 à févr. 2026 en 2 séries : 1 584,75 € au total ; le plus haut : janv. 2026 (1 334,50 €).',
    );
    await user.click(screen.getByRole('button', { name: 'Voir les données' }));
    const table = screen.getByRole('table', { name: 'Coûts par mois et par poste' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Mois', 'Temps de vol', 'Repas', 'Total']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => plain(cell.textContent)),
      );
    expect(rows).toEqual([
      ['janv. 2026', '1 234,50 €', '100,00 €', '1 334,50 €'],
      ['févr. 2026', '0,00 €', '250,25 €', '250,25 €'],
    ]);
    // Every bar's value is in the table, under its series and on its month's row.
    for (const bar of screen.getAllByRole('img')) {
      const [name, value] = plain(bar.getAttribute('aria-label')).split(' : ');
      const [series, month] = name.split(', ');
      expect(rows.find((r) => r[0] === month)?.[headers.indexOf(series)]).toBe(value);
    }
    expect(screen.getByRole('button', { name: 'Masquer les données' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('downloads the chart as a standalone SVG, its colours written in', async () => {
    const saved = savedFiles();
    let blob: Blob | null = null;
    const created = vi.mocked(URL.createObjectURL);
    created.mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:file';
    });
    render(<ChartPanel title="Coûts par mois" file="costs-by-month" categoryHeader="Mois" data={CHART} />);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger « Coûts par mois » en SVG' }));
    expect(saved).toEqual(['costs-by-month.svg']);
    const text = await (blob as unknown as Blob).text();
    expect(text.startsWith('<svg')).toBe(true);
    expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(text).toContain('<title');
    expect(text).not.toContain('tabindex');
    expect(text).not.toContain('class=');
  });

  it('says when there is nothing to draw', () => {
    render(
      <ChartPanel
        title="Coûts"
        file="costs"
        categoryHeader="Mois"
        data={{
          ...CHART,
          values: [
            [0, 0],
            [0, 0],
          ],
        }}
      />,
    );
    expect(screen.getByText('Aucune donnée sur cette période')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir les données' })).toBeNull();
  });
});

const PERIOD = { startDate: '2025-02-01', endDate: '2026-01-20' };

function dataFor(role: Role): DashboardData {
  const staff = role !== 'HOSPITAL';
  const accounts = role === 'ADMIN' || role === 'ACCOUNTING';
  const months = ['2025-12', '2026-01'];
  const zeroStatuses = {
    TO_BE_EDITED: 0,
    EDITED: 0,
    INVOICE_SENT: 0,
    DROPED_ON_CHORUS: 0,
    PAID: 0,
    NOT_APPLICABLE: 0,
  };
  const lines = { flightTime: 1000, regulation: 200, meals: 50.5, airport: 300, airportDeIcing: 0 };
  return {
    period: PERIOD,
    months,
    hospitals: [],
    missions: {
      statuses: ['EN_ATTENTE', 'PROGRAMMEE', 'EN_COURS', 'TERMINEE', 'CLOTUREE'],
      byMonth: [
        { month: '2025-12', counts: { TERMINEE: 3, CLOTUREE: 1 }, total: 4 },
        { month: '2026-01', counts: { PROGRAMMEE: 2, TERMINEE: 1 }, total: 3 },
      ],
      byOrgan: [
        { organ: 'COEUR', missions: 4 },
        { organ: null, missions: 3 },
      ],
      total: 7,
    },
    costs: {
      byMonth: months.map((month) => ({ month, lines, total: 1550.5, missions: 2, incomplete: 1 })),
      byHospital: [{ hospital: 'CHU de Lyon', others: false, total: 3101, missions: 4, incomplete: 2 }],
      lines,
      total: 3101,
      missions: 4,
      incomplete: 2,
    },
    invoices: staff
      ? {
          byMonth: months.map((month) => ({
            month,
            flight: { ...zeroStatuses, PAID: 2 },
            airport: { ...zeroStatuses, TO_BE_EDITED: 1 },
          })),
          export: accounts
            ? {
                byMonth: months.map((month) => ({ month, counts: { PENDING: 1, ERROR: 0, SUCCESS: 3 } })),
                counts: { PENDING: 2, ERROR: 0, SUCCESS: 6 },
              }
            : null,
        }
      : null,
    billing: accounts
      ? {
          byMonth: months.map((month, i) => ({
            month,
            invoiced: 1000,
            computed: 1100 - i * 200,
            difference: -100 + i * 200,
            compared: 2,
          })),
          totals: { invoiced: 2000, computed: 2000, difference: 0, uncompared: 0 },
          counts: {
            CONFORME: 3,
            ECART: 1,
            NON_FACTUREE: 0,
            FACTURE_SANS_MISSION: 0,
            COUT_INCOMPLET: 2,
            EN_ATTENTE: 0,
          },
        }
      : null,
    activity: staff
      ? {
          aircraft: [{ registration: 'F-HAAA', aircraftType: 'JET', blockMinutes: 605, missions: 3 }],
          pilots: [{ id: 'c1', name: 'Jean Dupont', blockMinutes: 300, legs: 4 }],
        }
      : null,
  };
}

describe('Dashboard screen', () => {
  it.each<[Role, string[], boolean]>([
    ['ADMIN', ['Missions', 'Coûts', 'Factures', 'Écarts de facturation', 'Activité'], true],
    ['ACCOUNTING', ['Missions', 'Coûts', 'Factures', 'Écarts de facturation', 'Activité'], true],
    ['OPERATION', ['Missions', 'Coûts', 'Factures', 'Activité'], false],
    ['HOSPITAL', ['Missions', 'Coûts'], false],
  ])('shows %s its panels', async (role, sections, incompleteLink) => {
    const api = fakeApi({ ...COUNTS, 'GET /dashboard': () => ({ body: { data: dataFor(role) } }) });
    renderApp('/overview', signedInAs(role));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, { timeout: 5000 }),
    ).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Missions' }, { timeout: 5000 });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(sections);
    expect(
      screen.getAllByRole('heading', { level: 3 }).some((h) => h.textContent === 'Export comptable par mois'),
    ).toBe(role === 'ADMIN' || role === 'ACCOUNTING');
    expect(screen.queryByRole('link', { name: 'voir les missions au coût incomplet' }) !== null).toBe(
      incompleteLink,
    );
    // The default period: 12 calendar months, the current one included.
    const asked = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/dashboard');
    expect(asked?.searchParams.get('startDate')).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('says why when the figures cannot be read, and reads them again on Réessayer', async () => {
    let fail = true;
    fakeApi({
      ...COUNTS,
      'GET /dashboard': () =>
        fail ? { status: 500, body: { message: 'Erreur du serveur' } } : { body: { data: dataFor('ADMIN') } },
    });
    renderApp('/overview', signedInAs('ADMIN'));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Erreur du serveur');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Missions' })).toBeTruthy();
  });
});

describe("The dashboard's XLSX", () => {
  const HOSPITALS = ['CHU de Lyon', 'CHU de Nantes'];
  const exportCalls = (api: ReturnType<typeof fakeApi>) =>
    api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/dashboard/export');

  it('asks the export for the period and hospitals of the screen, and saves it under their months', async () => {
    const saved = savedFiles();
    let answer: () => void = () => {};
    const api = fakeApi({
      ...COUNTS,
      'GET /dashboard': () => ({ body: { data: dataFor('ADMIN') } }),
      'GET /missions/hospitals': () => ({ body: { data: HOSPITALS.map((name) => ({ name })) } }),
    });
    renderApp('/overview', signedInAs('ADMIN'));
    await screen.findByRole('heading', { level: 2, name: 'Missions' }, { timeout: 5000 });
    await userEvent.click(await screen.findByRole('button', { name: 'Hôpitaux : Tous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hôpitaux' });
    await userEvent.click(within(dialog).getAllByRole('checkbox')[1]);
    await userEvent.keyboard('{Escape}');
    // The download holds the button until it ends.
    const pending = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const others = api.fetch.getMockImplementation();
    api.fetch.mockImplementation(async (input, init) => {
      if (!String(input).includes('/dashboard/export')) return (others as typeof fetch)(input, init);
      await pending;
      return new Response(new Blob(['xlsx']), { status: 200 });
    });
    const button = screen.getByRole('button', { name: 'Exporter XLSX' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    answer();
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    const [asked] = exportCalls(api);
    const period = defaultDashboardPeriod(new Date());
    expect(Object.fromEntries(asked.searchParams)).toEqual({ ...period, hospitals: HOSPITALS[1] });
    expect(saved).toEqual([dashboardXlsxFile(period)]);
    expect(saved[0]).toMatch(/^tableau-de-bord-\d{4}-\d{2}-\d{4}-\d{2}\.xlsx$/);
  });

  it('says in French why the export failed, and saves nothing', async () => {
    const saved = savedFiles();
    fakeApi({
      ...COUNTS,
      'GET /dashboard': () => ({ body: { data: dataFor('HOSPITAL') } }),
      'GET /dashboard/export': () => ({
        status: 400,
        body: { message: 'La période ne peut dépasser 36 mois.' },
      }),
    });
    renderApp('/overview', signedInAs('HOSPITAL'));
    await screen.findByRole('heading', { level: 2, name: 'Missions' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Exporter XLSX' }));
    expect(
      await screen.findByText('La période ne peut dépasser 36 mois.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

describe('Links of the bars', () => {
  const scope = (role: Role, hospitals: string[] = []): Scope => ({ role, period: PERIOD, hospitals });

  it("opens the mission list of a bar's status, its month and the hospitals chosen", () => {
    const [byMonth] = missionCharts(dataFor('ADMIN'), scope('ADMIN', ['CHU de Lyon', 'CHU de Nantes']));
    const link = byMonth.link?.(
      { key: '2026-01', label: 'janv. 2026' },
      { key: 'PROGRAMMEE', label: 'Programmée' },
    );
    expect(link).toBe(
      '/requested-missions?startDate=2026-01-01&endDate=2026-01-20&hospitals=CHU+de+Lyon%2CCHU+de+Nantes&statusNeeded=PROGRAMMEE',
    );
    // 'Annulée -45’' is in 'Annulée sans frais' for staff, in 'Clôturée' for a hospital, which lacks the first.
    expect(listOfStatus('ANNULEE_45_MOINS', 'ADMIN')).toBe('cancelledMissions');
    expect(listOfStatus('ANNULEE_45_MOINS', 'HOSPITAL')).toBe('closedMissions');
  });

  it('gives each status its badge colour, whatever the other series, and two grey badges two tones', () => {
    const tones = (role: Role) =>
      Object.fromEntries(
        missionCharts(dataFor(role), scope(role))[0].data.series.map((s) => [s.key, s.tone]),
      );
    const admin = { ...dataFor('ADMIN') };
    admin.missions = {
      ...admin.missions,
      statuses: ['EN_ATTENTE', 'ANNULEE_45_PLUS', 'ANNULEE_45_MOINS', 'TERMINEE'],
    };
    const all = Object.fromEntries(
      missionCharts(admin, scope('ADMIN'))[0].data.series.map((s) => [s.key, s.tone]),
    );
    expect(all.TERMINEE).toBe(tones('HOSPITAL').TERMINEE);
    expect(all.ANNULEE_45_PLUS).not.toBe(all.ANNULEE_45_MOINS);
  });

  it('opens the billing check on a period it accepts, else on its own, and only for the roles it has', () => {
    expect(
      billingOf(scope('ADMIN', ['CHU de Lyon']), { startDate: '2026-01-01', endDate: '2026-01-20' }, {}),
    ).toBe('/billing-check?startDate=2026-01-01&endDate=2026-01-20&hospital=CHU+de+Lyon');
    expect(billingOf(scope('ACCOUNTING'), PERIOD, { verdict: 'COUT_INCOMPLET' })).toBe(
      '/billing-check?verdict=COUT_INCOMPLET',
    );
    expect(billingOf(scope('OPERATION'), PERIOD, {})).toBeNull();
  });

  it("opens Flotte and Pilotes over the dashboard's period, searched for the bar's aircraft or pilot", () => {
    const [aircraft, pilots] = activityCharts(dataFor('OPERATION'), scope('OPERATION'));
    const [firstAircraft] = aircraft.data.categories;
    const [firstPilot] = pilots.data.categories;
    const days = `startDate=${PERIOD.startDate}&endDate=${PERIOD.endDate}`;
    expect(aircraft.link?.(firstAircraft, aircraft.data.series[0])).toBe(
      `/aircraft-fleet?${days}&search=${encodeURIComponent(firstAircraft.key).replace(/%20/g, '+')}`,
    );
    expect(pilots.link?.(firstPilot, pilots.data.series[0])).toBe(
      `/pilots?${days}&search=${firstPilot.label.replace(/ /g, '+')}`,
    );
  });

  it('a mission list opened from a bar asks the API for its filters and shows them', async () => {
    const api = fakeApi({
      ...COUNTS,
      'GET /missions': () => ({ body: { data: { rows: [], pageCount: 0, pageNumber: 1, count: 0 } } }),
      'GET /missions/hospitals': () => ({ body: { data: [{ name: 'CHU de Lyon' }] } }),
    });
    renderApp(
      '/requested-missions?startDate=2026-01-01&endDate=2026-01-20&hospitals=CHU+de+Lyon&statusNeeded=PROGRAMMEE',
      signedInAs('ADMIN'),
    );
    await waitFor(
      () => {
        const url = api.fetch.mock.calls
          .map(([input]) => new URL(String(input), 'http://localhost'))
          .find((u) => u.pathname === '/api/missions');
        expect(url && Object.fromEntries(url.searchParams)).toMatchObject({
          status: 'requested',
          startDate: '2026-01-01',
          endDate: '2026-01-20',
          hospitals: 'CHU de Lyon',
          statusNeeded: 'PROGRAMMEE',
        });
      },
      { timeout: 5000 },
    );
    expect((await screen.findByRole('button', { name: 'Programmée' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
