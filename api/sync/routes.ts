// PUT /leon/synchronize-data and PUT /leon/update-data (staff only), GET /leon/sync-runs (ADMIN).
import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  MISSION_MESSAGES,
  SYNC_RUNS_PAGE_SIZE,
  type SyncRunRow,
  SyncRunsQuery,
} from '../../contract/missions';
import { STAFF_ROLES } from '../../contract/roles';
import { requireRole, requireUser } from '../auth';
import { syncRuns, users } from '../db/schema';
import { LeonError } from '../leon';
import type { AppEnv, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams, toPage } from '../lib/paging';
import { query } from '../lib/validate';
import { syncOptions } from './options';
import { runFailure } from './reasons';
import { runSync, SyncBusyError, type SyncKind } from './run';

export const LEON_NOT_CONFIGURED = "Leon n'est pas configuré sur ce serveur";

async function sync(deps: Deps, kind: SyncKind, actorId: string | null) {
  if (!deps.leon) fail(503, LEON_NOT_CONFIGURED);
  try {
    return await runSync(syncOptions(deps, deps.leon), kind, actorId);
  } catch (error) {
    if (error instanceof SyncBusyError) fail(409, MISSION_MESSAGES.syncBusy);
    // The run was recorded as failed with this reason; Leon's failures are a bad gateway, ours unavailable.
    fail(error instanceof LeonError ? 502 : 503, runFailure(error));
  }
}

const staff = [requireUser(), requireRole(...STAFF_ROLES)] as const;
const admin = [requireUser(), requireRole('ADMIN')] as const;

export const syncRoutes = new Hono<AppEnv>()
  .put('/leon/synchronize-data', ...staff, async (c) =>
    c.json({ data: await sync(c.get('deps'), 'synchronize', c.get('user').id) }),
  )
  .put('/leon/update-data', ...staff, async (c) =>
    c.json({ data: await sync(c.get('deps'), 'update', c.get('user').id) }),
  )
  .get('/leon/sync-runs', ...admin, async (c) => {
    const { db } = c.get('deps');
    const { pageSize, offset } = pageParams(query(c, SyncRunsQuery), SYNC_RUNS_PAGE_SIZE);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: syncRuns.id,
          kind: syncRuns.kind,
          status: syncRuns.status,
          reason: syncRuns.reason,
          firstName: users.firstName,
          lastName: users.lastName,
          startedAt: syncRuns.startedAt,
          finishedAt: syncRuns.finishedAt,
          created: syncRuns.created,
          updated: syncRuns.updated,
          deleted: syncRuns.deleted,
          skipped: syncRuns.skipped,
          incidents: syncRuns.incidents,
        })
        .from(syncRuns)
        .leftJoin(users, eq(users.id, syncRuns.actorId))
        .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: sql<number>`count(*)::int` }).from(syncRuns),
    ]);
    const page: SyncRunRow[] = rows.map(({ firstName, lastName, startedAt, finishedAt, ...run }) => ({
      ...run,
      actorName: firstName === null ? null : `${firstName} ${lastName}`,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt?.toISOString() ?? null,
    }));
    return c.json({ data: toPage(page, total, pageSize) });
  });
