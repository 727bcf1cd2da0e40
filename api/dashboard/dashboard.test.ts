// The dashboard on PGlite and PostgreSQL, on the demo data of `npm start` (a first sync from the Leon
// simulator, the missions', statistics' and billing's demo fields): each role gets the panels its screens
// show, scoped as its lists are, and every figure equals what the lists themselves answer the same user,
// read as a client reads them (missions, statistics, billing check, invoices, pilots, fleet), to the cent.
// Bad periods are refused with 400 and a French message. The XLSX export (GET /dashboard/export) holds the
// sheets of the panels GET /dashboard gives the same user, and the same figures.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_VERDICT_BADGES,
  BILLING_VERDICTS,
  type BillingPage,
  type BillingVerdict,
} from '../../contract/billing';
import type { AircraftRow, PilotRow } from '../../contract/crew-and-fleet';
import { CREW_AND_FLEET_MESSAGES } from '../../contract/crew-and-fleet';
import {
  DASHBOARD_COST_LINES,
  DASHBOARD_PANELS,
  DASHBOARD_PANELS_BY_ROLE,
  DASHBOARD_SHEETS,
  DASHBOARD_TOP,
  type DashboardCostLine,
  type DashboardData,
  type DashboardPanel,
  dashboardXlsxFile,
  defaultDashboardPeriod,
  monthLabel,
} from '../../contract/dashboard';
import {
  INVOICE_STATUS_BADGES,
  INVOICE_STATUSES,
  type InvoiceRow,
  type InvoiceStatus,
} from '../../contract/invoices';
import {
  CATEGORY_STATUSES,
  canList,
  MISSION_CATEGORIES,
  MISSION_STATUS_BADGES,
  MISSION_STATUSES,
  type MissionRow,
  type MissionStatus,
  ORGAN_TYPES,
} from '../../contract/missions';
import type { Role } from '../../contract/roles';
import {
  STATISTIC_INVOICE_STATUS_BADGES,
  STATISTIC_INVOICE_STATUSES,
  type StatisticInvoiceStatus,
  type StatisticRow,
  type WireFigure,
} from '../../contract/statistics';
import { INPUT_MESSAGES } from '../../contract/validation';
import { auditLog } from '../db/schema';
import { DEMO_HOSPITALS } from '../db/seed';
import { syncAndFillDemo } from '../demo';
import { EURO_FORMAT } from '../lib/spreadsheet';
import { describeEachDatabase } from '../test/databases';
import { type Caller, seededTestApp, signedIn, testLeon } from '../test/harness';

type Page<T> = { data: { rows: T[]; pageCount: number }; message?: string };

const PARIS_MONTH = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
});
const monthOf = (iso: string) => PARIS_MONTH.format(new Date(iso)).slice(0, 7);
const cents = (euros: number) => Math.round(euros * 100);
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Which panels an answer carries (a panel a role may not see is null). */
const panelsIn = (d: DashboardData): Record<DashboardPanel, boolean> => ({
  missions: d.missions !== null,
  costs: d.costs !== null,
  invoices: d.invoices !== null,
  invoiceExport: d.invoices?.export != null,
  billing: d.billing !== null,
  activity: d.activity !== null,
});

const ACCOUNTS: Array<[string, Role]> = [
  ['admin@demo.test', 'ADMIN'],
  ['operation@demo.test', 'OPERATION'],
  ['accounting@demo.test', 'ACCOUNTING'],
  ['hopital@demo.test', 'HOSPITAL'],
  ['hopitaux@demo.test', 'HOSPITAL'],
];

describeEachDatabase('Dashboard', (database) => {
  const now = Date.parse('2026-03-10T09:00:00Z');
  const { leon } = testLeon({ now: () => now, seed: 1, trips: 80 });
  const t = seededTestApp(database, { leon });
  const callers = new Map<string, Caller>();
  // The demo's missions fly from a few months before `now`: a period of 24 months holds them all.
  const PERIOD = { startDate: '2024-04-01', endDate: '2026-03-31' };

  beforeAll(async () => {
    t.clock.now = new Date(now);
    await syncAndFillDemo({ ...t, db: database().db }, leon, new Date(now));
    for (const [email] of ACCOUNTS) callers.set(email, await signedIn(t.app, email));
  }, 120_000);

  const as = (email: string) => callers.get(email) as Caller;
  const query = (q: Record<string, string | undefined>) =>
    new URLSearchParams(
      Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined),
    ).toString();

  async function dashboard(email: string, q: Record<string, string | undefined> = PERIOD) {
    const answer = await as(email).get<{ data: DashboardData; message?: string }>(`/dashboard?${query(q)}`);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.data;
  }

  /** Every row of a paged list, as the screen would page through it. */
  async function everyRow<T>(email: string, path: string): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await as(email).get<Page<T>>(
        `${path}${path.includes('?') ? '&' : '?'}pageSize=100&pageNumber=${page}`,
      );
      expect(answer.status, answer.body.message).toBe(200);
      rows.push(...answer.body.data.rows);
      if (page >= answer.body.data.pageCount) return rows;
    }
  }

  const monthsIn = (d: DashboardData) =>
    d.months.map((m) => ({
      month: m,
      startDate: m === d.months[0] ? d.period.startDate : `${m}-01`,
      endDate: m === d.months.at(-1) ? d.period.endDate : lastDayOf(m),
    }));

  // ---- Panels by role --------------------------------------------------------------------------------

  it.each(ACCOUNTS)('%s receives the panels of its role, and only those', async (email, role) => {
    const d = await dashboard(email);
    expect(panelsIn(d)).toEqual(
      Object.fromEntries(DASHBOARD_PANELS.map((p) => [p, DASHBOARD_PANELS_BY_ROLE[role].includes(p)])),
    );
    const listable = MISSION_STATUSES.filter((s) =>
      MISSION_CATEGORIES.some((c) => canList(c, role) && CATEGORY_STATUSES[c].includes(s)),
    );
    expect(d.missions.statuses).toEqual(listable);
    for (const m of d.missions.byMonth) expect(Object.keys(m.counts).sort()).toEqual([...listable].sort());
  });

  it('gives HOSPITAL users nothing of billing, the export, the activity or other hospitals', async () => {
    for (const email of ['hopital@demo.test', 'hopitaux@demo.test']) {
      const d = await dashboard(email);
      const own =
        email === 'hopital@demo.test' ? [DEMO_HOSPITALS[0]] : [DEMO_HOSPITALS[1], DEMO_HOSPITALS[4]];
      expect(d.missions.statuses).not.toContain('ANNULEE_45_PLUS');
      expect(d.missions.total).toBeGreaterThan(0);
      expect(d.costs.missions).toBeGreaterThan(0);
      for (const h of d.costs.byHospital) expect(own).toContain(h.hospital);
      const text = JSON.stringify(d);
      for (const other of DEMO_HOSPITALS.filter((h) => !own.includes(h))) expect(text).not.toContain(other);
      expect([d.invoices, d.billing, d.activity]).toEqual([null, null, null]);
      // Naming a hospital not its own narrows to nothing, never beyond its own.
      const foreign = await dashboard(email, { ...PERIOD, hospitals: DEMO_HOSPITALS[2] });
      expect([foreign.missions.total, foreign.costs.missions]).toEqual([0, 0]);
    }
  });

  it('reads the last 12 calendar months by default', async () => {
    const d = await dashboard('admin@demo.test', {});
    expect(d.period).toEqual(defaultDashboardPeriod(new Date(now)));
    expect(d.period).toEqual({ startDate: '2025-04-01', endDate: '2026-03-10' });
    expect(d.months).toHaveLength(12);
    expect(d.months[0]).toBe('2025-04');
    expect(d.missions.byMonth.map((m) => m.month)).toEqual(d.months);
    // An end alone: the 12 calendar months ending with it.
    const ended = await dashboard('admin@demo.test', { endDate: '2025-12-31' });
    expect(ended.period).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
  });

  // ---- The figures equal the lists' ------------------------------------------------------------------

  const FILTERS: Array<[string, string | undefined]> = [
    ['every hospital', undefined],
    ['two hospitals', `${DEMO_HOSPITALS[0]},${DEMO_HOSPITALS[1]}`],
  ];

  describe.each(FILTERS)('with %s', (_, hospitals) => {
    it.each(ACCOUNTS)(
      '%s: missions by month, status and organ equal its mission lists',
      async (email, role) => {
        const d = await dashboard(email, { ...PERIOD, hospitals });
        const seen = new Map<string, MissionRow>();
        for (const category of MISSION_CATEGORIES.filter((c) => canList(c, role)))
          for (const row of await everyRow<MissionRow>(
            email,
            `/missions?${query({ status: category, ...PERIOD, hospitals })}`,
          ))
            seen.set(row.id, row);
        const rows = [...seen.values()];
        expect(rows.length).toBeGreaterThan(0);
        const byMonth = new Map(d.months.map((m) => [m, zeros<MissionStatus>(d.missions.statuses)]));
        for (const r of rows) byMonth.get(monthOf(r.departureDateTime as string))![r.status] += 1;
        expect(d.missions.byMonth).toEqual(
          d.months.map((m) => ({
            month: m,
            counts: byMonth.get(m),
            total: Object.values(byMonth.get(m)!).reduce((a, b) => a + b, 0),
          })),
        );
        expect(d.missions.total).toBe(rows.length);
        const organs = ORGAN_TYPES.map((organ) => ({
          organ,
          missions: rows.filter((r) => r.organType.includes(organ)).length,
        }));
        const none = rows.filter((r) => r.organType.length === 0).length;
        expect(d.missions.byOrgan).toEqual([...organs, ...(none ? [{ organ: null, missions: none }] : [])]);
      },
    );

    it.each(ACCOUNTS)(
      '%s: costs and invoice statuses equal its statistics list, to the cent',
      async (email, role) => {
        const d = await dashboard(email, { ...PERIOD, hospitals });
        type Tally = { lines: Record<DashboardCostLine, number>; missions: number; incomplete: number };
        const tally = (): Tally => ({
          lines: { flightTime: 0, regulation: 0, meals: 0, airport: 0, airportDeIcing: 0 },
          missions: 0,
          incomplete: 0,
        });
        const add = (t: Tally, r: StatisticRow) => {
          const known = (line: DashboardCostLine, f: WireFigure) => {
            if (f.ok) t.lines[line] += cents(f.value);
          };
          known('flightTime', r.costOfFlightTime);
          known('regulation', r.costOfRegulation);
          known('meals', r.costOfMeal);
          for (const a of r.airportCosts) known(a.withDeIcing ? 'airportDeIcing' : 'airport', a.amount);
          t.missions += 1;
          if (!r.totalCost.ok || !r.totalAirportCosts.ok) t.incomplete += 1;
        };
        const sum = (t: Tally) => Object.values(t.lines).reduce((a, b) => a + b, 0);
        const hospitalsSeen = new Map<string | null, Tally>();
        const all = tally();
        let rows = 0;
        for (const { month, startDate, endDate } of monthsIn(d)) {
          const list = await everyRow<StatisticRow>(
            email,
            `/statistic/all?${query({ startDate, endDate, hospitals })}`,
          );
          rows += list.length;
          const t = tally();
          const flight = zeros<StatisticInvoiceStatus>(STATISTIC_INVOICE_STATUSES);
          const airport = zeros<StatisticInvoiceStatus>(STATISTIC_INVOICE_STATUSES);
          for (const r of list) {
            add(t, r);
            add(all, r);
            const h = hospitalsSeen.get(r.hospitalName) ?? tally();
            add(h, r);
            hospitalsSeen.set(r.hospitalName, h);
            if (r.flightStatus) flight[r.flightStatus] += 1;
            if (r.airportStatus) airport[r.airportStatus] += 1;
          }
          const got = d.costs.byMonth.find((m) => m.month === month)!;
          expect({
            month,
            lines: Object.fromEntries(Object.entries(got.lines).map(([k, v]) => [k, cents(v)])),
            total: cents(got.total),
            missions: got.missions,
            incomplete: got.incomplete,
          }).toEqual({
            month,
            lines: t.lines,
            total: sum(t),
            missions: t.missions,
            incomplete: t.incomplete,
          });
          if (role !== 'HOSPITAL')
            expect(d.invoices?.byMonth.find((m) => m.month === month)).toEqual({ month, flight, airport });
        }
        expect(rows).toBeGreaterThan(0);
        expect([d.costs.missions, d.costs.incomplete, cents(d.costs.total)]).toEqual([
          all.missions,
          all.incomplete,
          sum(all),
        ]);
        const ranked = [...hospitalsSeen]
          .map(([hospital, t]) => ({ hospital, t }))
          .sort((a, b) => sum(b.t) - sum(a.t) || (a.hospital ?? '').localeCompare(b.hospital ?? ''));
        const rest = ranked.slice(DASHBOARD_TOP);
        const expected = [
          ...ranked.slice(0, DASHBOARD_TOP).map(({ hospital, t }) => ({
            hospital,
            others: false,
            total: sum(t),
            missions: t.missions,
            incomplete: t.incomplete,
          })),
          ...(rest.length
            ? [
                {
                  hospital: null,
                  others: true,
                  total: rest.reduce((a, { t }) => a + sum(t), 0),
                  missions: rest.reduce((a, { t }) => a + t.missions, 0),
                  incomplete: rest.reduce((a, { t }) => a + t.incomplete, 0),
                },
              ]
            : []),
        ];
        expect(d.costs.byHospital.map((h) => ({ ...h, total: cents(h.total) }))).toEqual(expected);
      },
    );
  });

  it.each([
    ['admin@demo.test', undefined],
    ['accounting@demo.test', undefined],
    ['accounting@demo.test', DEMO_HOSPITALS[1]],
  ])('%s (%s): billing gaps by month and verdicts equal the billing check', async (email, hospital) => {
    const d = await dashboard(email, { ...PERIOD, hospitals: hospital });
    const counts = zeros<BillingVerdict>(BILLING_VERDICTS);
    let uncompared = 0;
    for (const { month, startDate, endDate } of monthsIn(d)) {
      const rows = await everyRow<BillingPage['rows'][number]>(
        email,
        `/billing/checks?${query({ startDate, endDate, hospital })}`,
      );
      const page = await as(email).get<{ data: BillingPage }>(
        `/billing/checks?${query({ startDate, endDate, hospital })}`,
      );
      const { totals } = page.body.data;
      for (const v of BILLING_VERDICTS) counts[v] += totals.counts[v];
      uncompared += cents(totals.uncompared);
      const got = d.billing!.byMonth.find((m) => m.month === month)!;
      expect({
        month,
        invoiced: cents(got.invoiced),
        computed: cents(got.computed),
        difference: cents(got.difference),
        compared: got.compared,
      }).toEqual({
        month,
        invoiced: cents(totals.invoiced),
        computed: cents(totals.computed),
        difference: cents(totals.difference),
        compared: rows.filter((r) => r.computed !== null && r.difference !== null).length,
      });
    }
    expect(d.billing!.counts).toEqual(counts);
    expect(cents(d.billing!.totals.uncompared)).toBe(uncompared);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(d.billing!.byMonth.some((m) => m.compared > 0)).toBe(true);
  });

  it.each([
    ['admin@demo.test', undefined],
    ['accounting@demo.test', `${DEMO_HOSPITALS[0]},${DEMO_HOSPITALS[1]}`],
  ])('%s (%s): the export counts equal the invoices list', async (email, hospitals) => {
    const d = await dashboard(email, { ...PERIOD, hospitals });
    const names = hospitals?.split(',');
    const rows = (await everyRow<InvoiceRow>(email, '/invoice/leon-invoices')).filter(
      (r) =>
        r.invoiceDate !== null &&
        r.invoiceDate >= PERIOD.startDate &&
        r.invoiceDate <= PERIOD.endDate &&
        (!names || names.includes(r.requester ?? '')),
    );
    expect(rows.length).toBeGreaterThan(0);
    const counts = zeros<InvoiceStatus>(INVOICE_STATUSES);
    const byMonth = new Map(d.months.map((m) => [m, zeros<InvoiceStatus>(INVOICE_STATUSES)]));
    for (const r of rows) {
      counts[r.status] += 1;
      byMonth.get((r.invoiceDate as string).slice(0, 7))![r.status] += 1;
    }
    expect(d.invoices?.export).toEqual({
      byMonth: d.months.map((m) => ({ month: m, counts: byMonth.get(m) })),
      counts,
    });
  });

  it.each([
    ['operation@demo.test', undefined],
    ['admin@demo.test', DEMO_HOSPITALS[0]],
  ])(
    '%s (%s): flight hours by aircraft and pilot equal the Flotte and Pilotes lists',
    async (email, hospital) => {
      const d = await dashboard(email, { ...PERIOD, hospitals: hospital });
      // The lists have no hospital filter: with one, the dashboard's hours are at most theirs.
      const fleet = await everyRow<AircraftRow>(email, `/fleet?${query(PERIOD)}`);
      const pilots = await everyRow<PilotRow>(email, `/pilots?${query(PERIOD)}`);
      const topAircraft = fleet
        .filter((a) => a.blockMinutes > 0)
        .sort((a, b) => b.blockMinutes - a.blockMinutes || byCodePoint(a.registration, b.registration))
        .slice(0, DASHBOARD_TOP)
        .map((a) => ({
          registration: a.registration,
          aircraftType: a.aircraftType,
          blockMinutes: a.blockMinutes,
          missions: a.missions,
        }));
      const topPilots = pilots
        .filter((p) => p.blockMinutes > 0)
        .sort((a, b) => b.blockMinutes - a.blockMinutes || byCodePoint(a.id, b.id))
        .slice(0, DASHBOARD_TOP)
        .map((p) => ({ id: p.id, name: p.name, blockMinutes: p.blockMinutes, legs: p.legs }));
      expect(topAircraft.length).toBeGreaterThan(0);
      expect(topPilots.length).toBeGreaterThan(0);
      if (!hospital) {
        expect(d.activity).toEqual({ aircraft: topAircraft, pilots: topPilots });
        return;
      }
      const minutes = new Map(fleet.map((a) => [a.registration, a.blockMinutes]));
      for (const a of d.activity!.aircraft)
        expect(a.blockMinutes).toBeLessThanOrEqual(minutes.get(a.registration)!);
      const total = (list: Array<{ blockMinutes: number }>) => list.reduce((s, a) => s + a.blockMinutes, 0);
      expect(total(d.activity!.aircraft)).toBeLessThan(total(topAircraft));
    },
  );

  // ---- Bad input -------------------------------------------------------------------------------------

  it.each([
    ['startDate=0001-01-01&endDate=9999-12-31', INPUT_MESSAGES.dayOutOfYears],
    ['startDate=2024-02-30&endDate=2024-03-31', INPUT_MESSAGES.day],
    ['startDate=2023-01-01&endDate=2026-01-01', CREW_AND_FLEET_MESSAGES.periodTooLong],
    ['startDate=2000-01-01', CREW_AND_FLEET_MESSAGES.periodTooLong],
    ['endDate=2099-12-31&startDate=2020-01-01', CREW_AND_FLEET_MESSAGES.periodTooLong],
    ['startDate=2025-06-01&endDate=2025-01-01', CREW_AND_FLEET_MESSAGES.dateOrder],
  ])('refuses %s with 400 and a French message, the figures and their export alike', async (q, message) => {
    for (const email of ['admin@demo.test', 'hopital@demo.test'])
      for (const path of ['/dashboard', '/dashboard/export']) {
        const answer = await as(email).get(`${path}?${q}`);
        expect({ path, status: answer.status, message: answer.body.message }).toEqual({
          path,
          status: 400,
          message,
        });
      }
  });

  it.each(['/dashboard', '/dashboard/export'])('%s refuses a caller who is not signed in', async (path) => {
    const anonymous = await signedIn(t.app, 'nobody@demo.test', { password: 'wrong-password-1' });
    const answer = await anonymous.get(path);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(/[éèàç]|connect/i);
  });

  // ---- XLSX export -----------------------------------------------------------------------------------

  /** The workbook GET /dashboard/export answers `email`, read with exceljs, and its file name. */
  async function exported(email: string, q: Record<string, string | undefined> = PERIOD) {
    const response = await as(email).file(`/dashboard/export?${query(q)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const disposition = response.headers.get('content-disposition');
    return { workbook, fileName: disposition?.match(/filename="(.+)"/)?.[1] };
  }

  /** The table titled `title` on `sheet`: its header and its rows by their first cell (a month, a name…). */
  function tableOf(sheet: ExcelJS.Worksheet | undefined, title: string) {
    expect(sheet, title).toBeDefined();
    const values = (n: number) => ((sheet as ExcelJS.Worksheet).getRow(n).values as unknown[]).slice(1);
    let n = 1;
    while (values(n)[0] !== title) {
      expect(n, title).toBeLessThan((sheet as ExcelJS.Worksheet).rowCount);
      n++;
    }
    const headers = values(n + 1) as string[];
    const rows = new Map<string, ExcelJS.Row>();
    for (let r = n + 2; r <= (sheet as ExcelJS.Worksheet).rowCount && values(r)[0]; r++)
      rows.set(String(values(r)[0]), (sheet as ExcelJS.Worksheet).getRow(r));
    /** The cell of row `row` under the header `header`. */
    const cell = (row: string, header: string) => {
      expect(rows.has(row), `${title}: ${row}`).toBe(true);
      expect(headers, title).toContain(header);
      return (rows.get(row) as ExcelJS.Row).getCell(headers.indexOf(header) + 1);
    };
    return { headers, rows, cell };
  }

  it.each(ACCOUNTS)(
    '%s exports one sheet per panel it receives, named after the period',
    async (email, role) => {
      const d = await dashboard(email);
      const { workbook, fileName } = await exported(email);
      expect(fileName).toBe(dashboardXlsxFile(d.period));
      expect(fileName).toBe('tableau-de-bord-2024-04-2026-03.xlsx');
      const received = panelsIn(d);
      const sheets = workbook.worksheets.map((sheet) => sheet.name);
      expect(sheets).toEqual(DASHBOARD_PANELS.filter((p) => received[p]).map((p) => DASHBOARD_SHEETS[p]));
      expect(sheets).toEqual(DASHBOARD_PANELS_BY_ROLE[role].map((p) => DASHBOARD_SHEETS[p]));
      for (const panel of DASHBOARD_PANELS.filter((p) => !DASHBOARD_PANELS_BY_ROLE[role].includes(p)))
        expect(workbook.getWorksheet(DASHBOARD_SHEETS[panel]), panel).toBeUndefined();
      const heading = workbook.worksheets[0];
      expect((heading.getRow(1).values as unknown[]).slice(1)).toEqual([
        'Période',
        'du 01/04/2024 au 31/03/2026',
      ]);
      expect((heading.getRow(2).values as unknown[]).slice(1)).toEqual(['Hôpitaux', 'Tous']);
    },
  );

  it.each([
    ['admin@demo.test', undefined],
    ['accounting@demo.test', DEMO_HOSPITALS[0]],
    ['operation@demo.test', undefined],
    ['hopitaux@demo.test', undefined],
  ])('%s (%s): the sheets hold the figures of GET /dashboard, money to the cent', async (email, hospital) => {
    const q = { ...PERIOD, hospitals: hospital };
    const d = await dashboard(email, q);
    const { workbook } = await exported(email, q);
    if (hospital)
      expect((workbook.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual(['Hôpitaux', hospital]);

    // Missions: every month's count of every status, and the period's total.
    const missions = tableOf(workbook.getWorksheet('Missions'), 'Missions par mois et par statut');
    expect(missions.rows.size).toBe(d.months.length + 1);
    for (const m of d.missions.byMonth) {
      expect(missions.cell(monthLabel(m.month), 'Total').value).toBe(m.total);
      for (const s of d.missions.statuses)
        expect(missions.cell(monthLabel(m.month), MISSION_STATUS_BADGES[s].label).value).toBe(
          m.counts[s] ?? 0,
        );
    }
    expect(missions.cell('Total de la période', 'Total').value).toBe(d.missions.total);
    const organs = tableOf(workbook.getWorksheet('Missions'), 'Missions par type d’organe');
    expect(organs.rows.size).toBe(d.missions.byOrgan.length);

    // Costs: each line of each month, and the period's, in euros to the cent, as numbers in euros.
    const costs = tableOf(workbook.getWorksheet('Coûts'), 'Coûts par mois et par poste');
    const euroCell = (cell: ExcelJS.Cell) => {
      expect(typeof cell.value).toBe('number');
      expect(cell.numFmt).toBe(EURO_FORMAT);
      return cents(cell.value as number);
    };
    expect(d.costs.total).toBeGreaterThan(0);
    expect(euroCell(costs.cell('Total de la période', 'Total (€)'))).toBe(cents(d.costs.total));
    expect(costs.cell('Total de la période', 'Coût incomplet').value).toBe(d.costs.incomplete);
    for (const m of d.costs.byMonth) {
      for (const line of DASHBOARD_COST_LINES)
        expect(cents(costs.cell(monthLabel(m.month), `${line.label} (€)`).value as number)).toBe(
          cents(m.lines[line.key]),
        );
      expect(costs.cell(monthLabel(m.month), 'Missions').value).toBe(m.missions);
    }
    const byHospital = tableOf(workbook.getWorksheet('Coûts'), 'Coûts par hôpital');
    const [largest] = d.costs.byHospital;
    expect(euroCell(byHospital.cell(largest.hospital ?? 'Autres', 'Total (€)'))).toBe(cents(largest.total));

    if (d.invoices) {
      const flight = tableOf(workbook.getWorksheet('Factures'), 'Statut des factures vol par mois');
      for (const m of d.invoices.byMonth)
        for (const s of STATISTIC_INVOICE_STATUSES)
          expect(flight.cell(monthLabel(m.month), STATISTIC_INVOICE_STATUS_BADGES[s].label).value).toBe(
            m.flight[s],
          );
    }
    if (d.invoices?.export) {
      const exportRows = tableOf(workbook.getWorksheet('Export comptable'), 'Export comptable par mois');
      for (const s of INVOICE_STATUSES)
        expect(exportRows.cell('Total de la période', INVOICE_STATUS_BADGES[s].label).value).toBe(
          d.invoices.export.counts[s],
        );
    }
    if (d.billing) {
      const gaps = tableOf(
        workbook.getWorksheet('Écarts de facturation'),
        'Écart facturé − calculé par mois',
      );
      expect(euroCell(gaps.cell('Total de la période', 'Facturé HT (€)'))).toBe(
        cents(d.billing.totals.invoiced),
      );
      expect(euroCell(gaps.cell('Total de la période', 'Écart (€)'))).toBe(
        cents(d.billing.totals.difference),
      );
      expect(euroCell(gaps.cell('Facturé hors comparaison', 'Facturé HT (€)'))).toBe(
        cents(d.billing.totals.uncompared),
      );
      for (const m of d.billing.byMonth)
        expect(cents(gaps.cell(monthLabel(m.month), 'Coût calculé (€)').value as number)).toBe(
          cents(m.computed),
        );
      const verdicts = tableOf(workbook.getWorksheet('Écarts de facturation'), 'Missions par verdict');
      for (const v of BILLING_VERDICTS)
        expect(verdicts.cell(BILLING_VERDICT_BADGES[v].label, 'Missions').value).toBe(d.billing.counts[v]);
    }
    if (d.activity) {
      const aircraft = tableOf(workbook.getWorksheet('Activité'), 'Heures de vol par appareil');
      for (const a of d.activity.aircraft) {
        const hours = aircraft.cell(a.registration, 'Heures de vol');
        expect(hours.numFmt).toBe('[h]:mm');
        // A duration cell: a fraction of a day, which exceljs reads back as a date from 1899-12-30.
        const days = hours.value instanceof Date ? hours.value.getTime() / 86_400_000 + 25_569 : hours.value;
        expect(Math.round((days as number) * 1440)).toBe(a.blockMinutes);
        expect(aircraft.cell(a.registration, 'Missions').value).toBe(a.missions);
      }
      const pilots = tableOf(workbook.getWorksheet('Activité'), 'Heures de vol par pilote');
      expect(pilots.rows.size).toBe(d.activity.pilots.length);
    }
  });

  it('writes nothing when exporting, not even an audit row (as the other exports)', async () => {
    const count = async () =>
      (await database().db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;
    const before = await count();
    await exported('admin@demo.test');
    expect(await count()).toBe(before);
  });
});
