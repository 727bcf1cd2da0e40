// api/server.ts as its own process, as production runs it (tests that kill or stop it: scripts/
// faults-kill.test.ts, scripts/shutdown.test.ts), on a PostgreSQL database and a data folder of its own.
// A start resolves once the process listens, with the process and the origin it listens on; it rejects
// with what the process printed if it stops first.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { apiNodeOptions } from '../../scripts/api-node-flags.mjs';
import { type Database, rowsOf } from '../db/client';
import { scratchDatabase, withDatabase } from '../db/scratch';
import { seedDemo } from '../db/seed';

const root = resolve(import.meta.dirname, '../..');

export interface ApiProcess {
  child: ChildProcess;
  origin: string;
}

export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: apiNodeOptions(),
      NODE_ENV: 'production',
      SINGLE_INSTANCE: 'true',
      SEED_DEMO: 'false',
      // These tests sign the demo's ADMIN in with the password alone; the second step has its own
      // (api/factors, e2e/factors.spec.ts).
      MFA_REQUIRED_ROLES: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.resume();
  return new Promise((resolveStart, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /API listening on http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port) resolveStart({ child, origin: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`the API stopped (${code}): ${out}`)));
  });
}

/** Where an API process runs: a scratch PostgreSQL database seeded with the demo, and a data folder. */
export interface ApiProcessHome {
  database: Database;
  /** The database's URL, for the process and for the test's own connections. */
  databaseUrl: string;
  /** The rows of a query on the database. */
  rows<T>(query: SQL): Promise<T[]>;
  /** Starts api/server.ts there (Leon polling off), with `env` added to what every start gets. */
  start(env: Record<string, string>): Promise<ApiProcess>;
  /** Drops the database and removes the folder. */
  close(): Promise<void>;
}

/** The PostgreSQL server of these tests: TEST_DATABASE_URL's, else the local test server. */
export const PROCESS_TEST_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function apiProcessHome(options: {
  /** The PostgreSQL server the database is made on; PROCESS_TEST_SERVER by default. */
  serverUrl?: string;
  /** Names the data folder. */
  name: string;
  /** What every start gets (API_PORT, PUBLIC_ORIGIN, EDGE_SECRET…). */
  env: Record<string, string>;
}): Promise<ApiProcessHome> {
  const serverUrl = options.serverUrl ?? PROCESS_TEST_SERVER;
  const database = await scratchDatabase({ kind: 'postgres', serverUrl, poolSize: 2 });
  const rows = <T>(query: SQL) => rowsOf<T>(database.db, query);
  const [{ name }] = await rows<{ name: string }>(sql`select current_database() as name`);
  const databaseUrl = withDatabase(serverUrl, name);
  await seedDemo(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), `${options.name}-`));
  const sessionSecret = randomBytes(24).toString('hex');
  return {
    database,
    databaseUrl,
    rows,
    start: (env) =>
      startApiProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: sessionSecret,
        LEON_POLL_MINUTES: '0',
        ...options.env,
        ...env,
      }),
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookies a sign-in answer sets, as a Cookie header. */
export const cookiesOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
