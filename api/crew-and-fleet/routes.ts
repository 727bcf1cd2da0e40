// Pilots and fleet (issue 25, decision 034), staff only, read only: GET /pilots and GET /fleet (one row
// per crew member or aircraft seen on the period's legs, searched and paged), GET /pilots/missions and
// GET /fleet/missions (the missions of one row). The period defaults to the last 12 months.
import { Hono } from 'hono';
import {
  ActivityListQuery,
  AircraftMissionsQuery,
  FLEET_PATHS,
  PILOT_PATHS,
  PilotMissionsQuery,
} from '../../contract/crew-and-fleet';
import { STAFF_ROLES } from '../../contract/roles';
import { requireRoles } from '../auth';
import type { AppEnv } from '../lib/context';
import { query } from '../lib/validate';
import { aircraftMissionsPage, fleetPage, pilotMissionsPage, pilotsPage } from './service';

const staff = requireRoles(...STAFF_ROLES);

export const crewAndFleetRoutes = new Hono<AppEnv>()
  .get(PILOT_PATHS.list, ...staff, async (c) =>
    c.json({ data: await pilotsPage(c.get('deps'), query(c, ActivityListQuery)) }),
  )
  .get(PILOT_PATHS.missions, ...staff, async (c) =>
    c.json({ data: await pilotMissionsPage(c.get('deps'), query(c, PilotMissionsQuery)) }),
  )
  .get(FLEET_PATHS.list, ...staff, async (c) =>
    c.json({ data: await fleetPage(c.get('deps'), query(c, ActivityListQuery)) }),
  )
  .get(FLEET_PATHS.missions, ...staff, async (c) =>
    c.json({ data: await aircraftMissionsPage(c.get('deps'), query(c, AircraftMissionsQuery)) }),
  );
