// How a sync fails, on PGlite and PostgreSQL: a trip that cannot be stored is skipped, reported and read
// again at the next run without losing the sync's place; a run that fails as a whole is recorded and
// answered in French; a second sync while one runs gets 409; legs never change mission.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { missions, syncRuns } from '../db/schema';
import { seedDemo } from '../db/seed';
import { createLeonClient } from '../leon/client';
import { createLeonSimulator } from '../leon/simulator/app';
import { describeEachDatabase } from '../test/databases';
import { Caller, testApp } from '../test/harness';

const HOUR = 3600_000;

type SyncBody = {
  data: {
    created: number;
    updated: number;
    deleted: number;
    failed: number;
    errors: Array<{ tripNumber: string | null; message: string }>;
  };
};

describeEachDatabase('Leon sync failures', (database) => {
  const clock = { now: Date.parse('2026-03-10T09:00:00Z') };
  const sim = createLeonSimulator({ apiKey: 'test-key', now: () => clock.now, seed: 11, trips: 3 });
  const leon = createLeonClient({
    baseUrl: 'http://leon.test',
    apiKey: 'test-key',
    fetch: sim.fetch,
    now: () => clock.now,
    sleep: async () => {},
  });
  let t: ReturnType<typeof testApp>;
  let ops: Caller;
  const mission = async (tripNumber: string) =>
    (await database().db.select().from(missions).where(eq(missions.tripNumber, tripNumber)))[0];
  const later = (ms: number) => {
    clock.now += ms;
    t.clock.now = new Date(clock.now);
  };

  beforeAll(async () => {
    await seedDemo(database().db);
    t = testApp(database().db, {}, leon);
    t.clock.now = new Date(clock.now);
    ops = new Caller(t.app);
    await ops.login('operation@demo.test');
    expect((await ops.put('/leon/synchronize-data')).status).toBe(200);
  });

  it('stores a trip whose client name holds a NUL character, without it, and records the run', async () => {
    const trip = sim.addTrip({
      status: 'CONFIRMED',
      client: 'CHU de Lille\u0000 – Hôpital Huriez',
      legs: [{ from: 'LFBD', to: 'LFPG', std: new Date(clock.now + 30 * HOUR).toISOString() }],
    });
    later(60_000);
    const runsBefore = (await database().db.select().from(syncRuns)).length;
    const answer = await ops.put<SyncBody>('/leon/synchronize-data');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ created: 1, failed: 0 });
    expect((await mission(trip.tripNumber))?.buyerName).toBe('CHU de Lille – Hôpital Huriez');
    expect(await database().db.select().from(syncRuns)).toHaveLength(runsBefore + 1);
  });
});
