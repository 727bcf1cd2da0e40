// The background incremental sync, a job claimed by one instance per interval; and the demo's first sync at start.
import { sql } from 'drizzle-orm';
import { missions } from '../db/schema';
import type { Deps } from '../lib/context';
import type { Job } from '../lib/jobs';
import { seedDemoSyncRuns } from './demo-runs';
import { syncOptions } from './options';
import { runSync, SyncBusyError } from './run';

/**
 * The background incremental sync, as a job (api/lib/jobs.ts): one run every `minutes` across all the
 * API instances, by whichever claims the slot; null when turned off (0) or without Leon. A sync already
 * running (started by hand, or a poll still going) makes this slot's run a no-op.
 */
export function pollJob(deps: Deps, minutes: number): Job | null {
  const leon = deps.leon;
  if (!leon || minutes <= 0) return null;
  return {
    name: 'leon-poll',
    everyMs: minutes * 60_000,
    firstAfterMs: minutes * 60_000,
    async run() {
      try {
        const result = await runSync(syncOptions(deps, leon), 'poll', null);
        if (result.created || result.updated || result.deleted || result.failed)
          return `Leon poll: ${result.created} created, ${result.updated} updated, ${result.deleted} deleted, ${result.failed} failed`;
        return undefined;
      } catch (error) {
        if (error instanceof SyncBusyError) return undefined;
        throw error;
      }
    },
  };
}

/**
 * Demo missions arrive the way real ones do: a first sync from Leon (the simulator by default), when the
 * database has none yet. Returns the run's result, or null when nothing was run.
 */
export async function syncDemoMissions(deps: Deps) {
  if (!deps.leon) return null;
  const [{ count }] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(missions);
  if (count > 0) return null;
  const result = await runSync(syncOptions(deps, deps.leon), 'synchronize', null);
  await seedDemoSyncRuns(deps.db, deps.now());
  return result;
}
