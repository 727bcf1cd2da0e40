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

/**
 * `workers` loops of requests until `stop()`: the signed-in user, a list, the counts. `answers` grows as
 * they come, so that the test can wait for a state of the load (so many answers, the first success after a
 * cut) rather than for time.
 */
function load(workers = 20) {
  const answers: Answer[] = [];
  let running = true;
  const paths = [
    '/user/me',
    '/missions?status=requested&pageSize=20',
    '/missions?status=completed&search=TR',
  ];
  const done = Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; running; i++) {
        const caller = callers[w % callers.length];
        const answer = await caller.get<{ message?: string }>(paths[(w + i) % paths.length]);
        answers.push({ at: Date.now(), status: answer.status, message: answer.body?.message });
      }
    }),
  );
  return {
    answers,
    stop: async () => {
      running = false;
      await done;
      return answers;
    },
  };
}

const poll = { timeout: 30_000, interval: 20 };

/** Waits until `count` more answers have come after the `from`-th. */
const more = (answers: Answer[], from: number, count: number) =>
  expect.poll(() => answers.length - from, poll).toBeGreaterThanOrEqual(count);

/** How many answers in a row, from the newest back, are successes. */
const successesInARow = (answers: Answer[]) => {
  let n = 0;
  for (let i = answers.length - 1; i >= 0 && answers[i].status === 200; i--) n++;
  return n;
};

/**
 * Waits until the API answers again from new connections: 40 successes in a row after the cut (the requests
 * under way at the cut, and each pooled connection the cut killed, fail once first).
 */
const recovered = (answers: Answer[], cutIndex: number) =>
  expect
    .poll(() => (answers.length - cutIndex >= 40 ? successesInARow(answers) : 0), poll)
    .toBeGreaterThanOrEqual(40);

/** Workers and pooled connections: the most requests one cut may fail. */
const MOST_FAILED_BY_A_CUT = 20 + 10;

it('answers again from new connections after PostgreSQL cut them all under load, without a restart', async () => {
  const running = load();
  const { answers } = running;
  await more(answers, 0, 40);
  const servedBefore = answers.length;
  expect(await terminateBackends()).toBeGreaterThan(0);
  await recovered(answers, servedBefore);
  // A second cut, while the pool is full of the connections it opened after the first.
  const beforeSecond = answers.length;
  expect(await terminateBackends()).toBeGreaterThan(0);
  await recovered(answers, beforeSecond);
  await running.stop();

  // Nothing but answers or a French 503 that says to try again.
  const unexpected = answers.filter(
    (a) => a.status !== 200 && !(a.status === 503 && a.message === DATABASE_UNAVAILABLE),
  );
  expect(unexpected).toEqual([]);
  expect(answers.slice(0, servedBefore).every((a) => a.status === 200)).toBe(true);
  // Each cut fails only the requests it caught; then every answer is a success again (40 in a row).
  const failed = (from: number, to: number) => answers.slice(from, to).filter((a) => a.status !== 200).length;
  expect(failed(servedBefore, beforeSecond)).toBeLessThanOrEqual(MOST_FAILED_BY_A_CUT);
  expect(failed(beforeSecond, answers.length)).toBeLessThanOrEqual(MOST_FAILED_BY_A_CUT);
  expect(successesInARow(answers)).toBeGreaterThanOrEqual(40);
  // And the same process still serves a new sign-in.
  expect((await signedIn(app, 'admin@demo.test')).cookies.size).toBeGreaterThan(0);
}, 120_000);
