// What the sync leaves in a mission's history (decision 036): a creation and each update made from Leon,
// actor null (shown 'Leon'), with the before and after of the changed fields only; a re-sync that changes
// nothing writes no audit row; a trip skipped leaves none.
import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, missions } from '../db/schema';
import { DEMO_HOSPITALS } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { seededTestApp, testLeon } from '../test/harness';
import { runSync } from './run';

const HOUR = 3600_000;

describeEachDatabase('Leon sync audit', (database) => {
  const clock = { now: Date.parse('2026-03-10T09:00:00Z') };
  const { sim, leon } = testLeon({ now: () => clock.now, seed: 11, trips: 6 });
  const t = seededTestApp(database, { leon });
  const sync = (kind: 'synchronize' | 'update' = 'synchronize') =>
    runSync({ db: database().db, source: leon, now: () => new Date(clock.now) }, kind, null);
  const later = (ms: number) => {
    clock.now += ms;
    t.clock.now = new Date(clock.now);
  };
  const auditRows = async () => (await database().db.select({ n: count() }).from(auditLog))[0].n;
  const historyOf = async (missionId: string) =>
    database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mission'), eq(auditLog.entityId, missionId)))
      .orderBy(asc(auditLog.at));
  const missionOf = async (tripNumber: string) =>
    (await database().db.select().from(missions).where(eq(missions.tripNumber, tripNumber)))[0];

  beforeAll(() => {
    t.clock.now = new Date(clock.now);
  });

  it('audits each creation from Leon, actor null, with the fields it set', async () => {
    const first = await sync();
    expect(first.created).toBeGreaterThan(0);
    const created = await database()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'mission.leon-create'));
    expect(created).toHaveLength(first.created);
    const [one] = created;
    expect(one.actorId).toBeNull();
    const mission = (await database().db.select().from(missions).where(eq(missions.id, one.entityId!)))[0];
    expect(one.after).toMatchObject({
      tripNumber: mission.tripNumber,
      status: mission.status,
      buyerName: mission.buyerName,
      departureDateTime: mission.departureDateTime?.toISOString(),
    });
  });

  it('writes no audit row when a re-sync changes nothing', async () => {
    const before = await auditRows();
    later(60_000);
    const again = await sync();
    expect(again).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    later(60_000);
    await sync('update');
    expect(await auditRows()).toBe(before);
  });

  it('audits an update from Leon with the before and after of the changed fields only', async () => {
    const start = new Date(clock.now + 48 * HOUR).toISOString();
    const trip = sim.addTrip({
      status: 'OPTION',
      client: DEMO_HOSPITALS[0],
      legs: [{ from: 'LFBD', to: 'LFML', std: start }],
    });
    later(60_000);
    await sync();
    const mission = await missionOf(trip.tripNumber);
    expect((await historyOf(mission.id)).map((row) => row.action)).toEqual(['mission.leon-create']);

    sim.changeTrip(trip.tripNumber, { status: 'CONFIRMED' });
    later(60_000);
    expect((await sync()).updated).toBe(1);
    const [, confirmed] = await historyOf(mission.id);
    expect(confirmed).toMatchObject({
      action: 'mission.leon-update',
      actorId: null,
      before: { status: 'EN_ATTENTE' },
      after: { status: 'PROGRAMMEE' },
    });

    const blockOff = new Date(clock.now + 60_000).toISOString();
    sim.changeTrip(trip.tripNumber, { legs: [{ blockOff }] });
    later(2 * 60_000);
    await sync('update');
    const [, , flying] = await historyOf(mission.id);
    expect(flying).toMatchObject({
      action: 'mission.leon-update',
      before: {
        status: 'PROGRAMMEE',
        legs: [{ from: 'LFBD', to: 'LFML', off: null, on: null, cancelled: false }],
      },
      after: {
        status: 'EN_COURS',
        legs: [{ from: 'LFBD', to: 'LFML', off: blockOff, on: null, cancelled: false }],
      },
    });
    // Only what changed: the hospital, departure and aircraft type stayed.
    expect(Object.keys(flying.after as object).sort()).toEqual(['legs', 'status']);

    // And the same trip read again adds nothing.
    const rows = await auditRows();
    later(60_000);
    await sync('update');
    await sync();
    expect(await auditRows()).toBe(rows);
  });
});
