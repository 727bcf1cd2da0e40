// The Leon sync against the simulator (same protocol as Leon), on PGlite and PostgreSQL: statuses,
// idempotence, field ownership, soft deletes, cancellations, mapping failures, the lock and the routes.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { MissionRow, RecordsCount } from '../../contract/missions';
import { missions, syncRuns } from '../db/schema';
import { DEMO_HOSPITALS } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { type Caller, seededTestApp, signedIn, testLeon } from '../test/harness';
import { runSync, SyncBusyError } from './run';

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

describeEachDatabase('Leon sync', (database) => {
  const clock = { now: Date.parse('2026-03-10T09:00:00Z') };
  const { sim, leon } = testLeon({ now: () => clock.now, seed: 7, trips: 12 });
  const t = seededTestApp(database, { leon });
  let ops: Caller;
  let hospital: Caller;
  const sync = (kind: 'synchronize' | 'update' = 'synchronize') =>
    runSync({ db: database().db, source: leon, now: () => new Date(clock.now) }, kind, null);
  const mission = async (tripNumber: string) =>
    (await database().db.select().from(missions).where(eq(missions.tripNumber, tripNumber)))[0];
  const oneLegTrip = (
    status: 'OPTION' | 'CONFIRMED',
    from: string,
    to: string,
    std: string,
    client: string,
  ) => sim.addTrip({ status, client, legs: [{ from, to, std }] });
  const fromNow = (ms: number) => new Date(clock.now + ms).toISOString();
  const later = (ms: number) => {
    clock.now += ms;
    t.clock.now = new Date(clock.now);
  };

  beforeAll(async () => {
    t.clock.now = new Date(clock.now);
    ops = await signedIn(t.app, 'operation@demo.test');
    hospital = await signedIn(t.app, 'hopital@demo.test');
  });

  it('refuses HOSPITAL users', async () => {
    expect((await hospital.put('/leon/synchronize-data')).status).toBe(403);
    expect((await hospital.put('/leon/update-data')).status).toBe(403);
  });

  it('imports every trip of the first load, then finds nothing new on a second run', async () => {
    const first = await ops.put<SyncBody>('/leon/synchronize-data');
    expect(first.status).toBe(200);
    expect(first.body.data.created).toBe(sim.trips().filter((tr) => !tr.isDeleted).length);
    expect(first.body.data.failed).toBe(0);
    const before = await database().db.select().from(missions);
    later(60_000);
    const second = await ops.put<SyncBody>('/leon/synchronize-data');
    expect(second.body.data).toMatchObject({ created: 0, updated: 0, deleted: 0, failed: 0 });
    expect(await database().db.select().from(missions)).toEqual(before);
    const runs = await database().db.select().from(syncRuns);
    expect(runs).toHaveLength(2);
  });

  it('derives statuses from Leon: option, confirmed, in flight, flown', async () => {
    const start = new Date(clock.now + 48 * HOUR).toISOString();
    const option = oneLegTrip('OPTION', 'LFBD', 'LFPG', start, DEMO_HOSPITALS[0]);
    const confirmed = oneLegTrip('CONFIRMED', 'LFBD', 'LFML', start, DEMO_HOSPITALS[0]);
    const flying = sim.addTrip({
      status: 'CONFIRMED',
      client: DEMO_HOSPITALS[1],
      legs: [
        {
          from: 'LFPO',
          to: 'LFBO',
          std: new Date(clock.now - HOUR).toISOString(),
          blockOff: new Date(clock.now - HOUR).toISOString(),
        },
      ],
    });
    later(60_000);
    const result = await sync();
    expect(result.created).toBe(3);
    expect((await mission(option.tripNumber)).status).toBe('EN_ATTENTE');
    expect((await mission(confirmed.tripNumber)).status).toBe('PROGRAMMEE');
    expect((await mission(flying.tripNumber)).status).toBe('EN_COURS');
    sim.changeTrip(flying.tripNumber, { legs: [{ blockOn: new Date(clock.now).toISOString() }] });
    later(60_000);
    await sync();
    expect((await mission(flying.tripNumber)).status).toBe('TERMINEE');
  });

  it('keeps a staff edit and a soft delete through later syncs', async () => {
    const start = new Date(clock.now + 72 * HOUR).toISOString();
    const edited = oneLegTrip('OPTION', 'LFBD', 'LFPG', start, DEMO_HOSPITALS[0]);
    const removed = oneLegTrip('OPTION', 'LFBD', 'LFLL', start, DEMO_HOSPITALS[0]);
    later(60_000);
    await sync();
    const row = await mission(edited.tripNumber);
    const legs = await ops.get<{ data: Array<{ adepIcao: string }> }>(`/missions/details/${row.id}`);
    expect(legs.status).toBe(200);
    const saved = await ops.put<{ data: MissionRow }>('/missions/edit/', {
      id: row.id,
      numberOfCristal: 7,
      astonStatus: 'PROGRAMMEE',
      organType: 'FOIE',
      aircraftType: 'TURBOPROP',
      numberOfMeals: 2,
      isWithIcing: true,
      isWithOCS: true,
      airportDeIcing: ['LFBD'],
    });
    expect(saved.status).toBe(200);
    expect((await ops.delete(`/missions/delete/${(await mission(removed.tripNumber)).id}`)).status).toBe(200);

    sim.changeTrip(edited.tripNumber, {
      status: 'OPPORTUNITY',
      legs: [
        {
          std: new Date(clock.now + 80 * HOUR).toISOString(),
          sta: new Date(clock.now + 81 * HOUR).toISOString(),
        },
      ],
    });
    sim.changeTrip(removed.tripNumber, {
      legs: [
        {
          std: new Date(clock.now + 81 * HOUR).toISOString(),
          sta: new Date(clock.now + 82 * HOUR).toISOString(),
        },
      ],
    });
    later(60_000);
    await sync();
    const after = await mission(edited.tripNumber);
    expect(after).toMatchObject({
      status: 'PROGRAMMEE',
      aircraftType: 'TURBOPROP',
      numberOfCristal: 7,
      organType: ['FOIE'],
      numberOfMeals: 2,
      isWithIcing: true,
    });
    expect(after.departureDateTime?.toISOString()).toBe(
      new Date(clock.now - 60_000 + 80 * HOUR).toISOString(),
    );
    expect((await mission(removed.tripNumber)).deletedAt).not.toBeNull();
  });

  it('moves a cancelled trip to the cancelled list, +45 or -45 by the notice given', async () => {
    const early = oneLegTrip('CONFIRMED', 'LFBD', 'LFPG', fromNow(5 * HOUR), DEMO_HOSPITALS[0]);
    const late = oneLegTrip('CONFIRMED', 'LFBD', 'LFPG', fromNow(20 * 60_000), DEMO_HOSPITALS[0]);
    later(60_000);
    await sync();
    sim.cancelTrip(early.tripNumber);
    sim.cancelTrip(late.tripNumber);
    later(60_000);
    await sync();
    expect((await mission(early.tripNumber)).status).toBe('ANNULEE_45_PLUS');
    expect((await mission(late.tripNumber)).status).toBe('ANNULEE_45_MOINS');
    const canceled = await ops.get<{ data: { rows: MissionRow[] } }>(
      '/missions?status=canceled&pageSize=100',
    );
    expect(canceled.body.data.rows.map((r) => r.tripNumber)).toEqual(
      expect.arrayContaining([early.tripNumber, late.tripNumber]),
    );
    const counts = await ops.get<{ data: RecordsCount }>('/leon/records-count');
    expect(counts.body.data.canceled).toBeGreaterThanOrEqual(2);
  });

  it('marks a trip deleted in Leon as deleted here', async () => {
    const doomed = oneLegTrip('OPTION', 'LFLL', 'LFML', fromNow(30 * HOUR), DEMO_HOSPITALS[2]);
    later(60_000);
    await sync();
    expect((await mission(doomed.tripNumber)).deletedAt).toBeNull();
    sim.deleteTrip(doomed.tripNumber);
    later(60_000);
    const result = await sync();
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect((await mission(doomed.tripNumber)).deletedAt).not.toBeNull();
  });

  it('imports the other trips and reports one whose Leon data cannot be mapped', async () => {
    const std = new Date(clock.now + 40 * HOUR).toISOString();
    const good = oneLegTrip('CONFIRMED', 'LFBO', 'LFPG', std, DEMO_HOSPITALS[3]);
    const bad = oneLegTrip('CONFIRMED', 'LFBO', 'HELI-CHU-LILLE', std, DEMO_HOSPITALS[3]);
    later(60_000);
    const answer = await ops.put<SyncBody>('/leon/synchronize-data');
    expect(answer.body.data.failed).toBe(1);
    expect(answer.body.data.errors[0]).toMatchObject({
      tripNumber: bad.tripNumber,
      message: expect.stringMatching(/^Données Leon inattendues/),
    });
    expect(await mission(good.tripNumber)).toBeTruthy();
    expect(await mission(bad.tripNumber)).toBeUndefined();
    const runs = await database().db.select().from(syncRuns);
    // The run is recorded with who started it and what failed.
    expect(
      runs.some(
        (r) =>
          r.kind === 'synchronize' &&
          r.failed === 1 &&
          r.actorId !== null &&
          r.errors[0]?.tripNumber === bad.tripNumber,
      ),
    ).toBe(true);
  });

  it('refreshes open missions with update-data', async () => {
    const trip = oneLegTrip('CONFIRMED', 'LFBD', 'LFPG', fromNow(-30 * 60_000), DEMO_HOSPITALS[0]);
    later(60_000);
    await sync();
    sim.changeTrip(trip.tripNumber, { legs: [{ blockOff: new Date(clock.now).toISOString() }] });
    const answer = await ops.put<SyncBody>('/leon/update-data');
    expect(answer.status).toBe(200);
    expect((await mission(trip.tripNumber)).status).toBe('EN_COURS');
  });

  it('reports a failing Leon in French and refuses a second concurrent sync', async () => {
    sim.failNext(500, { times: 3 });
    later(60_000);
    const down = await ops.put<{ message: string }>('/leon/synchronize-data');
    expect(down).toMatchObject({ status: 502 });
    expect(down.body.message).toMatch(/Leon/);
    const db = database().db;
    if (database().kind === 'postgres') {
      // Hold the lock in another session, as another API instance would.
      await db.transaction(async (tx) => {
        await tx.execute(`select pg_advisory_xact_lock(7261001)` as never);
        await expect(
          runSync({ db: database().db, source: leon, now: () => new Date(clock.now) }, 'synchronize', null),
        ).rejects.toBeInstanceOf(SyncBusyError);
      });
    }
  });
});
