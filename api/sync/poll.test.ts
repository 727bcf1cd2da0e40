// The background poll is a job claimed in the database: with three API instances looking at once, one
// runs the sync per interval, recorded as the poll's run; the others do nothing. On PostgreSQL three
// instances with their own pools; on PGlite (one process) three job runners on the one database.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { jobs, syncRuns } from '../db/schema';
import { DEMO_HOSPITALS, seedDemo } from '../db/seed';
import { createLeonClient } from '../leon';
import { loadConfig } from '../lib/config';
import { createMailer } from '../lib/mail';
import { fileStoreFromConfig } from '../lib/storage';
import { databaseKinds, jobInstances } from '../test/databases';
import { testLeon } from '../test/harness';
import { pollJob } from './poll';

for (const kind of databaseKinds()) {
  describe(`the background poll on three instances [${kind}]`, () => {
    const { sim, leon } = testLeon({ trips: 0 });
    const depsOf = (database: Database, source?: ReturnType<typeof createLeonClient>) => ({
      db: database.db,
      config: loadConfig({ NODE_ENV: 'test' }),
      mailer: createMailer({ db: database.db, from: 'x', log: () => {} }),
      now: () => new Date(),
      leon: source,
      files: fileStoreFromConfig(loadConfig({ NODE_ENV: 'test' })),
    });
    const lines: string[] = [];
    const cluster = jobInstances(kind, (database) => [pollJob(depsOf(database, leon), 5)!], {
      log: (line) => lines.push(line),
      prepare: (db) => seedDemo(db),
    });
    const { db } = cluster;
    const pollRuns = async () => (await db().select().from(syncRuns)).filter((run) => run.kind === 'poll');
    /** The three instances look at once; answers how many of them ran the poll. */
    const allLook = async () =>
      (await cluster.allLook()).filter((names) => names.includes('leon-poll')).length;
    const intervalPasses = () => cluster.intervalPasses('leon-poll');

    it('waits one interval before the first run', async () => {
      expect(await allLook()).toBe(0);
      expect(await pollRuns()).toEqual([]);
    });

    it('runs the sync once per interval whichever instances look, recorded as the poll', async () => {
      sim.addTrip({
        status: 'CONFIRMED',
        client: DEMO_HOSPITALS[0],
        legs: [{ from: 'LFBD', to: 'LFPG', std: new Date(Date.now() + 3600_000).toISOString() }],
      });
      await intervalPasses();
      expect(await allLook()).toBe(1);
      expect(await allLook()).toBe(0);
      const runs = await pollRuns();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ kind: 'poll', actorId: null, status: 'ok', created: 1 });
      expect(lines).toEqual(['Leon poll: 1 created, 0 updated, 0 deleted, 0 failed']);

      await intervalPasses();
      expect(await allLook()).toBe(1);
      expect(await allLook()).toBe(0);
      expect(await pollRuns()).toHaveLength(2);
      const [row] = await db().select().from(jobs).where(sql`${jobs.name} = 'leon-poll'`);
      expect(row).toMatchObject({ runs: 2, lastError: null });
      expect(row.lastInstance).toMatch(/^instance-[123]$/);
    });

    it('is no job when turned off or without Leon', () => {
      const database = cluster.database();
      expect(pollJob(depsOf(database), 5)).toBeNull();
      expect(pollJob(depsOf(database, createLeonClient({ baseUrl: 'http://x', apiKey: 'k' })), 0)).toBeNull();
    });
  });
}
