// Leon failing in the middle of a sync (issue 18, faults): it stops answering, answers 500 or 429 for
// good, or answers garbage, after the sync has already read part of what changed. Each time: the
// missions, legs and Leon's timestamp are as before, the run is recorded as failed with its French
// reason, the API answers an error (the sync button then shows its French toast), and the next sync
// with Leon back stores everything.
import { asc, desc } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { MISSION_MESSAGES, type SyncResult } from '../../contract/missions';
import { leonState, missionLegs, missions, syncRuns } from '../db/schema';
import { DEMO_HOSPITALS } from '../db/seed';
import { createLeonClient, createLeonSimulator } from '../leon';
import { describeEachDatabase } from '../test/databases';
import { type Caller, seededTestApp, signedIn } from '../test/harness';

const HOUR = 3600_000;
type SyncBody = { data: SyncResult; message?: string };

describeEachDatabase('Leon failing mid-sync', (database) => {
  const clock = { now: Date.parse('2026-03-10T09:00:00Z') };
  const sim = createLeonSimulator({ apiKey: 'test-key', now: () => clock.now, seed: 5, trips: 12 });
  // Which GraphQL call of the next sync goes wrong, and how; the calls before it are answered.
  const fault = { atCall: 0, kind: null as null | 'timeout' | 500 | 429 | 'garbage', calls: 0 };
  const leon = createLeonClient({
    baseUrl: 'http://leon.test',
    apiKey: 'test-key',
    now: () => clock.now,
    sleep: async () => {},
    // The simulator has no quota: requests are not paced.
    budget: null,
    timeoutMs: 1_000,
    async fetch(input, init) {
      const graphql = new URL(String(input instanceof Request ? input.url : input)).pathname.includes(
        'graphql',
      );
      if (graphql && fault.kind) {
        fault.calls += 1;
        if (fault.calls >= fault.atCall) {
          if (fault.kind === 'garbage')
            return new Response('<html><body>502 Bad Gateway</body></html>{"data":', {
              status: 200,
              headers: { 'content-type': 'application/json' },
            });
          sim.failNext(fault.kind, { retryAfter: 1, times: 1, on: 'any' });
        }
      }
      return sim.fetch(input, init);
    },
  });
  // A sync per case, all by one user: not the limit of manual syncs under test (api/sync/manual-limit.test.ts).
  const t = seededTestApp(database, { leon, env: { LEON_MANUAL_SYNCS: '0' } });
  let ops: Caller;

  const snapshot = async () => ({
    missions: await database().db.select().from(missions).orderBy(asc(missions.id)),
    legs: await database().db.select().from(missionLegs).orderBy(asc(missionLegs.id)),
    state: await database().db.select().from(leonState),
  });
  const lastRun = async () =>
    (await database().db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt)).limit(1))[0];
  const sync = async () => {
    clock.now += 60_000;
    t.clock.now = new Date(clock.now);
    return ops.put<SyncBody>('/leon/synchronize-data');
  };

  beforeAll(async () => {
    t.clock.now = new Date(clock.now);
    ops = await signedIn(t.app, 'operation@demo.test');
    expect((await sync()).status).toBe(200);
  });

  const cases: Array<[string, NonNullable<typeof fault.kind>, string]> = [
    [
      'stops answering',
      'timeout',
      'Leon ne répond pas (aucune réponse en 1 s), veuillez réessayer plus tard.',
    ],
    ['answers 500', 500, 'Leon est injoignable, veuillez réessayer plus tard.'],
    [
      'answers 429 again and again',
      429,
      'Leon limite le nombre de requêtes, veuillez réessayer dans quelques minutes.',
    ],
    ['answers garbage', 'garbage', 'Leon'],
  ];
  for (const [title, kind, reason] of cases)
    it(`changes nothing and records the run as failed in French when Leon ${title}`, async () => {
      // Work for the sync: new trips, a changed one, a cancelled one, so that it reads several batches.
      for (let i = 0; i < 3; i++)
        sim.addTrip({
          status: 'CONFIRMED',
          client: DEMO_HOSPITALS[i % DEMO_HOSPITALS.length],
          legs: [{ from: 'LFBD', to: 'LFPG', std: new Date(clock.now + (30 + i) * HOUR).toISOString() }],
        });
      const [changed, cancelled] = sim.trips().filter((trip) => !trip.isDeleted);
      sim.changeTrip(changed.tripNumber, { client: DEMO_HOSPITALS[1] });
      sim.cancelTrip(cancelled.tripNumber);
      const before = await snapshot();
      const runsBefore = (await database().db.select().from(syncRuns)).length;

      Object.assign(fault, { atCall: 2, kind, calls: 0 });
      const failed = await sync();
      const callsMade = fault.calls;
      Object.assign(fault, { kind: null });

      // The first GraphQL call was answered: the failure came mid-sync.
      expect(callsMade).toBeGreaterThanOrEqual(2);
      expect(failed.status).toBe(502);
      expect(failed.body.message).toContain(reason);
      expect(await snapshot()).toEqual(before);
      expect((await database().db.select().from(syncRuns)).length).toBe(runsBefore + 1);
      expect(await lastRun()).toMatchObject({ status: 'failed', reason: failed.body.message });
      expect((await lastRun()).finishedAt).not.toBeNull();
      // Any failed answer makes the sync button show its French toast.
      expect(MISSION_MESSAGES.syncError).toBe(
        "Il s'est passé quelque chose lors de la synchronisation des données",
      );

      const again = await sync();
      expect(again.status).toBe(200);
      expect(again.body.data.created).toBe(3);
      expect(await lastRun()).toMatchObject({ status: 'ok', reason: null });
    });
});
