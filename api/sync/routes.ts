// PUT /leon/synchronize-data and PUT /leon/update-data (staff only); the journal (decision 035):
// GET /leon/sync-runs (ADMIN, OPERATION, ACCOUNTING) and POST /leon/sync-runs/:id/retry (ADMIN). A user
// starts so many of these manual syncs in 10 minutes (decision 061), counted in the database for every
// instance; past it, 429 with when to try again.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { MISSION_MESSAGES, type SyncResult, SyncRunsQuery } from '../../contract/missions';
import { type Role, STAFF_ROLES } from '../../contract/roles';
import { SYNC_JOURNAL_MESSAGES, SYNC_JOURNAL_ROLES, SYNC_RUNS_PAGE_SIZE } from '../../contract/sync';
import { requireRole, requireUser } from '../auth';
import { LeonError } from '../leon';
import { audit } from '../lib/audit';
import type { AppEnv, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams } from '../lib/paging';
import { giveBack, type Limit, secondsLeft, take } from '../lib/rate-limit';
import { param, query } from '../lib/validate';
import { journalPage, keptTripsOf, withoutLeonWords } from './journal';
import { syncOptions } from './options';
import { runFailure } from './reasons';
import { runSync, SyncBusyError, type SyncKind } from './run';

export const LEON_NOT_CONFIGURED = "Leon n'est pas configuré sur ce serveur";

/** The manual syncs of one user: `max` in a fixed window of 10 minutes, the poll's default interval. */
export const manualSyncs = (userId: string, max: number): Limit => ({
  key: `leon-manual-sync:${userId}`,
  max,
  windowMs: 10 * 60_000,
});

/**
 * Counts a manual sync of `userId`, then refuses it (429, and when to try again) past the limit: the count
 * comes first, so that a burst of requests cannot all pass a check made before any of them counted.
 */
async function countManualSync(deps: Deps, userId: string): Promise<(() => Promise<void>) | null> {
  const max = deps.config.leonManualSyncs;
  if (max === 0) return null;
  const [limit, now] = [manualSyncs(userId, max), deps.now()];
  if (!(await take(deps.db, limit, now))) {
    const seconds = secondsLeft(limit, now);
    fail(429, MISSION_MESSAGES.tooManySyncs(seconds), { 'Retry-After': String(seconds) });
  }
  return () => giveBack(deps.db, limit, now);
}

/**
 * A manual sync of `actorId`, counted per user (`audit` written once it is let through), and given back
 * when another run held it off (409: nothing was asked of Leon).
 */
async function manualSync(deps: Deps, kind: SyncKind, actorId: string, audit?: () => Promise<void>) {
  if (!deps.leon) fail(503, LEON_NOT_CONFIGURED);
  const giveBackSync = await countManualSync(deps, actorId);
  await audit?.();
  try {
    return await sync(deps, kind, actorId);
  } catch (error) {
    if (giveBackSync && error instanceof HTTPException && error.status === 409) await giveBackSync();
    throw error;
  }
}

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

/** A run's answer as `role` reads it: Leon's own words of the skipped trips for ADMIN only (decision 061). */
function forRole(role: Role, result: SyncResult): SyncResult {
  return role === 'ADMIN' ? result : { ...result, skipped: result.skipped.map(withoutLeonWords) };
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
    c.json({
      data: forRole(c.get('user').role, await manualSync(c.get('deps'), 'synchronize', c.get('user').id)),
    }),
  )
  .put('/leon/update-data', ...staff, async (c) =>
    c.json({
      data: forRole(c.get('user').role, await manualSync(c.get('deps'), 'update', c.get('user').id)),
    }),
  )
  .get('/leon/sync-runs', ...journalReaders, async (c) => {
    const { pageSize, offset } = pageParams(query(c, SyncRunsQuery), SYNC_RUNS_PAGE_SIZE);
    const admin = c.get('user').role === 'ADMIN';
    return c.json({ data: await journalPage(c.get('deps').db, pageSize, offset, admin) });
  })
  // 'Réessayer' on a run's skipped trips: an update sync, which reads again every trip still kept
  // (decision 009; there is no single-trip import). Counted as a manual sync, then audited before it runs.
  .post('/leon/sync-runs/:id/retry', requireUser(), retrier, async (c) => {
    const deps = c.get('deps');
    const id = param(c, 'id');
    const kept = await keptTripsOf(deps.db, id);
    if (kept === null) fail(404, SYNC_JOURNAL_MESSAGES.runNotFound);
    if (kept.length === 0) fail(409, SYNC_JOURNAL_MESSAGES.nothingToRetry);
    if (!deps.leon) fail(503, LEON_NOT_CONFIGURED);
    const actorId = c.get('user').id;
    const audited = () =>
      audit(deps.db, {
        actorId,
        action: 'sync.retry',
        entity: 'sync_run',
        entityId: id,
        after: { tripNumbers: kept },
        at: deps.now(),
      });
    return c.json({ data: await manualSync(deps, 'update', actorId, audited) });
  });
