// PostgreSQL losing the API's connections under load (issue 18, faults): every backend of the API's
// database is terminated (as a PostgreSQL restart or a failover does) while requests run. The API keeps
// running: the requests caught in the cut answer 503 with a French message (never 500, never a crash),
// and the next ones are answered again from new connections, without restarting anything. Needs a
// PostgreSQL server: TEST_DATABASE_URL, else the local test server.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../api/db/client';
import { scratchDatabase } from '../api/db/scratch';
import { DEMO_HOSPITALS, seedDemo } from '../api/db/seed';
import { DATABASE_UNAVAILABLE } from '../api/lib/errors';
import { insertMissions } from '../api/test/fixtures';
import { type Caller, signedIn, testApp } from '../api/test/harness';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let database: Database;
let name: string;
let app: ReturnType<typeof testApp>['app'];
let callers: Caller[];

beforeAll(async () => {
  database = await scratchDatabase({ kind: 'postgres', serverUrl, poolSize: 10 });
  name = (
    (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    }
  ).rows[0].name;
  await seedDemo(database.db);
  await insertMissions(
    database.db,
    Array.from({ length: 30 }, (_, i) => ({
      tripNumber: `TR-${1000 + i}`,
      status: i % 2 ? ('PROGRAMMEE' as const) : ('TERMINEE' as const),
      buyerName: DEMO_HOSPITALS[i % DEMO_HOSPITALS.length],
      departure: `2026-02-${String(1 + (i % 28)).padStart(2, '0')}T08:00:00Z`,
    })),
  );
  app = testApp(database.db).app;
  callers = [await signedIn(app, 'operation@demo.test'), await signedIn(app, 'hopital@demo.test')];
}, 60_000);

afterAll(async () => {
  await database?.close();
});

/** Ends every backend of the API's database, as a restart of PostgreSQL would. */
async function terminateBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

interface Answer {
  at: number;
  status: number;
  message?: string;
}

/** `workers` loops of requests until `until`: the signed-in user, a list, the counts. */
async function load(until: number, workers = 20): Promise<Answer[]> {
  const answers: Answer[] = [];
  const paths = [
    '/user/me',
    '/missions?status=requested&pageSize=20',
    '/missions?status=completed&search=TR',
  ];
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; Date.now() < until; i++) {
        const caller = callers[w % callers.length];
        const answer = await caller.get<{ message?: string }>(paths[(w + i) % paths.length]);
        answers.push({ at: Date.now(), status: answer.status, message: answer.body?.message });
      }
    }),
  );
  return answers;
}

it('answers again from new connections after PostgreSQL cut them all under load, without a restart', async () => {
  const start = Date.now();
  const running = load(start + 6_000);
  await new Promise((r) => setTimeout(r, 1_500));
  const cutAt = Date.now();
  expect(await terminateBackends()).toBeGreaterThan(0);
  await new Promise((r) => setTimeout(r, 1_500));
  // A second cut, while the pool is full of the connections it opened after the first.
  const secondCutAt = Date.now();
  expect(await terminateBackends()).toBeGreaterThan(0);
  const answers = await running;

  // Nothing but answers or a French 503 that says to try again.
  const unexpected = answers.filter(
    (a) => a.status !== 200 && !(a.status === 503 && a.message === DATABASE_UNAVAILABLE),
  );
  expect(unexpected).toEqual([]);
  expect(answers.filter((a) => a.at < cutAt).every((a) => a.status === 200)).toBe(true);
  // Recovered: a second after each cut, every answer is a success again.
  const settled = answers.filter(
    (a) => (a.at > cutAt + 1_000 && a.at < secondCutAt) || a.at > secondCutAt + 1_000,
  );
  expect(settled.length).toBeGreaterThan(50);
  expect(settled.filter((a) => a.status !== 200)).toEqual([]);
  // And the same process still serves a new sign-in.
  expect((await signedIn(app, 'admin@demo.test')).cookies.size).toBeGreaterThan(0);
}, 60_000);
