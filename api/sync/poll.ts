// The background incremental sync, run on an interval; and the demo's first sync at start.
import { sql } from 'drizzle-orm';
import { missions } from '../db/schema';
import type { Deps } from '../lib/context';
import { logger } from '../lib/log';
import { runSync, SyncBusyError } from './run';

/** The background incremental sync; returns a function that stops it. */
export function startPoll(
  deps: Deps,
  minutes: number,
  log: (line: string) => void = (line) => logger.info(line),
): () => void {
  if (!deps.leon || minutes <= 0) return () => {};
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const result = await runSync(
        {
          db: deps.db,
          source: deps.leon!,
          now: deps.now,
          files: deps.files,
          accounting: deps.config.accounting,
        },
        'poll',
        null,
      );
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

/**
 * Demo missions arrive the way real ones do: a first sync from Leon (the simulator by default), when the
 * database has none yet. Returns the run's result, or null when nothing was run.
 */
export async function syncDemoMissions(deps: Deps) {
  if (!deps.leon) return null;
  const [{ count }] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(missions);
  if (count > 0) return null;
  return runSync(
    { db: deps.db, source: deps.leon, now: deps.now, files: deps.files, accounting: deps.config.accounting },
    'synchronize',
    null,
  );
}
