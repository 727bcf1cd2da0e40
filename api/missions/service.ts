// What the missions routes do, one function a route: the role-scoped lists and counts, details, the PDFs,
// and the staff writes (edit, delete), each found as the user sees it, written and audited in one
// transaction (changeMission). The queries they share are in queries.ts.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Page } from '../../contract/http';
import {
  CATEGORY_STATUSES,
  canList,
  type EditMissionInput,
  MISSION_MESSAGES,
  MISSIONS_PAGE_SIZE,
  type MissionDetailsLeg,
  type MissionRow,
  type MissionStatus,
  type MissionsListQueryInput,
  type RecordsCount,
  splitOrgans,
} from '../../contract/missions';
import { STATISTIC_MISSION_STATUSES } from '../../contract/statistics';
import type { Db, Tx } from '../db/client';
import { missionLegs, missions } from '../db/schema';
import { audit } from '../lib/audit';
import { onVersion, refuseStale } from '../lib/conflicts';
import type { CurrentUser, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { EXACT_COUNT_UP_TO, listCount } from '../lib/list-count';
import { pageParams, toPage } from '../lib/paging';

/** The PDF drawing (pdf-lib, fontkit, the fonts) loads on the first PDF asked, not with the API. */
const pdf = () => import('./pdf');

import {
  findMission,
  listPage,
  listWhere,
  type Mission,
  missionDetails,
  readFilters,
  rowsWithLegs,
  visibleTo,
} from './queries';

/** What a change wrote: the route's answer, and the audit's before/after (before: the whole mission). */
interface MissionChange<T> {
  result: T;
  before?: unknown;
  after?: unknown;
}

/**
 * Every staff write to a mission: finds it as the user sees it (404 otherwise), runs `write` in a
 * transaction and audits it there as `action`, so that the change and its trace commit together.
 */
async function changeMission<T>(
  deps: Deps,
  user: CurrentUser,
  id: string,
  action: `mission.${string}`,
  write: (tx: Tx, mission: Mission, now: Date) => Promise<MissionChange<T>>,
): Promise<T> {
  const mission = await findMission(deps.db, user, id);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const change = await write(tx, mission, now);
    await audit(tx, {
      actorId: user.id,
      action,
      entity: 'mission',
      entityId: mission.id,
      before: change.before ?? mission,
      after: change.after,
      at: now,
    });
    return change.result;
  });
}

const byFrenchName = (a: string, b: string) => a.localeCompare(b, 'fr');

/** GET /missions: one page of a category's list, as the user may open it (403 otherwise). */
export async function listMissions(
  db: Db,
  user: CurrentUser,
  q: MissionsListQueryInput,
): Promise<Page<MissionRow>> {
  if (!canList(q.status, user.role)) fail(403, MISSION_MESSAGES.listForbidden);
  const { pageSize, offset } = pageParams(q, MISSIONS_PAGE_SIZE);
  const filters = readFilters(q);
  const { rows, total } = await listPage(db, listWhere(user, filters), filters, { pageSize, offset });
  return toPage(await rowsWithLegs(db, rows), total, pageSize);
}

/**
 * The hospitals a user may filter the lists on (GET /user/hospitals is ADMIN only): for staff those of
 * the missions, for a HOSPITAL user its own hospitals, each of them, and no other (decision 024).
 */
export async function missionHospitals(db: Db, user: CurrentUser): Promise<Array<{ name: string | null }>> {
  if (user.role === 'HOSPITAL') return [...user.hospitals].sort(byFrenchName).map((name) => ({ name }));
  return db
    .selectDistinct({ name: missions.buyerName })
    .from(missions)
    .where(and(visibleTo(user), isNotNull(missions.buyerName)))
    .orderBy(missions.buyerName);
}

/**
 * The menu counts: the missions of each category the user sees, and those with a statistic (decision
 * 038). The total first, by a count that stops at the bound: at or below it, every category is exact too
 * and one more scan counts them all; above it, each category has its own capped count or estimate.
 */
export async function recordsCount(
  db: Db,
  user: CurrentUser,
  exactUpTo = EXACT_COUNT_UP_TO,
): Promise<RecordsCount> {
  const visible = visibleTo(user);
  const categories = {
    waiting: CATEGORY_STATUSES.requested,
    inProgress: CATEGORY_STATUSES.inProgress,
    completed: CATEGORY_STATUSES.completed,
    canceled: CATEGORY_STATUSES.canceled,
    closed: CATEGORY_STATUSES.closed,
    statistics: STATISTIC_MISSION_STATUSES,
  } satisfies Record<Exclude<keyof RecordsCount, 'total'>, readonly MissionStatus[]>;
  const total = await listCount(db, missions, visible, exactUpTo);
  if (total <= exactUpTo) {
    // Every category is part of the total, so each is exact too: one scan of at most the bound counts them all.
    const exact = (statuses: readonly MissionStatus[]) =>
      sql<number>`(count(*) filter (where ${inArray(missions.status, [...statuses])}))::int`;
    const [row] = await db
      .select({
        waiting: exact(categories.waiting),
        inProgress: exact(categories.inProgress),
        completed: exact(categories.completed),
        canceled: exact(categories.canceled),
        closed: exact(categories.closed),
        statistics: exact(categories.statistics),
      })
      .from(missions)
      .where(visible);
    return { total, ...row };
  }
  const count = (statuses: readonly MissionStatus[]) =>
    listCount(db, missions, and(visible, inArray(missions.status, [...statuses])), exactUpTo);
  const [waiting, inProgress, completed, canceled, closed, statistics] = await Promise.all([
    count(categories.waiting),
    count(categories.inProgress),
    count(categories.completed),
    count(categories.canceled),
    count(categories.closed),
    count(categories.statistics),
  ]);
  return { total, waiting, inProgress, completed, canceled, closed, statistics };
}

/** The legs of the mission `id` as the user sees it (404 otherwise). */
export async function missionDetailsOf(db: Db, user: CurrentUser, id: string): Promise<MissionDetailsLeg[]> {
  return missionDetails(db, await findMission(db, user, id));
}

export interface PdfFile {
  bytes: Uint8Array;
  fileName: string;
}

/** The details PDF of the mission `id` as the user sees it. */
export async function missionDetailsPdf(db: Db, user: CurrentUser, id: string): Promise<PdfFile> {
  const mission = await findMission(db, user, id);
  return {
    bytes: await (await pdf()).missionPdf(mission, await missionDetails(db, mission)),
    fileName: 'mission-details.pdf',
  };
}

/** The transport voucher of the mission `id` as the user sees it; a mission without a number has none. */
export async function transportVoucherPdf(db: Db, user: CurrentUser, id: string): Promise<PdfFile> {
  const mission = await findMission(db, user, id);
  if (!mission.tripNumber) fail(404, MISSION_MESSAGES.notFound);
  return {
    bytes: await (await pdf()).voucherPdf(mission, await missionDetails(db, mission)),
    fileName: `bon-de-transport-${mission.tripNumber}.pdf`,
  };
}

/** PUT /missions/edit/: the back-office fields of a mission (architecture.md §4 'Who owns which field'). */
export async function editMission(
  deps: Deps,
  user: CurrentUser,
  input: EditMissionInput,
): Promise<MissionRow> {
  const after = await changeMission(deps, user, input.id, 'mission.edit', async (tx, before, now) => {
    const departures = new Set(
      (
        await tx
          .select({ icao: missionLegs.adepIcao })
          .from(missionLegs)
          .where(eq(missionLegs.missionId, before.id))
      ).map((l) => l.icao),
    );
    const deIcing = input.isWithIcing ? [...new Set(input.airportDeIcing ?? [])] : [];
    if (deIcing.some((icao) => !departures.has(icao))) fail(400, MISSION_MESSAGES.unknownDeIcingAirport);
    const [row] = await tx
      .update(missions)
      .set({
        numberOfCristal: input.numberOfCristal,
        status: input.astonStatus,
        statusSetByStaff: before.statusSetByStaff || input.astonStatus !== before.status,
        organType: splitOrgans(input.organType),
        aircraftType: input.aircraftType,
        aircraftTypeSetByStaff: before.aircraftTypeSetByStaff || input.aircraftType !== before.aircraftType,
        numberOfMeals: input.numberOfMeals,
        isWithIcing: input.isWithIcing,
        isWithOCS: input.isWithOCS,
        airportDeIcing: deIcing,
        updatedAt: now,
      })
      // Made on the version the form was opened on, if it says which (decision 064).
      .where(and(eq(missions.id, before.id), onVersion(missions.version, input.version)))
      .returning();
    if (!row) await refuseStale(tx, 'mission', { entity: 'mission', entityId: before.id }, now);
    return { result: row, after: row };
  });
  return (await rowsWithLegs(deps.db, [after]))[0];
}

/** DELETE /missions/delete/:id: a soft delete (a sync never brings it back). */
export async function deleteMission(deps: Deps, user: CurrentUser, id: string): Promise<{ id: string }> {
  return changeMission(deps, user, id, 'mission.delete', async (tx, before, now) => {
    await tx.update(missions).set({ deletedAt: now, updatedAt: now }).where(eq(missions.id, before.id));
    return { result: { id: before.id } };
  });
}
