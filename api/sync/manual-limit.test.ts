// Manual syncs are limited per user (issue 54, decision 061): five in a window of 10 minutes across the two
// buttons and 'Réessayer', then 429 with when to try again in French, without a run and without a call to
// Leon; other users keep their own count, a refused 'Réessayer' is not audited, and the next window starts
// from zero. On PGlite and PostgreSQL.
import { count, desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, syncRuns } from '../db/schema';
import { DEMO_HOSPITALS } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { faultyLeon } from '../test/faulty-leon';
import { type Caller, refusal, seededTestApp, signedIn, testLeon } from '../test/harness';

const HOUR = 3600_000;

describeEachDatabase('Manual syncs per user', (database) => {
  // Leon's clock and the app's move together, from 10:00:00 UTC: the start of a 10-minute window.
  const clock = { now: Date.parse('2026-03-02T10:00:00Z') };
  const { sim, leon } = testLeon({ now: () => clock.now, seed: 7, trips: 3 });
  const { source, faults } = faultyLeon(leon);
  const t = seededTestApp(database, { leon: source });
  const later = (ms: number) => {
    clock.now += ms;
    t.clock.now = new Date(clock.now);
  };
  let ops: Caller;
  let admin: Caller;
  const runs = async () => (await database().db.select({ n: count() }).from(syncRuns))[0].n;
  const leonCalls = () => sim.stats().graphqlCalls;

  beforeAll(async () => {
    t.clock.now = new Date(clock.now);
    ops = await signedIn(t.app, 'operation@demo.test');
    admin = await signedIn(t.app, 'admin@demo.test');
  });

  it('lets a user start five in 10 minutes, then answers 429 with when to try again, asking nothing of Leon', async () => {
    for (const path of ['/leon/synchronize-data', ...Array(4).fill('/leon/update-data')]) {
      later(10_000);
      expect((await ops.put(path)).status).toBe(200);
    }
    const [runsBefore, callsBefore] = [await runs(), leonCalls()];
    later(10_000);
    // 60 s into the window that started at 10:00:00: 540 s are left.
    for (const path of ['/leon/update-data', '/leon/synchronize-data']) {
      const refused = await ops.put(path);
      expect(refused).toMatchObject(refusal(429, 'Trop de mises à jour demandées : réessayez dans 540 s.'));
      expect(refused.headers.get('retry-after')).toBe('540');
    }
    expect(await runs()).toBe(runsBefore);
    expect(leonCalls()).toBe(callsBefore);

    // Another user has a count of their own.
    expect((await admin.put('/leon/update-data')).status).toBe(200);
  });

  it("counts 'Réessayer' with the buttons, refused before it is audited", async () => {
    const trip = sim.addTrip({
      status: 'CONFIRMED',
      client: DEMO_HOSPITALS[0],
      legs: [{ from: 'LFBD', to: 'LFPG', std: new Date(clock.now + 30 * HOUR).toISOString() }],
    });
    faults.hugePassengers.add(trip.tripNumber);
    later(1_000);
    const skipped = await admin.put<{ data: { failed: number } }>('/leon/synchronize-data');
    expect(skipped.body.data.failed).toBe(1);
    const [skipping] = await database()
      .db.select({ id: syncRuns.id })
      .from(syncRuns)
      .orderBy(desc(syncRuns.startedAt))
      .limit(1);
    const retry = `/leon/sync-runs/${skipping.id}/retry`;
    // Admin has made 2 manual syncs in this window: three retries go, the fourth is refused.
    for (let n = 0; n < 3; n++) {
      later(1_000);
      expect((await admin.post(retry)).status).toBe(200);
    }
    const audited = async () =>
      (await database().db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'sync.retry')))[0]
        .n;
    const before = await audited();
    later(1_000);
    const refused = await admin.post<{ message: string }>(retry);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Trop de mises à jour demandées : réessayez dans \d+ s\.$/);
    expect(await audited()).toBe(before);
  });

  it('starts the next window from zero', async () => {
    // The window of 10:00 ends at 10:10.
    later(Date.parse('2026-03-02T10:10:00Z') - clock.now);
    expect((await ops.put('/leon/update-data')).status).toBe(200);
  });
});
