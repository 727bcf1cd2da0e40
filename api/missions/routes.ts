// Missions (requirements §7 Missions and GET /leon/records-count): role-scoped lists, details, edit, delete,
// the PDFs (the hospital visibility flag is the statistics feature's). HOSPITAL users read their hospitals'
// missions only.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import {
  CATEGORY_STATUSES,
  canList,
  EditMissionBody,
  MISSION_MESSAGES,
  MISSIONS_PAGE_SIZE,
  MissionsListQuery,
  type RecordsCount,
  splitOrgans,
} from '../../contract/missions';
import { STAFF_ROLES } from '../../contract/roles';
import { requireRole, requireUser } from '../auth';
import { missionLegs, missions } from '../db/schema';
import type { AppEnv } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams, toPage } from '../lib/paging';
import { body, param, query } from '../lib/validate';
import { missionPdf, voucherPdf } from './pdf';
import {
  changeMission,
  findMission,
  listOrder,
  listWhere,
  missionDetails,
  readFilters,
  rowsWithLegs,
  STATUS_SQL_LIST,
  visibleTo,
} from './service';

const staff = [requireUser(), requireRole(...STAFF_ROLES)] as const;

/** changeMission on the mission of the path's `:id`, as the signed-in user. */
const changeMissionOfPath = <T>(
  c: Context<AppEnv>,
  action: Parameters<typeof changeMission>[3],
  write: Parameters<typeof changeMission<T>>[4],
) => changeMission(c.get('deps'), c.get('user'), param(c, 'id'), action, write);

const byFrenchName = (a: string, b: string) => a.localeCompare(b, 'fr');

const pdfResponse = (bytes: Uint8Array, fileName: string) =>
  new Response(bytes as BodyInit, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });

export const missionsRoutes = new Hono<AppEnv>()
  .get('/missions', requireUser(), async (c) => {
    const { db } = c.get('deps');
    const q = query(c, MissionsListQuery);
    if (!canList(q.status, c.get('user').role)) fail(403, MISSION_MESSAGES.listForbidden);
    const { pageSize, offset } = pageParams(q, MISSIONS_PAGE_SIZE);
    const filters = readFilters(q);
    const where = listWhere(c.get('user'), filters);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(missions)
        .where(where)
        .orderBy(...listOrder(filters.category))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: sql<number>`count(*)::int` }).from(missions).where(where),
    ]);
    return c.json({ data: toPage(await rowsWithLegs(db, rows), total, pageSize) });
  })
  // The hospitals a user may filter the lists on (GET /user/hospitals is ADMIN only): for staff those of
  // the missions, for a HOSPITAL user its own hospitals, each of them, and no other (decision 024).
  .get('/missions/hospitals', requireUser(), async (c) => {
    const user = c.get('user');
    if (user.role === 'HOSPITAL')
      return c.json({ data: [...user.hospitals].sort(byFrenchName).map((name) => ({ name })) });
    const rows = await c
      .get('deps')
      .db.selectDistinct({ name: missions.buyerName })
      .from(missions)
      .where(and(visibleTo(c.get('user')), isNotNull(missions.buyerName)))
      .orderBy(missions.buyerName);
    return c.json({ data: rows });
  })
  // The menu counts are hidden for HOSPITAL (requirements §6), so it is refused the call: a count per category
  // would also tell of lists it may not open.
  .get('/leon/records-count', ...staff, async (c) => {
    const { db } = c.get('deps');
    const user = c.get('user');
    const count = (statuses: readonly string[]) =>
      sql<number>`(count(*) filter (where ${missions.status} in (${STATUS_SQL_LIST(statuses as never)})))::int`;
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        waiting: count(CATEGORY_STATUSES.requested),
        inProgress: count(CATEGORY_STATUSES.inProgress),
        completed: count(CATEGORY_STATUSES.completed),
        canceled: count(CATEGORY_STATUSES.canceled),
        closed: count(CATEGORY_STATUSES.closed),
        statistics: sql<number>`(count(*) filter (where ${missions.status} in ('TERMINEE', 'CLOTUREE', 'ANNULEE_45_MOINS')))::int`,
      })
      .from(missions)
      .where(visibleTo(user));
    return c.json({ data: row satisfies RecordsCount });
  })
  .get('/missions/details/:id', requireUser(), async (c) => {
    const { db } = c.get('deps');
    const mission = await findMission(db, c.get('user'), param(c, 'id'));
    return c.json({ data: await missionDetails(db, mission) });
  })
  .get('/missions/generate-pdf/:id', requireUser(), async (c) => {
    const { db } = c.get('deps');
    const mission = await findMission(db, c.get('user'), param(c, 'id'));
    return pdfResponse(await missionPdf(mission, await missionDetails(db, mission)), 'mission-details.pdf');
  })
  .get('/missions/transport-voucher/:id', requireUser(), async (c) => {
    const { db } = c.get('deps');
    const mission = await findMission(db, c.get('user'), param(c, 'id'));
    if (!mission.tripNumber) fail(404, MISSION_MESSAGES.notFound);
    return pdfResponse(
      await voucherPdf(mission, await missionDetails(db, mission)),
      `bon-de-transport-${mission.tripNumber}.pdf`,
    );
  })
  .put('/missions/edit/', ...staff, async (c) => {
    const deps = c.get('deps');
    const input = await body(c, EditMissionBody);
    const after = await changeMission(
      deps,
      c.get('user'),
      input.id,
      'mission.edit',
      async (tx, before, now) => {
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
            aircraftTypeSetByStaff:
              before.aircraftTypeSetByStaff || input.aircraftType !== before.aircraftType,
            numberOfMeals: input.numberOfMeals,
            isWithIcing: input.isWithIcing,
            isWithOCS: input.isWithOCS,
            airportDeIcing: deIcing,
            updatedAt: now,
          })
          .where(eq(missions.id, before.id))
          .returning();
        return { result: row, after: row };
      },
    );
    return c.json({ data: (await rowsWithLegs(deps.db, [after]))[0] });
  })
  .delete('/missions/delete/:id', ...staff, async (c) => {
    const data = await changeMissionOfPath(c, 'mission.delete', async (tx, before, now) => {
      await tx.update(missions).set({ deletedAt: now, updatedAt: now }).where(eq(missions.id, before.id));
      return { result: { id: before.id } };
    });
    return c.json({ data });
  });
