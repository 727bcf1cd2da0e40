// Jobs claimed in the database: three instances looking at once run a due job once; a job not due is
// left alone; a late claim keeps the schedule and runs no missed slot; a failed run is logged, recorded
// on its row, and runs again at the next interval. On
// PostgreSQL three instances with their own pools; on PGlite three runners on the one database.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { databaseKinds, jobInstances } from '../test/databases';
import { type Job, orphanSweepJob } from './jobs';

for (const kind of databaseKinds()) {
  describe(`jobs on three instances [${kind}]`, () => {
    const swept: string[] = [];
    const logs: string[] = [];
    let failNext = false;
    const sweep = (instance: string): Job => ({
      name: 'sweep',
      everyMs: 6 * 3600_000,
      async run() {
        if (failNext) {
          failNext = false;
          throw new Error('stockage indisponible');
        }
        swept.push(instance);
        return `swept by ${instance}`;
      },
    });
    const cluster = jobInstances(kind, (_, instance) => [sweep(instance)], {
      log: (line) => logs.push(line),
    });
    const { allLook } = cluster;
    const row = async () => (await cluster.db().select().from(jobs).where(eq(jobs.name, 'sweep')))[0];
    const intervalPasses = () => cluster.intervalPasses('sweep');

    it('runs a new job at once, on one instance only, then not before its interval', async () => {
      await allLook();
      expect(swept).toHaveLength(1);
      await allLook();
      await allLook();
      expect(swept).toHaveLength(1);
      expect(logs).toEqual([`swept by ${swept[0]}`]);
      const job = await row();
      expect(job).toMatchObject({ runs: 1, lastInstance: swept[0], lastError: null });
      // The slot after the one it claimed: six hours after the row's first slot (set when the runners
      // started, a moment before this claim), not six hours after the claim.
      const ahead = job.nextAt.getTime() - job.lastStartedAt!.getTime();
      expect(ahead).toBeLessThanOrEqual(6 * 3600_000);
      expect(ahead).toBeGreaterThan(6 * 3600_000 - 60_000);
    });

    it('keeps its schedule when claimed late: the next slot after now, and no run for the slots missed', async () => {
      const [{ slot }] = await cluster
        .db()
        .update(jobs)
        .set({ nextAt: sql`now() - interval '15 hours'` })
        .where(eq(jobs.name, 'sweep'))
        .returning({ slot: jobs.nextAt });
      await allLook();
      await allLook();
      expect(swept).toHaveLength(2);
      // 15 h late on a 6 h schedule: slots at +6 h and +12 h are past, +18 h is the next one.
      expect((await row()).nextAt.getTime() - slot.getTime()).toBe(18 * 3600_000);
    });

    it('runs once per interval, whichever instance claims it', async () => {
      for (let n = 0; n < 3; n++) {
        await intervalPasses();
        await Promise.all([allLook(), allLook()]);
      }
      expect(swept).toHaveLength(5);
      expect((await row()).runs).toBe(5);
    });

    it('logs and records a failed run, and runs again at the next interval', async () => {
      failNext = true;
      await intervalPasses();
      await allLook();
      expect(logs.at(-1)).toBe('Job sweep failed: stockage indisponible');
      expect(await row()).toMatchObject({ runs: 6, lastError: 'stockage indisponible' });
      await allLook();
      expect(swept).toHaveLength(5);
      await intervalPasses();
      await allLook();
      expect(swept).toHaveLength(6);
      expect((await row()).lastError).toBeNull();
    });
  });
}

describe('a sweep of orphan files as a job', () => {
  it('runs every given hours and tells how many files it removed, or nothing when none', async () => {
    let deleted: string[] = ['statistics/a.pdf', 'statistics/b.pdf'];
    const job = orphanSweepJob(
      'statistics-files-sweep',
      'Statistics files',
      async () => ({ scanned: 3, deleted }),
      6,
    );
    expect(job).toMatchObject({ name: 'statistics-files-sweep', everyMs: 6 * 3600_000 });
    expect(await job.run()).toBe('Statistics files: 2 orphan(s) removed.');
    deleted = [];
    expect(await job.run()).toBeUndefined();
  });
});
