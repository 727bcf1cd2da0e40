// What GET /dashboard reads: each panel grouped by month (or organ, hospital, aircraft, pilot) in the
// database, on the rows the lists show the same user (their scoping conditions, imported, not rewritten).
// Costs are the one exception: the cost engine prices a mission in the API (decision 010), so the costs and
// the billing gaps come from the billing check's period read (`checkPeriod`: one statement for the records
// with their invoices summed, one for their legs, epoch instants, no per-field mapping), each mission priced
// once, and only the sums leave this module. Nothing here writes.
import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { BILLING_VERDICTS, type BillingVerdict } from '../../contract/billing';
import type { Period } from '../../contract/crew-and-fleet';
import { activityPeriodProblem, FLIGHT_CREW_POSITIONS } from '../../contract/crew-and-fleet';
import {
  DASHBOARD_COST_LINES,
  DASHBOARD_TOP,
  type DashboardActivity,
  type DashboardBilling,
  type DashboardCostLine,
  type DashboardCostLines,
  type DashboardCosts,
  type DashboardData,
  type DashboardInvoices,
  type DashboardMissions,
  type DashboardPanel,
  type DashboardQueryInput,
  dashboardShows,
  defaultDashboardPeriod,
  monthsOf,
} from '../../contract/dashboard';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../contract/invoices';
import {
  type AircraftType,
  type CrewMember,
  MISSION_STATUSES,
  type MissionStatus,
  ORGAN_TYPES,
  type OrganType,
} from '../../contract/missions';
import { STATISTIC_INVOICE_STATUSES, type StatisticInvoiceStatus } from '../../contract/statistics';
import { type BillingFilters, type CheckedRow, checkPeriod, readPeriodRows } from '../billing';
import { fullName, pilotKeys } from '../crew-and-fleet';
import { type Db, rowsOf } from '../db/client';
import { invoices, missionLegs, missions, statistics } from '../db/schema';
import type { CurrentUser, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { fromParisDay, untilParisDay } from '../lib/paris-days';
import { listableStatuses, missionsVisibleTo } from '../missions';
import { filtersWhere, statisticsVisibleTo } from '../statistics';

/** The Paris month (YYYY-MM) of a timestamp column, in SQL. */
const parisMonth = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'Europe/Paris', 'YYYY-MM')`;

/**
 * The period asked for: an end left out is today (or the start, when later); a start left out begins the
 * 12 calendar months that end with the end. Refused (400, French) when longer than 36 months, as a whole
 * period already is by the query's schema, so that one day alone far back reads no more.
 */
export function dashboardPeriod(q: DashboardQueryInput, now: Date): Period {
  const today = defaultDashboardPeriod(now).endDate;
  const endDate = q.endDate ?? (q.startDate && q.startDate > today ? q.startDate : today);
  const startDate = q.startDate ?? defaultDashboardPeriod(new Date(`${endDate}T12:00:00Z`)).startDate;
  const period = { startDate, endDate };
  const problem = activityPeriodProblem(period);
  if (problem) fail(400, problem);
  return period;
}

/** The hospitals of the query, as the lists read theirs: comma-joined names, blanks left out. */
export const hospitalsOf = (q: DashboardQueryInput): string[] =>
  (q.hospitals ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

const euros = (cents: number) => Math.round(cents) / 100;

// ---- Missions ----------------------------------------------------------------------------------------

/** The missions the user's lists show in the period, counted by month and status, and by organ. */
function readMissions(db: Db, user: CurrentUser, period: Period, hospitals: string[]) {
  // The lists' own condition (role, hospitals, listable statuses, not deleted), then their filters.
  const where = and(
    missionsVisibleTo(user),
    hospitals.length ? inArray(missions.buyerName, hospitals) : undefined,
    fromParisDay(missions.departureDateTime, period.startDate),
    untilParisDay(missions.departureDateTime, period.endDate),
  );
  const month = parisMonth(missions.departureDateTime);
  return Promise.all([
    db
      .select({ month, status: missions.status, count: sql<number>`count(*)::int` })
      .from(missions)
      .where(where)
      .groupBy(month, missions.status),
    db
      .select({ organ: sql<string | null>`organ`, count: sql<number>`count(*)::int` })
      .from(missions)
      .leftJoin(sql`lateral unnest(${missions.organType}) as organ`, sql`true`)
      .where(where)
      .groupBy(sql`organ`),
  ]);
}

function missionsPanel(
  [byStatus, byOrgan]: Awaited<ReturnType<typeof readMissions>>,
  user: CurrentUser,
  months: string[],
): DashboardMissions {
  const listable = new Set(listableStatuses(user.role));
  const statuses = MISSION_STATUSES.filter((s) => listable.has(s));
  const perMonth = new Map(months.map((m) => [m, zeros<MissionStatus>(statuses)]));
  let total = 0;
  for (const row of byStatus) {
    const counts = perMonth.get(row.month);
    if (!counts) continue;
    counts[row.status] = row.count;
    total += row.count;
  }
  const organCount = new Map(byOrgan.map((r) => [r.organ, Number(r.count)]));
  return {
    statuses: [...statuses],
    byMonth: months.map((m) => {
      const counts = perMonth.get(m) as Record<MissionStatus, number>;
      return { month: m, counts, total: statuses.reduce((sum, s) => sum + counts[s], 0) };
    }),
    byOrgan: [
      ...ORGAN_TYPES.map((organ) => ({
        organ: organ as OrganType | null,
        missions: organCount.get(organ) ?? 0,
      })),
      ...(organCount.get(null) ? [{ organ: null, missions: organCount.get(null) as number }] : []),
    ],
    total,
  };
}

// ---- Costs and billing gaps (one period read, each mission priced once) -------------------------------

type Tally = { lines: DashboardCostLines; missions: number; incomplete: number };
const newTally = (): Tally => ({
  lines: zeros(DASHBOARD_COST_LINES.map((l) => l.key)),
  missions: 0,
  incomplete: 0,
});
const totalOf = (lines: DashboardCostLines) => Object.values(lines).reduce((sum, c) => sum + c, 0);

/** Adds a priced mission's known figures (cents) to `tally`; a figure missing makes it 'Coût incomplet'. */
function add(tally: Tally, { costs }: NonNullable<CheckedRow['priced']>) {
  const known = (line: DashboardCostLine, figure: { ok: boolean; value?: number }) => {
    if (figure.ok) tally.lines[line] += figure.value as number;
  };
  known('flightTime', costs.costOfFlightTime);
  known('regulation', costs.costOfRegulation);
  known('meals', costs.costOfMeal);
  for (const a of costs.airportCosts) known(a.withDeIcing ? 'airportDeIcing' : 'airport', a.amount);
  tally.missions += 1;
  if (!costs.totalCost.ok || !costs.totalAirportCosts.ok) tally.incomplete += 1;
}

const wireLines = (lines: DashboardCostLines) =>
  Object.fromEntries(Object.entries(lines).map(([k, c]) => [k, euros(c)])) as DashboardCostLines;

function costsPanel(rows: readonly CheckedRow[], months: string[]): DashboardCosts {
  const perMonth = new Map(months.map((m) => [m, newTally()]));
  const perHospital = new Map<string | null, Tally>();
  const all = newTally();
  for (const row of rows) {
    if (!row.priced) continue;
    const month = perMonth.get(row.day?.slice(0, 7) ?? '');
    if (!month) continue;
    add(month, row.priced);
    add(all, row.priced);
    const hospital = perHospital.get(row.priced.hospital) ?? newTally();
    add(hospital, row.priced);
    perHospital.set(row.priced.hospital, hospital);
  }
  const ranked = [...perHospital]
    .map(([hospital, t]) => ({ hospital, t, cents: totalOf(t.lines) }))
    .sort((a, b) => b.cents - a.cents || (a.hospital ?? '').localeCompare(b.hospital ?? ''));
  const others = newTally();
  for (const { t } of ranked.slice(DASHBOARD_TOP)) {
    for (const line of DASHBOARD_COST_LINES) others.lines[line.key] += t.lines[line.key];
    others.missions += t.missions;
    others.incomplete += t.incomplete;
  }
  const entry = (hospital: string | null, isOthers: boolean, t: Tally) => ({
    hospital,
    others: isOthers,
    total: euros(totalOf(t.lines)),
    missions: t.missions,
    incomplete: t.incomplete,
  });
  return {
    byMonth: months.map((m) => {
      const t = perMonth.get(m) as Tally;
      return {
        month: m,
        lines: wireLines(t.lines),
        total: euros(totalOf(t.lines)),
        missions: t.missions,
        incomplete: t.incomplete,
      };
    }),
    byHospital: [
      ...ranked.slice(0, DASHBOARD_TOP).map(({ hospital, t }) => entry(hospital, false, t)),
      ...(ranked.length > DASHBOARD_TOP ? [entry(null, true, others)] : []),
    ],
    lines: wireLines(all.lines),
    total: euros(totalOf(all.lines)),
    missions: all.missions,
    incomplete: all.incomplete,
  };
}

/** The billing check's totals by month and its counts, as GET /billing/checks adds them (totalsOf). */
function billingPanel(rows: readonly CheckedRow[], months: string[]): DashboardBilling {
  const newSums = () => ({ invoiced: 0, computed: 0, difference: 0, compared: 0 });
  const perMonth = new Map(months.map((m) => [m, newSums()]));
  const all = newSums();
  let uncompared = 0;
  const counts = zeros<BillingVerdict>(BILLING_VERDICTS);
  for (const { check, day } of rows) {
    counts[check.verdict] += 1;
    if (check.computedCents === null || check.differenceCents === null) {
      uncompared += check.invoicedCents;
      continue;
    }
    for (const sums of [perMonth.get(day?.slice(0, 7) ?? ''), all]) {
      if (!sums) continue;
      sums.invoiced += check.invoicedCents;
      sums.computed += check.computedCents;
      sums.difference += check.differenceCents;
      sums.compared += 1;
    }
  }
  return {
    byMonth: months.map((m) => {
      const s = perMonth.get(m) as ReturnType<typeof newSums>;
      return {
        month: m,
        invoiced: euros(s.invoiced),
        computed: euros(s.computed),
        difference: euros(s.difference),
        compared: s.compared,
      };
    }),
    totals: {
      invoiced: euros(all.invoiced),
      computed: euros(all.computed),
      difference: euros(all.difference),
      uncompared: euros(uncompared),
    },
    counts,
  };
}

// ---- Invoices ----------------------------------------------------------------------------------------

/** The statistics rows' invoice statuses by month; the accounting rows' statuses by month when `exports`. */
function readInvoices(db: Db, user: CurrentUser, period: Period, hospitals: string[], exports: boolean) {
  // The statistics list's own filters (scope, period, hospitals).
  const where = filtersWhere(user, { ...period, hospitals: hospitals.join(',') });
  const month = parisMonth(statistics.departureDateTime);
  const exportMonth = sql<string>`to_char(${invoices.invoiceDate}, 'YYYY-MM')`;
  return Promise.all([
    db
      .select({
        month,
        flight: statistics.flightStatus,
        airport: statistics.airportStatus,
        count: sql<number>`count(*)::int`,
      })
      .from(statistics)
      .where(where)
      .groupBy(month, statistics.flightStatus, statistics.airportStatus),
    exports
      ? db
          .select({ month: exportMonth, status: invoices.status, count: sql<number>`count(*)::int` })
          .from(invoices)
          .where(
            and(
              gte(invoices.invoiceDate, period.startDate),
              lte(invoices.invoiceDate, period.endDate),
              hospitals.length ? inArray(invoices.requester, hospitals) : undefined,
            ),
          )
          .groupBy(exportMonth, invoices.status)
      : null,
  ]);
}

function invoicesPanel(
  [statuses, exported]: Awaited<ReturnType<typeof readInvoices>>,
  months: string[],
): DashboardInvoices {
  const perMonth = new Map(
    months.map((m) => [
      m,
      {
        flight: zeros<StatisticInvoiceStatus>(STATISTIC_INVOICE_STATUSES),
        airport: zeros<StatisticInvoiceStatus>(STATISTIC_INVOICE_STATUSES),
      },
    ]),
  );
  for (const row of statuses) {
    const m = perMonth.get(row.month);
    if (!m) continue;
    m.flight[row.flight] += row.count;
    m.airport[row.airport] += row.count;
  }
  let exportPanel: DashboardInvoices['export'] = null;
  if (exported) {
    const byMonth = new Map(months.map((m) => [m, zeros<InvoiceStatus>(INVOICE_STATUSES)]));
    const counts = zeros<InvoiceStatus>(INVOICE_STATUSES);
    for (const row of exported) {
      const m = byMonth.get(row.month);
      if (!m || !(row.status in counts)) continue;
      m[row.status] += row.count;
      counts[row.status] += row.count;
    }
    exportPanel = { byMonth: months.map((m) => ({ month: m, counts: byMonth.get(m)! })), counts };
  }
  return { byMonth: months.map((m) => ({ month: m, ...perMonth.get(m)! })), export: exportPanel };
}

// ---- Activity ----------------------------------------------------------------------------------------

/** A leg's departure as the Pilotes and Flotte screens date it: block-off, else scheduled. */
const legDeparture = sql`coalesce(${missionLegs.bloffUtc}, ${missionLegs.stdUtc})`;
/** Block-off to block-on in whole minutes (crew-and-fleet's `blockMinutes`), null when not flown. */
const legMinutes = sql`(case when ${missionLegs.blonUtc} >= ${missionLegs.bloffUtc}
  then round(extract(epoch from (${missionLegs.blonUtc} - ${missionLegs.bloffUtc})) / 60) end)`;

/** The ten aircraft of most flight time, and the flight crew's time by how Leon names them. */
function readActivity(db: Db, period: Period, hospitals: string[]) {
  // The legs the Pilotes and Flotte screens read: not cancelled, of a live mission, departed in the period.
  const legsWhere = and(
    isNull(missions.deletedAt),
    eq(missionLegs.isCnl, false),
    fromParisDay(legDeparture, period.startDate),
    untilParisDay(legDeparture, period.endDate),
    hospitals.length ? inArray(missions.buyerName, hospitals) : undefined,
  ) as SQL;
  return Promise.all([
    rowsOf<{ registration: string; aircraftType: AircraftType; blockMinutes: number; missions: number }>(
      db,
      sql`select ${missionLegs.registration} as registration,
        (array_agg(${missions.aircraftType} order by ${legDeparture} desc, ${missionLegs.position} desc))[1] as "aircraftType",
        coalesce(sum(${legMinutes}), 0)::int as "blockMinutes",
        (count(distinct ${missionLegs.missionId}) filter (where ${legMinutes} is not null))::int as missions
      from ${missionLegs} join ${missions} on ${missions.id} = ${missionLegs.missionId}
      where ${legsWhere} and coalesce(${missionLegs.registration}, '') <> ''
      group by ${missionLegs.registration}
      having coalesce(sum(${legMinutes}), 0) > 0
      order by 3 desc, ${missionLegs.registration} collate "C" asc
      limit ${DASHBOARD_TOP}`,
    ),
    // Each flight-crew member of each leg, grouped by how Leon names them (hashed, no sort); the keys of the
    // Pilotes screen then join the groups of one person (pilotKeys). Leon lists a person once on a leg.
    rowsOf<CrewMember & { blockMinutes: number; legs: number; latest: number }>(
      db,
      sql`select member->>'name' as name, member->>'surname' as surname,
        (member->>'contactNid')::float8 as "contactNid",
        coalesce(sum(${legMinutes}), 0)::int as "blockMinutes",
        (count(*) filter (where ${legMinutes} is not null))::int as legs,
        (extract(epoch from max(${legDeparture})) * 1000)::float8 as latest
      from ${missionLegs} join ${missions} on ${missions.id} = ${missionLegs.missionId}
      cross join lateral jsonb_array_elements(${missionLegs.crew}) as member
      where ${legsWhere} and member->>'position' in (${sql.join(
        FLIGHT_CREW_POSITIONS.map((p) => sql`${p}`),
        sql`, `,
      )})
      group by 1, 2, 3`,
    ),
  ]);
}

function activityPanel([aircraft, crew]: Awaited<ReturnType<typeof readActivity>>): DashboardActivity {
  const members = crew.map((m) => ({
    ...m,
    name: m.name ?? '',
    surname: m.surname ?? '',
    position: '',
    phoneWork: null,
    contactNid: m.contactNid === null || m.contactNid === undefined ? undefined : Number(m.contactNid),
  }));
  const keyOf = pilotKeys(members);
  const pilots = new Map<string, { name: string; latest: number; blockMinutes: number; legs: number }>();
  for (const m of members) {
    const key = keyOf(m);
    if (!key) continue;
    const pilot = pilots.get(key) ?? { name: '', latest: -Infinity, blockMinutes: 0, legs: 0 };
    pilot.blockMinutes += Number(m.blockMinutes);
    pilot.legs += Number(m.legs);
    // The name of the latest leg, as the Pilotes screen shows it.
    if (Number(m.latest) >= pilot.latest && fullName(m)) {
      pilot.latest = Number(m.latest);
      pilot.name = fullName(m);
    }
    pilots.set(key, pilot);
  }
  return {
    aircraft: aircraft.map((a) => ({
      registration: a.registration,
      aircraftType: a.aircraftType,
      blockMinutes: Number(a.blockMinutes),
      missions: Number(a.missions),
    })),
    pilots: [...pilots]
      .map(([id, p]) => ({ id, name: p.name, blockMinutes: p.blockMinutes, legs: p.legs }))
      .filter((p) => p.blockMinutes > 0)
      .sort((a, b) => b.blockMinutes - a.blockMinutes || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, DASHBOARD_TOP),
  };
}

// ---- The route's one call ----------------------------------------------------------------------------

type Shows = (panel: DashboardPanel) => boolean;

/** The period's billing filters for `user`: the statistics it sees; the invoices for no mission if billing. */
const billingFilters = (
  user: CurrentUser,
  period: Period,
  hospitals: string[],
  shows: Shows,
): BillingFilters => ({
  ...period,
  hospitals,
  scope: statisticsVisibleTo(user),
  orphans: shows('billing'),
});

/**
 * Every statement GET /dashboard runs, at once, and nothing else: the benchmark's bare side (the route
 * reads the billing check's period through `checkPeriod`, which runs `readPeriodRows` with the same filters).
 */
export function dashboardStatements(db: Db, user: CurrentUser, period: Period, hospitals: string[]) {
  const shows: Shows = (panel) => dashboardShows(user.role, panel);
  return Promise.all([
    readMissions(db, user, period, hospitals),
    readPeriodRows(db, billingFilters(user, period, hospitals, shows)),
    shows('invoices') ? readInvoices(db, user, period, hospitals, shows('invoiceExport')) : null,
    shows('activity') ? readActivity(db, period, hospitals) : null,
  ]);
}

/** GET /dashboard: every panel `user` may see, for the period and hospitals of `q`. */
export async function dashboardOf(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  user: CurrentUser,
  q: DashboardQueryInput,
): Promise<DashboardData> {
  const { db } = deps;
  const now = deps.now();
  const period = dashboardPeriod(q, now);
  const hospitals = hospitalsOf(q);
  const months = monthsOf(period);
  const shows: Shows = (panel) => dashboardShows(user.role, panel);
  const [missionRows, checked, invoiceRows, activityRows] = await Promise.all([
    readMissions(db, user, period, hospitals),
    // The statistics rows the user sees, each priced once, and judged as the billing check judges them.
    checkPeriod(db, billingFilters(user, period, hospitals, shows), now, deps.config.costRules),
    shows('invoices') ? readInvoices(db, user, period, hospitals, shows('invoiceExport')) : null,
    shows('activity') ? readActivity(db, period, hospitals) : null,
  ]);
  return {
    period,
    months,
    hospitals,
    missions: missionsPanel(missionRows, user, months),
    costs: costsPanel(checked.rows, months),
    invoices: invoiceRows && invoicesPanel(invoiceRows, months),
    billing: shows('billing') ? billingPanel(checked.rows, months) : null,
    activity: activityRows && activityPanel(activityRows),
  };
}
