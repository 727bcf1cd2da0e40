// How a sync fails, on PGlite and PostgreSQL: a trip that cannot be stored is skipped, reported and read
// again at the next run without losing the sync's place; a run that fails as a whole is recorded and
// answered in French; a second sync while one runs gets 409; legs never change mission.
import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { MissionDetailsLeg, SkippedTrip, SyncResult } from '../../contract/missions';
import type { SyncRunRow } from '../../contract/sync';
import { leonState, missions, syncRuns } from '../db/schema';
import { DEMO_HOSPITALS } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { deferred } from '../test/deferred';
import { faultyLeon } from '../test/faulty-leon';
import { Caller, seededTestApp, signedIn, testLeon } from '../test/harness';

const HOUR = 3600_000;

type SyncBody = { data: SyncResult; message?: string };
type RunsBody = { data: { rows: SyncRunRow[]; pageCount: number } };

describeEachDatabase('Leon sync failures', (database) => {
  const clock = { now: Date.parse('2026-03-10T09:00:00Z') };
  const { sim, leon } = testLeon({ now: () => clock.now, seed: 11, trips: 3 });
  // Leon as the sync sees it, with faults the tests switch on (api/test/faulty-leon.ts).
  const { source, faults } = faultyLeon(leon);
  // A sync per case, all by one user: not the limit of manual syncs under test (api/sync/manual-limit.test.ts).
  const t = seededTestApp(database, { leon: source, env: { LEON_MANUAL_SYNCS: '0' } });
  let ops: Caller;
  let admin: Caller;
  let hospital: Caller;
  const mission = async (tripNumber: string) =>
    (await database().db.select().from(missions).where(eq(missions.tripNumber, tripNumber)))[0];
  const lastRun = async () =>
    (await database().db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt)).limit(1))[0];
  const later = (ms: number) => {
    clock.now += ms;
    t.clock.now = new Date(clock.now);
  };
  const addTrip = (from = 'LFBD', to = 'LFPG') =>
    sim.addTrip({
      status: 'CONFIRMED',
      client: DEMO_HOSPITALS[0],
      legs: [{ from, to, std: new Date(clock.now + 30 * HOUR).toISOString() }],
    });
  const sync = async () => {
    later(5_000);
    return ops.put<SyncBody>('/leon/synchronize-data');
  };

  beforeAll(async () => {
    t.clock.now = new Date(clock.now);
    ops = await signedIn(t.app, 'operation@demo.test');
    admin = await signedIn(t.app, 'admin@demo.test');
    hospital = await signedIn(t.app, 'hopital@demo.test');
    expect((await ops.put('/leon/synchronize-data')).status).toBe(200);
  });

  it('stores a trip whose client name holds a NUL character, without it, and records the run', async () => {
    const trip = sim.addTrip({
      status: 'CONFIRMED',
      client: 'CHU de Lille\u0000 – Hôpital Huriez',
      legs: [{ from: 'LFBD', to: 'LFPG', std: new Date(clock.now + 30 * HOUR).toISOString() }],
    });
    const runsBefore = (await database().db.select().from(syncRuns)).length;
    const answer = await sync();
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ created: 1, failed: 0 });
    expect((await mission(trip.tripNumber))?.buyerName).toBe('CHU de Lille – Hôpital Huriez');
    expect(await database().db.select().from(syncRuns)).toHaveLength(runsBefore + 1);
  });

  it('skips and reports a trip the database refuses, reads it again at each sync and stores it once it can', async () => {
    const bad = addTrip();
    const good = addTrip('LFPO', 'LFML');
    faults.hugePassengers.add(bad.tripNumber);
    const first = await sync();
    expect(first.status).toBe(200);
    const reported: SkippedTrip = {
      tripNumber: bad.tripNumber,
      tripNid: bad.tripNid,
      flightNid: null,
      reason: 'Import impossible : un nombre dépasse la capacité de la base de données (code 22003)',
    };
    expect(first.body.data).toMatchObject({ created: 1, failed: 1, skipped: [reported] });
    expect(await mission(good.tripNumber)).toBeTruthy();
    expect(await mission(bad.tripNumber)).toBeUndefined();
    expect(await lastRun()).toMatchObject({ status: 'ok', failed: 1, skipped: [reported] });

    // Leon does not send the trip again, but the sync has not forgotten it: read again, still refused.
    const second = await sync();
    expect(second.body.data).toMatchObject({ created: 0, failed: 1, skipped: [reported] });

    faults.hugePassengers.clear();
    const third = await sync();
    expect(third.body.data).toMatchObject({ created: 1, failed: 0, skipped: [] });
    expect((await mission(bad.tripNumber))?.buyerName).toBe(DEMO_HOSPITALS[0]);
    expect((await sync()).body.data).toMatchObject({ created: 0, failed: 0, skipped: [] });
  });

  it('records a run that Leon fails as failed, answers 502 in French and keeps its place', async () => {
    const missed = addTrip();
    const stateBefore = (await database().db.select().from(leonState))[0];
    sim.failNext(503);
    const down = await sync();
    expect(down.status).toBe(502);
    expect(down.body.message).toBe('Leon est injoignable, veuillez réessayer plus tard.');
    expect(await lastRun()).toMatchObject({
      kind: 'synchronize',
      status: 'failed',
      reason: 'Leon est injoignable, veuillez réessayer plus tard.',
      created: 0,
    });
    expect((await database().db.select().from(leonState))[0]).toEqual(stateBefore);
    const again = await sync();
    expect(again.status).toBe(200);
    expect(await mission(missed.tripNumber)).toBeTruthy();
  });

  it('records a run the database fails as failed and answers 503 in French, writing none of its trips', async () => {
    const trip = addTrip();
    faults.hugeTimestamp = true;
    const failed = await sync();
    faults.hugeTimestamp = false;
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(
      'La synchronisation a échoué : erreur de la base de données (code 22003).',
    );
    expect(await lastRun()).toMatchObject({ status: 'failed', reason: failed.body.message });
    expect(await mission(trip.tripNumber)).toBeUndefined();
    expect((await sync()).body.data).toMatchObject({ created: 1, failed: 0 });
    expect(await mission(trip.tripNumber)).toBeTruthy();
  });

  it('lists the runs to staff only, newest first and paged, with the trips each skipped', async () => {
    expect((await ops.get('/leon/sync-runs')).status).toBe(200);
    expect((await hospital.get('/leon/sync-runs')).status).toBe(403);
    const page = await admin.get<RunsBody>('/leon/sync-runs?pageSize=100');
    expect(page.status).toBe(200);
    const { rows } = page.body.data;
    expect(rows.length).toBe((await database().db.select().from(syncRuns)).length);
    expect(rows.map((r) => r.startedAt)).toEqual([...rows.map((r) => r.startedAt)].sort().reverse());
    expect(rows[0]).toMatchObject({ kind: 'synchronize', status: 'ok', actorName: 'Julien Moreau' });
    expect(rows.find((r) => r.status === 'failed')?.reason).toBe(
      'La synchronisation a échoué : erreur de la base de données (code 22003).',
    );
    expect(rows.some((r) => r.skipped.some((s) => s.reason.startsWith('Import impossible')))).toBe(true);
    const second = await admin.get<RunsBody>('/leon/sync-runs?pageSize=2&pageNumber=2');
    expect(second.body.data.rows).toEqual(rows.slice(2, 4));
    expect(second.body.data.pageCount).toBe(Math.ceil(rows.length / 2));
    expect((await admin.get('/leon/sync-runs?pageNumber=0')).status).toBe(400);
  });

  it('answers 409 to a second sync while one runs, then lets the next one through', async () => {
    const { promise: gate, resolve: release } = deferred();
    faults.gate = gate;
    later(5_000);
    const first = ops.put<SyncBody>('/leon/synchronize-data');
    // The first run is waiting on Leon; a second click, from another user, must not queue behind it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = new Caller(t.app);
    const timeout = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000));
    const second = await Promise.race([admin.put<{ message: string }>('/leon/update-data'), timeout]);
    const poll = await Promise.race([other.get('/health'), timeout]);
    faults.gate = null;
    release();
    expect(second).not.toBe('waited');
    expect(second).toMatchObject({ status: 409, body: { message: 'Une synchronisation est déjà en cours' } });
    expect(poll).toMatchObject({ status: 200 });
    expect((await first).status).toBe(200);
    expect((await sync()).status).toBe(200);
  });

  it('never moves a leg to another trip that brings the same Leon flight id', async () => {
    const owner = addTrip('LFBD', 'LFLL');
    await sync();
    const ownerRow = await mission(owner.tripNumber);
    const legsOf = async (id: string) =>
      (await ops.get<{ data: MissionDetailsLeg[] }>(`/missions/details/${id}`)).body.data;
    const before = await legsOf(ownerRow.id);
    expect(before.map((l) => l.adesIcao)).toEqual(['LFLL']);

    const nid = owner.legs[0].flightNid;
    const intruder = sim.addTrip({
      status: 'CONFIRMED',
      client: DEMO_HOSPITALS[1],
      legs: [
        { from: 'LFPO', to: 'LFML', std: new Date(clock.now + 40 * HOUR).toISOString(), flightNid: nid },
        { from: 'LFML', to: 'LFPO', std: new Date(clock.now + 44 * HOUR).toISOString() },
      ],
    });
    const answer = await sync();
    expect(answer.status).toBe(200);
    expect(await legsOf(ownerRow.id)).toEqual(before);
    expect(answer.body.data.skipped).toEqual([
      {
        tripNumber: intruder.tripNumber,
        tripNid: intruder.tripNid,
        flightNid: null,
        reason: `Import impossible : le vol Leon ${nid} appartient déjà à la mission ${owner.tripNumber}`,
      },
    ]);
    expect(await mission(intruder.tripNumber)).toBeUndefined();
    // Read again at the next sync although Leon did not change it, and still refused.
    expect((await sync()).body.data.skipped.map((s) => s.tripNumber)).toEqual([intruder.tripNumber]);
    expect(await legsOf(ownerRow.id)).toEqual(before);

    // Once Leon deletes the trip that held the flight, the other one is stored with it.
    sim.deleteTrip(owner.tripNumber);
    const freed = await sync();
    expect(freed.body.data).toMatchObject({ created: 1, deleted: 1, skipped: [] });
    const stored = await mission(intruder.tripNumber);
    expect((await legsOf(stored.id)).map((l) => l.adesIcao)).toEqual(['LFML', 'LFPO']);
    expect((await mission(owner.tripNumber)).deletedAt).not.toBeNull();
  });

  it('stores the first of two new trips that bring the same flight id in one run and skips the other', async () => {
    const std = new Date(clock.now + 50 * HOUR).toISOString();
    const first = sim.addTrip({ client: DEMO_HOSPITALS[2], legs: [{ from: 'LFLL', to: 'LFBD', std }] });
    const second = sim.addTrip({
      client: DEMO_HOSPITALS[2],
      legs: [{ from: 'LFML', to: 'LFBO', std, flightNid: first.legs[0].flightNid }],
    });
    const answer = await sync();
    expect(answer.body.data).toMatchObject({ created: 1, failed: 1 });
    expect(answer.body.data.skipped[0]).toMatchObject({
      tripNumber: second.tripNumber,
      reason: `Import impossible : le vol Leon ${first.legs[0].flightNid} appartient déjà à la mission ${first.tripNumber}`,
    });
    const legs = await ops.get<{ data: MissionDetailsLeg[] }>(
      `/missions/details/${(await mission(first.tripNumber)).id}`,
    );
    expect(legs.body.data.map((l) => l.adesIcao)).toEqual(['LFBD']);
  });
});
