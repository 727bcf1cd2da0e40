// The dashboard ('Tableau de bord'): GET /dashboard, for every role, and its XLSX, GET /dashboard/export, on
// the same query and the same figures; each role receives the panels its lists and screens let it see
// (contract/dashboard.ts, DASHBOARD_PANELS_BY_ROLE), scoped on the server as those lists are. Both only read:
// like the other exports, the XLSX writes no audit row.
import { Hono } from 'hono';
import { DASHBOARD_PATHS, DashboardQuery } from '../../contract/dashboard';
import { requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { query } from '../lib/validate';
import { dashboardOf } from './service';

export const dashboardRoutes = new Hono<AppEnv>()
  .get(DASHBOARD_PATHS.data, requireUser(), async (c) => {
    const q = query(c, DashboardQuery);
    return c.json({ data: await dashboardOf(c.get('deps'), c.get('user'), q) });
  })
  .get(DASHBOARD_PATHS.exportXlsx, requireUser(), async (c) => {
    const q = query(c, DashboardQuery);
    const data = await dashboardOf(c.get('deps'), c.get('user'), q);
    // The exporter (and exceljs) load on the first export, not with the API.
    return (await import('./export')).dashboardXlsx(c, data);
  });
