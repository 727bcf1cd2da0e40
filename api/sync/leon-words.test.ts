// Leon's own English never reaches users (issue 54, decision 061): a run Leon refuses ('Int cannot
// represent non 32-bit signed integer value…') and a trip Leon no longer knows ('Trip … not found.') are
// told in French; Leon's words go to the log and to the journal for ADMIN only. On PGlite and PostgreSQL.
import { desc } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { SyncResult } from '../../contract/missions';
import type { SyncRunRow } from '../../contract/sync';
import { leonSkippedTrips, syncRuns } from '../db/schema';
import { createLeonClient, createLeonSimulator } from '../leon';
import { logger } from '../lib/log';
import { describeEachDatabase } from '../test/databases';
import { type Caller, seededTestApp, signedIn } from '../test/harness';

type RunsBody = { data: { rows: SyncRunRow[] } };
const INT_ERROR = 'Int cannot represent non 32-bit signed integer value: 4102444800000';

describeEachDatabase('Leon’s own words', (database) => {
  const clock = { now: Date.parse('2026-04-14T08:00:00Z') };
  const sim = createLeonSimulator({ apiKey: 'test-key', now: () => clock.now, seed: 9, trips: 3 });
  /** While set, every GraphQL call gets Leon's `errors` with this text. */
  let refusal: string | null = null;
  const leon = createLeonClient({
    baseUrl: 'http://leon.test',
    apiKey: 'test-key',
    now: () => clock.now,
    sleep: async () => {},
    budget: null,
    fetch: async (input, init) =>
      refusal && String(input).endsWith('/api/graphql/')
        ? Response.json({ errors: [{ message: refusal, locations: [{ line: 2, column: 5 }] }] })
        : sim.fetch(input, init),
  });
  const t = seededTestApp(database, { leon });
  let ops: Caller;
  let admin: Caller;
  const later = (ms: number) => {
    clock.now += ms;
    t.clock.now = new Date(clock.now);
  };
  const newestRun = async (caller: Caller) =>
    (await caller.get<RunsBody>('/leon/sync-runs?pageSize=5')).body.data.rows[0];

  beforeAll(async () => {
    t.clock.now = new Date(clock.now);
    ops = await signedIn(t.app, 'operation@demo.test');
    admin = await signedIn(t.app, 'admin@demo.test');
    expect((await ops.put('/leon/synchronize-data')).status).toBe(200);
  });
  afterEach(() => {
    refusal = null;
    vi.restoreAllMocks();
  });

  it('tells a run Leon refused in French, its words in the log and in the journal for ADMIN only', async () => {
    const warn = vi.spyOn(logger, 'warn');
    refusal = INT_ERROR;
    later(5_000);
    const answer = await ops.put<{ message: string }>('/leon/update-data');
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(
      'Leon a répondu par une erreur : une valeur de la requête n’est pas acceptée.',
    );
    expect(JSON.stringify(answer.body)).not.toContain('Int cannot');
    expect(warn.mock.calls.some(([line]) => String(line).includes(INT_ERROR))).toBe(true);

    for (const reader of [ops, admin]) {
      const run = await newestRun(reader);
      expect(run).toMatchObject({ status: 'failed', reason: answer.body.message });
      expect(run.leonDetail).toBe(reader === admin ? INT_ERROR : null);
    }
    const [row] = await database().db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt)).limit(1);
    expect(row.reason).toBe(answer.body.message);
  });

  it('tells a trip Leon no longer knows in French, Leon’s words for ADMIN only', async () => {
    const warn = vi.spyOn(logger, 'warn');
    // A trip kept from an earlier run, which an update reads again, and which Leon no longer has.
    await database()
      .db.insert(leonSkippedTrips)
      .values({ tripNumber: '999999', reason: 'Import impossible' });
    const french = 'Voyage introuvable dans Leon (supprimé, ou hors de portée de la clé d’API).';
    later(5_000);
    const answer = await ops.put<{ data: SyncResult }>('/leon/update-data');
    expect(answer.status).toBe(200);
    expect(answer.body.data.skipped).toEqual([
      { tripNumber: '999999', tripNid: null, flightNid: null, reason: french },
    ]);
    expect(answer.body.data.errors).toEqual([{ tripNumber: '999999', message: french }]);
    expect(JSON.stringify(answer.body)).not.toContain('not found');
    expect(warn.mock.calls.some(([line]) => String(line).includes('Trip 999999 not found.'))).toBe(true);

    const opsRun = await newestRun(ops);
    expect(opsRun.skipped).toEqual([expect.objectContaining({ tripNumber: '999999', reason: french })]);
    expect(JSON.stringify(opsRun)).not.toContain('not found');
    const adminRun = await newestRun(admin);
    expect(adminRun.skipped).toEqual([
      expect.objectContaining({ reason: french, leonMessage: 'Trip 999999 not found.' }),
    ]);

    // ADMIN's own sync answer carries Leon's words too.
    later(5_000);
    const adminAnswer = await admin.put<{ data: SyncResult }>('/leon/update-data');
    expect(adminAnswer.body.data.skipped).toEqual([
      expect.objectContaining({ reason: french, leonMessage: 'Trip 999999 not found.' }),
    ]);
  });
});
