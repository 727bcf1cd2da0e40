// The journal of the sync runs (decision 035) on PGlite and PostgreSQL: who may read it, a run still
// running read as 'running' and a run whose process died as 'interrupted', the invoices' counts, and
// 'Réessayer' on a run's kept skipped trips (ADMIN only, audited).
import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import type { SyncResult } from '../../contract/missions';
import type { SyncRunRow } from '../../contract/sync';
import { poolOf } from '../db/client';
import { auditLog, syncLease, syncRuns } from '../db/schema';
import { DEMO_HOSPITALS } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { deferred } from '../test/deferred';
import { faultyLeon } from '../test/faulty-leon';
import { type Caller, seededTestApp, signedIn, testLeon } from '../test/harness';
import { RUN_INTERRUPTED } from './reasons';
import { LOCK_KEY } from './run';

type RunsBody = { data: { rows: SyncRunRow[] } };
const HOUR = 3600_000;

describeEachDatabase('Sync journal', (database) => {
  const clock = { now: Date.parse('2026-04-14T08:00:00Z') };
  const { sim, leon } = testLeon({ now: () => clock.now, seed: 5, trips: 3 });
  const { source, faults } = faultyLeon(leon, { graphql: true });
  const t = seededTestApp(database, { leon: source });
  const callers = {} as Record<'admin' | 'ops' | 'accounting' | 'hospital', Caller>;
  const later = (ms: number) => {
    clock.now += ms;
    t.clock.now = new Date(clock.now);
  };
  const journal = async (caller = callers.ops) =>
    (await caller.get<RunsBody>('/leon/sync-runs?pageSize=100')).body.data.rows;

  beforeAll(async () => {
    t.clock.now = new Date(clock.now);
    callers.admin = await signedIn(t.app, 'admin@demo.test');
    callers.ops = await signedIn(t.app, 'operation@demo.test');
    callers.accounting = await signedIn(t.app, 'accounting@demo.test');
    callers.hospital = await signedIn(t.app, 'hopital@demo.test');
  });

  it('lists every run to ADMIN, OPERATION and ACCOUNTING with the invoices it wrote, not to HOSPITAL', async () => {
    later(5_000);
    const run = await callers.admin.put<{ data: SyncResult }>('/leon/synchronize-data');
    expect(run.status).toBe(200);
    expect(run.body.data.invoices).toEqual({
      created: expect.any(Number),
      updated: expect.any(Number),
      errors: expect.any(Number),
      failure: null,
    });
    for (const caller of [callers.admin, callers.ops, callers.accounting])
      expect((await caller.get('/leon/sync-runs')).status).toBe(200);
    expect((await callers.hospital.get('/leon/sync-runs')).status).toBe(403);
    const [newest] = await journal(callers.accounting);
    expect(newest).toMatchObject({
      kind: 'synchronize',
      status: 'ok',
      reason: null,
      actorName: expect.any(String),
      invoices: run.body.data.invoices,
    });
  });

  it("reads a run still running as 'running', never as interrupted, and 'ok' once it ends", async () => {
    const { promise: gate, resolve: release } = deferred();
    faults.gate = gate;
    later(5_000);
    // A load reads what changed since Leon's timestamp: the gate holds it there.
    const running = callers.ops.put('/leon/synchronize-data');
    try {
      // The run has opened its row and waits on Leon.
      for (let i = 0; i < 50 && (await journal())[0]?.finishedAt !== null; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const [newest] = await journal();
      expect(newest).toMatchObject({
        kind: 'synchronize',
        status: 'running',
        reason: null,
        finishedAt: null,
      });
    } finally {
      faults.gate = null;
      release();
    }
    expect((await running).status).toBe(200);
    expect((await journal())[0]).toMatchObject({ kind: 'synchronize', status: 'ok' });
  });

  it("reads a run whose process died (no end, lock gone) as 'interrupted', with its French reason", async () => {
    const { db } = database();
    const [dead] = await db
      .insert(syncRuns)
      .values({
        kind: 'poll',
        actorId: null,
        startedAt: new Date(clock.now + 1_000),
        finishedAt: null,
        status: 'failed',
        reason: RUN_INTERRUPTED,
      })
      .returning({ id: syncRuns.id });
    // A killed process leaves the lease naming its run; its advisory lock went with its connection.
    await db.update(syncLease).set({ runId: dead.id }).where(eq(syncLease.id, 1));
    const row = (await journal()).find((r) => r.id === dead.id);
    expect(row).toMatchObject({ status: 'interrupted', reason: RUN_INTERRUPTED, actorName: null });

    // On PostgreSQL, another instance's run: the lease names it and that instance holds the lock.
    const pool = poolOf(db);
    if (pool) {
      // A run on another database of the same server (another deployment, another test file) holds a lock
      // of the same key there: it says nothing of this database's runs.
      const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await elsewhere.connect();
      try {
        await elsewhere.query('select pg_advisory_lock($1)', [LOCK_KEY]);
        expect((await journal()).find((r) => r.id === dead.id)).toMatchObject({
          status: 'interrupted',
          reason: RUN_INTERRUPTED,
        });
      } finally {
        await elsewhere.end();
      }
      const other = await pool.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [LOCK_KEY]);
        expect((await journal()).find((r) => r.id === dead.id)).toMatchObject({
          status: 'running',
          reason: null,
        });
        await other.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
      } finally {
        other.release();
      }
    }
    await db.update(syncLease).set({ runId: null }).where(eq(syncLease.id, 1));
    await db.delete(syncRuns).where(eq(syncRuns.id, dead.id));
  });

  it("'Réessayer' re-runs the update for a run's kept skipped trips: ADMIN only, audited", async () => {
    const trip = sim.addTrip({
      status: 'CONFIRMED',
      client: DEMO_HOSPITALS[0],
      legs: [{ from: 'LFBD', to: 'LFPG', std: new Date(clock.now + 30 * HOUR).toISOString() }],
    });
    faults.hugePassengers.add(trip.tripNumber);
    later(5_000);
    expect((await callers.ops.put('/leon/synchronize-data')).status).toBe(200);
    const [skipping] = await journal();
    expect(skipping.skipped).toEqual([
      expect.objectContaining({
        tripNumber: trip.tripNumber,
        waiting: true,
        reason: expect.stringContaining('Import impossible'),
      }),
    ]);

    const retry = `/leon/sync-runs/${skipping.id}/retry`;
    for (const caller of [callers.ops, callers.accounting])
      expect(await caller.post(retry)).toMatchObject({
        status: 403,
        body: { message: 'Seul un administrateur peut relancer les missions ignorées' },
      });
    expect((await callers.hospital.post(retry)).status).toBe(403);
    expect((await callers.admin.post('/leon/sync-runs/not-a-uuid/retry')).status).toBe(400);
    expect(
      (
        await callers.admin.post<{ message: string }>(
          '/leon/sync-runs/00000000-0000-4000-8000-000000000000/retry',
        )
      ).body,
    ).toMatchObject({ message: 'Synchronisation introuvable' });

    faults.hugePassengers.clear();
    later(5_000);
    const answer = await callers.admin.post<{ data: SyncResult }>(retry);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ failed: 0, skipped: [] });
    const [audited] = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sync.retry'), eq(auditLog.entityId, skipping.id)))
      .orderBy(desc(auditLog.at));
    expect(audited).toMatchObject({ entity: 'sync_run', after: { tripNumbers: [trip.tripNumber] } });
    // The trip is stored: the old run's row no longer offers it, and a second retry has nothing to do.
    const again = (await journal()).find((r) => r.id === skipping.id);
    expect(again?.skipped).toEqual([
      expect.objectContaining({ tripNumber: trip.tripNumber, waiting: false }),
    ]);
    expect(await callers.admin.post(retry)).toMatchObject({
      status: 409,
      body: { message: 'Aucune mission ignorée de cette synchronisation n’est encore en attente' },
    });
  });
});
