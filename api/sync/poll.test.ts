// The background poll runs the incremental sync on its interval, recorded as the poll's own runs.
import { eq, isNotNull } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { missions, syncRuns } from '../db/schema';
import { DEMO_HOSPITALS, seedDemo } from '../db/seed';
import { createLeonClient } from '../leon';
import { loadConfig } from '../lib/config';
import { createMailer } from '../lib/mail';
import { fileStoreFromConfig } from '../lib/storage';
import { describeEachDatabase } from '../test/databases';
import { testLeon } from '../test/harness';
import { startPoll } from './poll';

describeEachDatabase('the background poll', (database) => {
  beforeAll(async () => {
    await seedDemo(database().db);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const depsWith = (leon?: ReturnType<typeof createLeonClient>) => ({
    db: database().db,
    config: loadConfig({ NODE_ENV: 'test' }),
    mailer: createMailer({ db: database().db, from: 'x', log: () => {} }),
    now: () => new Date(),
    leon,
    files: fileStoreFromConfig(loadConfig({ NODE_ENV: 'test' })),
  });

  it('syncs every interval, records the run as the poll, and stops when told', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { sim, leon } = testLeon({ trips: 0 });
    const deps = depsWith(leon);
    const lines: string[] = [];
    const stop = startPoll(deps, 5, (line) => lines.push(line));

    const trip = sim.addTrip({
      status: 'CONFIRMED',
      client: DEMO_HOSPITALS[0],
      legs: [{ from: 'LFBD', to: 'LFPG', std: new Date(Date.now() + 3600_000).toISOString() }],
    });
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(await database().db.select().from(syncRuns)).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    // The run's row is written as it starts (interrupted until it ends): wait for its end.
    await expect
      .poll(
        async () =>
          (await database().db.select().from(syncRuns).where(isNotNull(syncRuns.finishedAt))).length,
      )
      .toBe(1);
    const [run] = await database().db.select().from(syncRuns);
    expect(run).toMatchObject({ kind: 'poll', actorId: null, created: 1 });
    expect(
      (await database().db.select().from(missions).where(eq(missions.tripNumber, trip.tripNumber))).length,
    ).toBe(1);
    // The poll logs its line once the run has resolved, a moment after the run's row is committed.
    await expect.poll(() => lines).toEqual(['Leon poll: 1 created, 0 updated, 0 deleted, 0 failed']);

    stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(await database().db.select().from(syncRuns)).toHaveLength(1);
  });

  it('does nothing when turned off or without Leon', () => {
    const spy = vi.spyOn(globalThis, 'setInterval');
    startPoll(depsWith(), 5)();
    startPoll(depsWith(createLeonClient({ baseUrl: 'http://x', apiKey: 'k' })), 0)();
    expect(spy).not.toHaveBeenCalled();
  });
});
