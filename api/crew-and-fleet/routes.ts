// Pilots and fleet (issue 25, decision 034), staff only, read only: GET /pilots and GET /fleet (one row
// per crew member or aircraft seen on the period's legs, searched and paged), GET /pilots/missions and
// GET /fleet/missions (the missions of one row). The period defaults to the last 12 months.
import { Hono } from 'hono';
import {
  ACTIVITY_MISSIONS_PAGE_SIZE,
  ActivityListQuery,
  AircraftMissionsQuery,
  CREW_AND_FLEET_PAGE_SIZE,
  FLEET_PATHS,
  PILOT_PATHS,
  PilotMissionsQuery,
} from '../../contract/crew-and-fleet';
import { STAFF_ROLES } from '../../contract/roles';
import { requireRole, requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { pageParams, toPage } from '../lib/paging';
import { query } from '../lib/validate';
import { loadPriceBook } from '../prices';
import { aircraftRows, folded, legsOf, legsOfPilot, missionRows, periodOf, pilotRows } from './service';

const staff = [requireUser(), requireRole(...STAFF_ROLES)] as const;

const pageOf = <T>(rows: T[], page: { offset: number; pageSize: number }) =>
  toPage(rows.slice(page.offset, page.offset + page.pageSize), rows.length, page.pageSize);

export const crewAndFleetRoutes = new Hono<AppEnv>()
  .get(PILOT_PATHS.list, ...staff, async (c) => {
    const deps = c.get('deps');
    const q = query(c, ActivityListQuery);
    const page = pageParams(q, CREW_AND_FLEET_PAGE_SIZE);
    const search = folded(page.search);
    const rows = pilotRows(await legsOf(deps.db, periodOf(q, deps.now()))).filter(
      (row) => !search || folded(row.name).includes(search),
    );
    return c.json({ data: pageOf(rows, page) });
  })
  .get(PILOT_PATHS.missions, ...staff, async (c) => {
    const deps = c.get('deps');
    const q = query(c, PilotMissionsQuery);
    const page = pageParams(q, ACTIVITY_MISSIONS_PAGE_SIZE);
    const legs = legsOfPilot(await legsOf(deps.db, periodOf(q, deps.now())), q.pilot);
    return c.json({ data: pageOf(missionRows(legs), page) });
  })
  .get(FLEET_PATHS.list, ...staff, async (c) => {
    const deps = c.get('deps');
    const q = query(c, ActivityListQuery);
    const page = pageParams(q, CREW_AND_FLEET_PAGE_SIZE);
    const search = folded(page.search);
    const [legs, book] = await Promise.all([
      legsOf(deps.db, periodOf(q, deps.now())),
      loadPriceBook(deps.db),
    ]);
    const rows = aircraftRows(legs, book, deps.config.costRules).filter(
      (row) => !search || folded(row.registration).includes(search),
    );
    return c.json({ data: pageOf(rows, page) });
  })
  .get(FLEET_PATHS.missions, ...staff, async (c) => {
    const deps = c.get('deps');
    const q = query(c, AircraftMissionsQuery);
    const page = pageParams(q, ACTIVITY_MISSIONS_PAGE_SIZE);
    const wanted = q.registration.toUpperCase();
    const legs = (await legsOf(deps.db, periodOf(q, deps.now()))).filter(
      (leg) => leg.registration?.toUpperCase() === wanted,
    );
    return c.json({ data: pageOf(missionRows(legs), page) });
  });
