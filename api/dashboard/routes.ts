// The dashboard ('Tableau de bord'): one read-only route, GET /dashboard, for every role; each receives the
// panels its lists and screens let it see (contract/dashboard.ts, DASHBOARD_PANELS_BY_ROLE), scoped on the
// server as those lists are.
import { Hono } from 'hono';
import { DASHBOARD_PATHS, DashboardQuery } from '../../contract/dashboard';
import { requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { query } from '../lib/validate';
import { dashboardOf } from './service';

export const dashboardRoutes = new Hono<AppEnv>().get(DASHBOARD_PATHS.data, requireUser(), async (c) => {
  const q = query(c, DashboardQuery);
  return c.json({ data: await dashboardOf(c.get('deps'), c.get('user'), q) });
});
