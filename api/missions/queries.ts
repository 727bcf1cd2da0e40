// Mission queries shared by the service and the PDFs: role scoping, list filters, rows with their legs,
// details.
import { and, asc, desc, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  CATEGORY_STATUSES,
  canList,
  MISSION_CATEGORIES,
  MISSION_MESSAGES,
  MISSION_STATUSES,
  type MissionCategory,
  type MissionDetailsLeg,
  type MissionRow,
  type MissionStatus,
  type MissionsListQueryInput,
} from '../../contract/missions';
import type { Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { missionLegs, missions } from '../db/schema';
import type { CurrentUser } from '../lib/context';
import { fail } from '../lib/errors';
import { ofUserHospitals } from '../lib/hospital-scope';
import { EXACT_COUNT_UP_TO, listCount } from '../lib/list-count';
import { containsPattern } from '../lib/paging';
import { fromParisDay, untilParisDay } from '../lib/paris-days';

/** The statuses of the lists a role may open: a mission in no such list is not shown to that role. */
export const listableStatuses = (role: Role): MissionStatus[] => [
  ...new Set(MISSION_CATEGORIES.filter((c) => canList(c, role)).flatMap((c) => CATEGORY_STATUSES[c])),
];
const HOSPITAL_STATUSES = listableStatuses('HOSPITAL');

/**
 * What a user may see: nobody deleted missions; HOSPITAL users only their hospitals' (any of them), and
 * only in the statuses of the lists they may open (requirements §6: no 'Annulée sans frais'). A list's own
 * `hospitals` filter is added to this, so that it narrows within the user's hospitals, never beyond.
 */
export function visibleTo(user: CurrentUser): SQL {
  const live = isNull(missions.deletedAt);
  return user.role === 'HOSPITAL'
    ? and(live, ofUserHospitals(missions.buyerName, user), inArray(missions.status, HOSPITAL_STATUSES))!
    : live;
}

export interface ListFilters {
  category: MissionCategory;
  statusNeeded?: MissionStatus;
  search: string;
  hospitals: string[];
  startDate?: string;
  endDate?: string;
}

/** The filters of a parsed GET /missions query (contract MissionsListQuery). */
export function readFilters(q: MissionsListQueryInput): ListFilters {
  return {
    category: q.status,
    statusNeeded: q.statusNeeded,
    // Control characters cannot be typed in the box, and one separates the fields in searchText.
    search: (q.search ?? '').replace(/\p{Cc}/gu, '').trim(),
    hospitals: (q.hospitals ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    startDate: q.startDate,
    endDate: q.endDate,
  };
}

export function listWhere(user: CurrentUser, f: ListFilters): SQL {
  const statuses = f.statusNeeded ? [f.statusNeeded] : [...CATEGORY_STATUSES[f.category]];
  return and(
    visibleTo(user),
    inArray(missions.status, statuses),
    f.hospitals.length ? inArray(missions.buyerName, f.hospitals) : undefined,
    fromParisDay(missions.departureDateTime, f.startDate),
    untilParisDay(missions.departureDateTime, f.endDate),
    // Mission number, hospital or cristal number (schema: missions.searchText).
    f.search ? sql`${missions.searchText} like lower(${containsPattern(f.search)})` : undefined,
  )!;
}

/** The columns a list is ordered by: the table's, or those of a selection read from it. */
type Ordered = { departureDateTime: SQLWrapper; id: SQLWrapper };

/** Open lists show the next departures first; closed ones the latest. */
export const listOrder = (category: MissionCategory, row: Ordered = missions) =>
  category === 'requested' || category === 'inProgress'
    ? [sql`${row.departureDateTime} asc nulls last`, asc(row.id)]
    : [sql`${row.departureDateTime} desc nulls last`, desc(row.id)];

/**
 * One page of a list, and how many rows the list has (`listCount`).
 * Read along the list's order, a page stops at its last row: quick while the rows selected are spread
 * along that order. A search can select rows that lie together far from where the order starts (a trip
 * number's first digits pick the trips of one period). At a million missions, the first page of 'TR-12'
 * then read 353,442 rows to find its 20 (111 ms p50; issue 28, decision 038). So a search whose rows are
 * few (counted exactly: `exactUpTo` or fewer) has its page read from those rows, sorted, which the
 * search's trigram index finds (26 ms p50 for 'TR-12''s 3,174, count included). A search with more rows,
 * and a list without a search, are read along the order.
 */
export async function listPage(
  db: Db,
  where: SQL,
  filters: Pick<ListFilters, 'category' | 'search'>,
  page: { pageSize: number; offset: number },
  exactUpTo = EXACT_COUNT_UP_TO,
): Promise<{ rows: Mission[]; total: number }> {
  const along = () =>
    db
      .select()
      .from(missions)
      .where(where)
      .orderBy(...listOrder(filters.category))
      .limit(page.pageSize)
      .offset(page.offset);
  if (!filters.search) {
    const [rows, total] = await Promise.all([along(), listCount(db, missions, where, exactUpTo)]);
    return { rows, total };
  }
  const total = await listCount(db, missions, where, exactUpTo);
  if (total > exactUpTo) return { rows: await along(), total };
  // The limit cuts nothing (the rows are `exactUpTo` at most): it keeps the planner from reading them
  // along the order's index, as it would the same query unnested.
  const selected = db
    .select()
    .from(missions)
    .where(where)
    .limit(exactUpTo + 1)
    .as('selected');
  const rows = await db
    .select()
    .from(selected)
    .orderBy(...listOrder(filters.category, selected))
    .limit(page.pageSize)
    .offset(page.offset);
  return { rows, total };
}

export async function rowsWithLegs(db: Db, rows: Mission[]): Promise<MissionRow[]> {
  const legs = rows.length
    ? await db
        .select({
          missionId: missionLegs.missionId,
          adepIcao: missionLegs.adepIcao,
          adepName: missionLegs.adepName,
          adesIcao: missionLegs.adesIcao,
          adesName: missionLegs.adesName,
        })
        .from(missionLegs)
        .where(
          inArray(
            missionLegs.missionId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(missionLegs.missionId), asc(missionLegs.position))
    : [];
  return rows.map((m) => ({
    id: m.id,
    tripNumber: m.tripNumber,
    status: m.status,
    aircraftType: m.aircraftType,
    buyerName: m.buyerName,
    numberOfCristal: m.numberOfCristal,
    organType: m.organType,
    legs: legs.filter((l) => l.missionId === m.id).map(({ missionId: _, ...leg }) => leg),
    departureDateTime: m.departureDateTime?.toISOString() ?? null,
    numberOfMeals: m.numberOfMeals,
    isWithIcing: m.isWithIcing,
    isWithOCS: m.isWithOCS,
    airportDeIcing: m.airportDeIcing,
    hasTransportVoucher: m.tripNumber !== null,
    version: m.version,
  }));
}

export type Mission = typeof missions.$inferSelect;

/** The mission `id` as `user` may see it, or a 404. `id` is a UUID, parsed by the route (api/lib/validate.ts). */
export async function findMission(db: Db, user: CurrentUser, id: string): Promise<Mission> {
  const [row] = await db
    .select()
    .from(missions)
    .where(and(eq(missions.id, id), visibleTo(user)));
  if (!row) fail(404, MISSION_MESSAGES.notFound);
  return row;
}

export async function missionDetails(db: Db, mission: Mission): Promise<MissionDetailsLeg[]> {
  const legs = await db
    .select()
    .from(missionLegs)
    .where(eq(missionLegs.missionId, mission.id))
    .orderBy(asc(missionLegs.position));
  return legs.map((leg) => ({
    adepIcao: leg.adepIcao,
    adepName: leg.adepName,
    adesIcao: leg.adesIcao,
    adesName: leg.adesName,
    stdUTC: leg.stdUtc.toISOString(),
    staUTC: leg.staUtc.toISOString(),
    bloffUTC: leg.bloffUtc?.toISOString() ?? null,
    blonUTC: leg.blonUtc?.toISOString() ?? null,
    flightNumber: leg.flightNo,
    passengerCounts: leg.passengerCount,
    crewList: leg.crew,
    acftRegisteration: leg.registration,
    numberOfCristal: mission.numberOfCristal,
    tripNumber: mission.tripNumber,
    buyerName: mission.buyerName,
    organType: mission.organType,
    version: mission.version,
  }));
}

export { MISSION_STATUSES };
