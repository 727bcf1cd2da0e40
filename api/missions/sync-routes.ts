// PUT /leon/synchronize-data and PUT /leon/update-data (staff only), and the background poll.
import { Hono } from 'hono';
import { MISSION_MESSAGES } from '../../contract/missions';
import { STAFF_ROLES } from '../../contract/roles';
import { LeonError } from '../leon/client';
import { requireRole, requireUser } from '../lib/auth';
import type { AppEnv, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { runSync, SyncBusyError, type SyncKind } from './sync';

export const LEON_NOT_CONFIGURED = "Leon n'est pas configuré sur ce serveur";

async function sync(deps: Deps, kind: SyncKind, actorId: string | null) {
  if (!deps.leon) fail(503, LEON_NOT_CONFIGURED);
  try {
    return await runSync({ db: deps.db, source: deps.leon, now: deps.now }, kind, actorId);
  } catch (error) {
    if (error instanceof SyncBusyError) fail(409, MISSION_MESSAGES.syncBusy);
    if (error instanceof LeonError) fail(502, error.message);
    throw error;
  }
}

const staff = [requireUser(), requireRole(...STAFF_ROLES)] as const;

export const syncRoutes = new Hono<AppEnv>()
  .put('/leon/synchronize-data', ...staff, async (c) =>
    c.json({ data: await sync(c.get('deps'), 'synchronize', c.get('user').id) }),
  )
  .put('/leon/update-data', ...staff, async (c) =>
    c.json({ data: await sync(c.get('deps'), 'update', c.get('user').id) }),
  );

/** The background incremental sync; returns a function that stops it. */
export function startPoll(
  deps: Deps,
  minutes: number,
  log: (line: string) => void = console.info,
): () => void {
  if (!deps.leon || minutes <= 0) return () => {};
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const result = await runSync({ db: deps.db, source: deps.leon!, now: deps.now }, 'poll', null);
      if (result.created || result.updated || result.deleted || result.failed) {
        log(
          `Leon poll: ${result.created} created, ${result.updated} updated, ${result.deleted} deleted, ${result.failed} failed`,
        );
      }
    } catch (error) {
      if (!(error instanceof SyncBusyError)) log(`Leon poll failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  }, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
