// A sync that cannot have two writers (decision 030): a run whose lock was lost while it read Leon, and
// that another run took over, is refused in its write transaction and writes nothing; it is recorded as
// failed with the French reason. On PGlite and PostgreSQL the takeover is the lease row rewritten as the
// other instance does; on PostgreSQL also for real: the first run's lock connection is cut (as a pooler
// or proxy would) and a second instance runs a whole sync meanwhile.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { leonState, missions, syncLease, syncRuns } from '../db/schema';
import { DEMO_HOSPITALS, seedDemo } from '../db/seed';
import type { LeonSource } from '../leon';
import { describeEachDatabase, instancesOf } from '../test/databases';
import { testLeon } from '../test/harness';
import { RUN_FENCED } from './reasons';
import { runSync } from './run';

const HOUR = 3600_000;
const LATE = 'Écrit par le retardataire';

/** Leon as the late run sees it: its reads wait at a gate, and every trip it reads carries a mark. */
function lateSource(leon: LeonSource) {
  let open!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const atGate = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const mark = <T extends { trips: Array<{ clientName?: unknown }> }>(answer: T): T => ({
    ...answer,
    trips: answer.trips.map((trip) => ({ ...trip, clientName: LATE })),
  });
  const source: LeonSource = {
    flightsBetween: async (from, to) => mark(await leon.flightsBetween(from, to)),
    departuresBetween: leon.departuresBetween,
    async modifiedSince(timestamp) {
      reached();
      await gate;
      return leon.modifiedSince(timestamp);
    },
    tripsByNumber: async (numbers) => mark(await leon.tripsByNumber(numbers)),
  };
  return { source, atGate, open };
}

const optionsOf = (database: Database, source: LeonSource) => ({
  db: database.db,
  source,
  now: () => new Date(),
});

describeEachDatabase('the sync write fence', (database) => {
  const { sim, leon } = testLeon({ seed: 5, trips: 0 });
  beforeAll(async () => {
    await seedDemo(database().db);
    await runSync(optionsOf(database(), leon), 'synchronize', null);
  });

  it('refuses the write of a run whose lease another run took, and records why', async () => {
    const trip = sim.addTrip({
      status: 'CONFIRMED',
      client: DEMO_HOSPITALS[0],
      legs: [{ from: 'LFBD', to: 'LFPG', std: new Date(Date.now() + 30 * HOUR).toISOString() }],
    });
    const [stateBefore] = await database().db.select().from(leonState);
    const late = lateSource(leon);
    const run = runSync(optionsOf(database(), late.source), 'poll', null);
    const outcome = run.then(
      () => 'written',
      (error: Error) => error,
    );
    await late.atGate;
    // Its lock lost, another instance's run starts and names itself in the lease.
    await database().db.update(syncLease).set({ runId: sql`gen_random_uuid()` }).where(eq(syncLease.id, 1));
    late.open();
    expect(await outcome).not.toBe('written');
    expect(
      await database().db.select().from(missions).where(eq(missions.tripNumber, trip.tripNumber)),
    ).toEqual([]);
    expect(await database().db.select().from(missions).where(eq(missions.buyerName, LATE))).toEqual([]);
    expect((await database().db.select().from(leonState))[0]).toEqual(stateBefore);
    const runs = await database().db.select().from(syncRuns).where(eq(syncRuns.kind, 'poll'));
    expect(runs).toMatchObject([{ status: 'failed', reason: RUN_FENCED, created: 0 }]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the sync write fence, a lock cut mid-run [postgres]', () => {
  let cluster: { instances: Database[]; close(): Promise<void> };
  const { sim, leon } = testLeon({ seed: 6, trips: 0 });
  beforeAll(async () => {
    cluster = await instancesOf('postgres', 2);
    await seedDemo(cluster.instances[0].db);
    await runSync(optionsOf(cluster.instances[0], leon), 'synchronize', null);
  }, 180_000);
  afterAll(() => cluster?.close());

  it('lets the run that took over write, and the late one write nothing', async () => {
    const [first, second] = cluster.instances;
    const trip = sim.addTrip({
      status: 'CONFIRMED',
      client: DEMO_HOSPITALS[1],
      legs: [{ from: 'LFPO', to: 'LFML', std: new Date(Date.now() + 30 * HOUR).toISOString() }],
    });
    const late = lateSource(leon);
    const outcome = runSync(optionsOf(first, late.source), 'poll', null).then(
      () => 'written',
      (error: Error) => error,
    );
    await late.atGate;
    // The connection holding the first run's advisory lock is cut, as a proxy or idle timeout would.
    await second.db.execute(
      sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = 7261001`,
    );
    // The lock goes when the backend has exited, a moment after pg_terminate_backend answers.
    await expect
      .poll(
        async () =>
          (
            (await second.db.execute(
              sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 7261001`,
            )) as { rows: Array<{ n: number }> }
          ).rows[0]?.n,
        { timeout: 10_000 },
      )
      .toBe(0);
    const other = await runSync(optionsOf(second, leon), 'synchronize', null);
    expect(other).toMatchObject({ created: 1 });
    late.open();
    expect(await outcome).not.toBe('written');
    const [stored] = await second.db.select().from(missions).where(eq(missions.tripNumber, trip.tripNumber));
    expect(stored.buyerName).toBe(DEMO_HOSPITALS[1]);
    expect(await second.db.select().from(missions).where(eq(missions.buyerName, LATE))).toEqual([]);
    const [polled] = await second.db.select().from(syncRuns).where(eq(syncRuns.kind, 'poll'));
    expect(polled).toMatchObject({ status: 'failed', reason: RUN_FENCED });
  });
});
