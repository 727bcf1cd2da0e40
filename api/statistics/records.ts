// Statistic record queries shared by the service and the export: who sees which record, the list filters,
// and the row of requirements §3 with its costs from the cost engine (decision 010: computed on read, never stored).
import { fromZonedTime } from 'date-fns-tz';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { OrganType } from '../../contract/missions';
import {
  type AirportCostRow,
  STAFF_ONLY_FIELDS,
  type StatisticRow,
  type StatisticsFilters,
  type WireFigure,
} from '../../contract/statistics';
import type { Db } from '../db/client';
import { missionLegs, missions, statistics } from '../db/schema';
import type { CurrentUser } from '../lib/context';
import { ofUserHospitals } from '../lib/hospital-scope';
import { containsPattern } from '../lib/paging';
import {
  type CostRules,
  costLegColumns,
  DEFAULT_COST_RULES,
  type Figure,
  type PriceBook,
  priceBookVersionSql,
  priceRecord,
} from '../prices';

const PARIS = 'Europe/Paris';

/** yyyy-MM-dd of an instant in Paris ('en-CA' writes days that way), a few µs where date-fns-tz takes tens. */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const parisDayOf = (at: Date) => PARIS_DAY.format(at);

/** The instant a Paris calendar day starts. */
const parisDayStart = (day: string) => fromZonedTime(`${day}T00:00:00`, PARIS);
const nextDay = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The records a user may see: active ones (their mission in scope and not deleted); HOSPITAL users only
 * their hospitals' (any of them), and only those staff made visible to them.
 */
export function visibleTo(user: CurrentUser): SQL {
  // The trigger retires the record of a deleted mission: `active` implies a live mission.
  const live = eq(statistics.active, true);
  return user.role === 'HOSPITAL'
    ? and(live, ofUserHospitals(statistics.buyerName, user), eq(statistics.showForHospital, true))!
    : live;
}

/**
 * The records of the list's filters, on `statistics` alone: the trigger copies the mission's status,
 * hospital, departure and organs onto its record (migration 0013, decision 025), so a count never joins
 * the missions; only the search reads them, through their trigram index, as a sub-query.
 */
export function filtersWhere(user: CurrentUser, f: StatisticsFilters): SQL {
  const hospitals = (f.hospitals ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  // Control characters cannot be typed in the box, and one separates the fields of searchText.
  const search = (f.search ?? '').replace(/\p{Cc}/gu, '').trim();
  const pattern = search ? containsPattern(search) : null;
  // HOSPITAL users do not see invoice statuses, so they may not filter on them (it would tell them).
  const staff = user.role !== 'HOSPITAL';
  return and(
    visibleTo(user),
    f.status ? eq(statistics.missionStatus, f.status) : undefined,
    hospitals.length ? inArray(statistics.buyerName, hospitals) : undefined,
    f.startDate ? gte(statistics.departureDateTime, parisDayStart(f.startDate)) : undefined,
    f.endDate ? lt(statistics.departureDateTime, parisDayStart(nextDay(f.endDate))) : undefined,
    // Containment, not `= any(…)`, so that the GIN index statistics_organ_type_gin can serve it.
    f.organName ? sql`${statistics.organType} @> array[${f.organName}]::text[]` : undefined,
    staff && f.flightStatus ? eq(statistics.flightStatus, f.flightStatus) : undefined,
    staff && f.airportStatus ? eq(statistics.airportStatus, f.airportStatus) : undefined,
    // By mission number: the trigram index on searchText narrows, the trip number decides.
    pattern
      ? sql`${statistics.missionId} in (select ${missions.id} from ${missions} where ${missions.searchText} like lower(${pattern}) and lower(${missions.tripNumber}) like lower(${pattern}))`
      : undefined,
  )!;
}

/** Latest missions first (index statistics_list; the same order as the missions' own, by their copies). */
export const listOrder = [
  sql`${statistics.departureDateTime} desc nulls last`,
  sql`${statistics.missionId} desc`,
];

export const recordColumns = {
  id: statistics.id,
  missionId: statistics.missionId,
  flightStatus: statistics.flightStatus,
  airportStatus: statistics.airportStatus,
  showForHospital: statistics.showForHospital,
  flightInvoiceId: statistics.flightInvoiceId,
  airportInvoiceId: statistics.airportInvoiceId,
  flightPdfKey: statistics.flightPdfKey,
  airportPdfKey: statistics.airportPdfKey,
  tripNumber: missions.tripNumber,
  buyerName: missions.buyerName,
  aircraftType: missions.aircraftType,
  organType: missions.organType,
  numberOfMeals: missions.numberOfMeals,
  isWithOCS: missions.isWithOCS,
  airportDeIcing: missions.airportDeIcing,
  departureDateTime: missions.departureDateTime,
  missionStatus: statistics.missionStatus,
  version: statistics.version,
};

export type RecordRow = {
  id: string;
  version: number;
  missionId: string;
  flightStatus: (typeof statistics.$inferSelect)['flightStatus'];
  airportStatus: (typeof statistics.$inferSelect)['airportStatus'];
  showForHospital: boolean;
  flightInvoiceId: string | null;
  airportInvoiceId: string | null;
  flightPdfKey: string | null;
  airportPdfKey: string | null;
  tripNumber: string | null;
  buyerName: string | null;
  aircraftType: 'ND' | 'JET' | 'TURBOPROP';
  organType: OrganType[];
  numberOfMeals: number | null;
  isWithOCS: boolean | null;
  airportDeIcing: string[];
  departureDateTime: Date | null;
  missionStatus: (typeof statistics.$inferSelect)['missionStatus'];
};

/** The records of `where`, joined with their missions. */
function selectRecords(db: Db, where: SQL) {
  return db
    .select(recordColumns)
    .from(statistics)
    .innerJoin(missions, eq(missions.id, statistics.missionId))
    .where(where);
}

/**
 * One page (or export batch) of the records of `where`, in the list's order: the page's ids are picked on
 * `statistics` alone, along its index, and only those records are joined with their missions (a far page
 * no longer looks up every mission it skips).
 */
function selectPage(db: Db, where: SQL, limit: number, offset: number) {
  const page = db
    .select({ id: statistics.id })
    .from(statistics)
    .where(where)
    .orderBy(...listOrder)
    .limit(limit)
    .offset(offset);
  return selectRecords(db, inArray(statistics.id, page)).orderBy(...listOrder);
}

/** A page of records, and their legs, read as soon as the page is (while the count may still run). */
export async function readPage(db: Db, where: SQL, limit: number, offset: number) {
  const records = await selectPage(db, where, limit, offset);
  const legs = await legsOf(
    db,
    records.map((r) => r.missionId),
  );
  return { records, legs };
}

/**
 * The most realisation days (Paris days of flown legs, as `dateOfRealization`) of any record of `where`,
 * at least 1: the XLSX gives each day a cell of its own, the same number of cells on every row.
 */
export async function mostRealisationDays(db: Db, where: SQL): Promise<number> {
  const day = sql`((coalesce(${missionLegs.bloffUtc}, ${missionLegs.stdUtc}) at time zone 'Europe/Paris')::date)`;
  const perMission = db
    .select({ days: sql<number>`count(distinct ${day})`.as('days') })
    .from(missionLegs)
    .innerJoin(statistics, eq(statistics.missionId, missionLegs.missionId))
    .where(and(where, eq(missionLegs.isCnl, false)))
    .groupBy(missionLegs.missionId)
    .as('per_mission');
  const [{ most }] = await db
    .select({ most: sql<number>`coalesce(max(${perMission.days}), 1)::int` })
    .from(perMission);
  return Math.max(1, Number(most));
}

export type LegRow = {
  missionId: string;
  isCnl: boolean;
  stdUtc: Date;
  staUtc: Date;
  bloffUtc: Date | null;
  blonUtc: Date | null;
  adepIcao: string;
  adepName: string;
  adesName: string;
};

async function legsOf(db: Db, missionIds: string[]): Promise<Map<string, LegRow[]>> {
  const byMission = new Map<string, LegRow[]>();
  if (missionIds.length === 0) return byMission;
  const legs = await db
    .select({
      missionId: missionLegs.missionId,
      ...costLegColumns,
      adepName: missionLegs.adepName,
      adesName: missionLegs.adesName,
    })
    .from(missionLegs)
    .where(inArray(missionLegs.missionId, missionIds))
    .orderBy(asc(missionLegs.missionId), asc(missionLegs.position));
  for (const leg of legs) {
    const list = byMission.get(leg.missionId);
    if (list) list.push(leg);
    else byMission.set(leg.missionId, [leg]);
  }
  return byMission;
}

/** Cents → euros; minutes stay minutes. */
const euros = (figure: Figure): WireFigure =>
  figure.ok ? { ok: true, value: figure.value / 100 } : { ok: false, reason: figure.reason };

/**
 * The rows of requirements §3 for `records` and their `legs` (legsOf), priced with `book` and the operator's
 * `rules` (configuration); HOSPITAL users get them without staff fields.
 */
export function toRows(
  user: CurrentUser,
  records: RecordRow[],
  legs: Map<string, LegRow[]>,
  book: PriceBook,
  rules: CostRules = DEFAULT_COST_RULES,
): StatisticRow[] {
  const hospital = user.role === 'HOSPITAL';
  return records.map((r) => {
    const missionLegsList = legs.get(r.missionId) ?? [];
    const flown = missionLegsList.filter((l) => !l.isCnl);
    const lateCancellation = r.missionStatus === 'ANNULEE_45_MOINS';
    const costs = priceRecord(r, missionLegsList, book, rules);
    const row: StatisticRow = {
      id: r.id,
      missionId: r.missionId,
      numberOfMission: r.tripNumber,
      hospitalName: r.buyerName,
      dateOfRealization: [...new Set(flown.map((l) => parisDayOf(l.bloffUtc ?? l.stdUtc)))],
      departures: flown.map((l) => l.adepName),
      arrivals: flown.map((l) => l.adesName),
      aircraftType: r.aircraftType,
      organType: r.organType,
      flightTime: costs.billedTime,
      costOfFlightTime: euros(costs.costOfFlightTime),
      costOfRegulation: euros(costs.costOfRegulation),
      costOfMeal: euros(costs.costOfMeal),
      totalCost: euros(costs.totalCost),
      flightInvoicePdf: r.flightPdfKey !== null,
      airportCosts: costs.airportCosts.map(
        (a): AirportCostRow => ({
          icaoCode: a.icaoCode,
          withDeIcing: a.withDeIcing,
          amount: euros(a.amount),
        }),
      ),
      totalAirportCosts: euros(costs.totalAirportCosts),
      airportInvoicePdf: r.airportPdfKey !== null,
      lateCancellation,
      flightInvoiceNumber: r.flightInvoiceId,
      flightStatus: r.flightStatus,
      airportInvoiceNumber: r.airportInvoiceId,
      airportStatus: r.airportStatus,
      showForHospital: r.showForHospital,
      disableAirportPdfUpload: r.airportStatus === 'NOT_APPLICABLE',
      version: r.version,
    };
    if (hospital) for (const field of STAFF_ONLY_FIELDS) delete row[field];
    return row;
  });
}

/** A record the user may see, with its mission's number, or null. */
export async function findRecord(db: Db, user: CurrentUser, id: string): Promise<RecordRow | null> {
  const [row] = await selectRecords(db, and(eq(statistics.id, id), visibleTo(user))!);
  return row ?? null;
}

/** How many records match `where` (filtersWhere), exactly, on `statistics` alone. */
export async function countWhere(db: Db, where: SQL): Promise<number> {
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(statistics).where(where);
  return total;
}

/**
 * countWhere, and in the same statement the price book's version (one row read once): priceBookAt then
 * reads the prices only when they changed since this process last read them (decision 025).
 */
export async function countAndPriceBookVersion(
  db: Db,
  where: SQL,
): Promise<{ total: number; prices: string }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, prices: priceBookVersionSql })
    .from(statistics)
    .where(where);
  return row;
}
