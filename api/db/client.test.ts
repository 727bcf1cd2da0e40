// The database helpers beside the handle: a read in a transaction where the planner starts no parallel
// worker, the setting gone once it ends. On PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { rowsOf, withoutParallelWorkers } from './client';

describeEachDatabase('withoutParallelWorkers', (database) => {
  const workers = async (db: Parameters<typeof rowsOf>[0]) =>
    (await rowsOf<{ n: string }>(db, sql`select current_setting('max_parallel_workers_per_gather') as n`))[0]
      .n;

  it('reads with no parallel worker planned, answers what the read answers, and leaves the setting as it was', async () => {
    const db = database().db;
    const before = await workers(db);
    // PostgreSQL plans workers by default (2); PGlite has none to start with (0).
    if (database().kind === 'postgres') expect(before).not.toBe('0');
    const answer = await withoutParallelWorkers(db, async (tx) => ({ inside: await workers(tx), n: 42 }));
    expect(answer).toEqual({ inside: '0', n: 42 });
    // Every connection of the pool plans as before: run more reads than the pool has connections at once.
    const after = await Promise.all(Array.from({ length: 12 }, () => workers(db)));
    expect(new Set(after)).toEqual(new Set([before]));
  });
});
