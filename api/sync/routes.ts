// PUT /leon/synchronize-data and PUT /leon/update-data (staff only); the journal (decision 035):
// GET /leon/sync-runs (ADMIN, OPERATION, ACCOUNTING) and POST /leon/sync-runs/:id/retry (ADMIN).
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MISSION_MESSAGES, SyncRunsQuery } from '../../contract/missions';
import { STAFF_ROLES } from '../../contract/roles';
import { SYNC_JOURNAL_MESSAGES, SYNC_JOURNAL_ROLES, SYNC_RUNS_PAGE_SIZE } from '../../contract/sync';
import { requireRole, requireUser } from '../auth';
import { LeonError } from '../leon';
import { audit } from '../lib/audit';
import type { AppEnv, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams } from '../lib/paging';
import { param, query } from '../lib/validate';
import { journalPage, keptTripsOf } from './journal';
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
const journalReaders = [requireUser(), requireRole(...SYNC_JOURNAL_ROLES)] as const;
/** Only ADMIN retries; the journal's other readers get a French refusal that says so. */
const retrier = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('user').role !== 'ADMIN') fail(403, SYNC_JOURNAL_MESSAGES.retryForbidden);
  await next();
});

export const syncRoutes = new Hono<AppEnv>()
  .put('/leon/synchronize-data', ...staff, async (c) =>
    c.json({ data: await sync(c.get('deps'), 'synchronize', c.get('user').id) }),
  )
  .put('/leon/update-data', ...staff, async (c) =>
    c.json({ data: await sync(c.get('deps'), 'update', c.get('user').id) }),
  )
  .get('/leon/sync-runs', ...journalReaders, async (c) => {
    const { pageSize, offset } = pageParams(query(c, SyncRunsQuery), SYNC_RUNS_PAGE_SIZE);
    return c.json({ data: await journalPage(c.get('deps').db, pageSize, offset) });
  })
  // 'Réessayer' on a run's skipped trips: an update sync, which reads again every trip still kept
  // (decision 009; there is no single-trip import). Audited before it runs.
  .post('/leon/sync-runs/:id/retry', requireUser(), retrier, async (c) => {
    const deps = c.get('deps');
    const id = param(c, 'id');
    const kept = await keptTripsOf(deps.db, id);
    if (kept === null) fail(404, SYNC_JOURNAL_MESSAGES.runNotFound);
    if (kept.length === 0) fail(409, SYNC_JOURNAL_MESSAGES.nothingToRetry);
    if (!deps.leon) fail(503, LEON_NOT_CONFIGURED);
    const actorId = c.get('user').id;
    await audit(deps.db, {
      actorId,
      action: 'sync.retry',
      entity: 'sync_run',
      entityId: id,
      after: { tripNumbers: kept },
      at: deps.now(),
    });
    return c.json({ data: await sync(deps, 'update', actorId) });
  });
