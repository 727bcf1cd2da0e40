// Mission queries shared by the service and the PDFs: role scoping, list filters, rows with their legs,
// details.
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
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

/** Open lists show the next departures first; closed ones the latest. */
export const listOrder = (category: MissionCategory) =>
  category === 'requested' || category === 'inProgress'
    ? [sql`${missions.departureDateTime} asc nulls last`, asc(missions.id)]
    : [sql`${missions.departureDateTime} desc nulls last`, desc(missions.id)];

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
  }));
}

export { MISSION_STATUSES };
