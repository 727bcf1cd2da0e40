// Gives each test suite a fresh database: an in-memory PGlite always, and PostgreSQL too when
// TEST_DATABASE_URL is set (a database of its own, dropped at the end).

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Database, type Db, openDatabase } from '../db/client';
import { jobs } from '../db/schema';
import { onDatabaseServer, scratchDatabase, withDatabase } from '../db/scratch';
import { type Job, type JobRunner, startJobs } from '../lib/jobs';

const pgUrl = process.env.TEST_DATABASE_URL;
let warned = false;

export const databaseKinds = (): Array<'pglite' | 'postgres'> =>
  pgUrl ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated database of the given kind, with a `close` that also drops it. */
export const freshDatabase = (kind: 'pglite' | 'postgres', migrationsFolder?: string): Promise<Database> =>
  kind === 'pglite'
    ? scratchDatabase({ kind, migrationsFolder })
    : scratchDatabase({ kind, serverUrl: pgUrl!, poolSize: 4, migrationsFolder });

/** Runs `body` once per database kind, each with its own fresh database. */
export function describeEachDatabase(name: string, body: (get: () => Database) => void): void {
  if (!pgUrl && !warned) {
    warned = true;
    console.warn('PostgreSQL tests skipped: TEST_DATABASE_URL not set (PGlite only).');
  }
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let database: Database;
      beforeAll(async () => {
        database = await freshDatabase(kind);
      });
      afterAll(async () => {
        await database?.close();
      });
      body(() => database);
    });
  }
}

/**
 * `count` API instances on one fresh database, as a cluster has them: on PostgreSQL each its own pool on
 * one new database (migrated at once, as instances starting together do); on PGlite, which one process
 * owns, the same database handle `count` times. `close` ends them all and drops the database.
 */
export async function instancesOf(
  kind: 'pglite' | 'postgres',
  count: number,
): Promise<{ instances: Database[]; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await scratchDatabase({ kind });
    return { instances: Array.from({ length: count }, () => database), close: () => database.close() };
  }
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  await onDatabaseServer(pgUrl!, `CREATE DATABASE ${name}`);
  const url = withDatabase(pgUrl!, name);
  const opened = await Promise.allSettled(
    Array.from({ length: count }, () => openDatabase({ databaseUrl: url, poolSize: 4 })),
  );
  const instances = opened.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const close = async () => {
    for (const instance of instances) await instance.close();
    await onDatabaseServer(pgUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  const failed = opened.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { instances, close };
}

/**
 * Three API instances on one fresh database (instancesOf), each running `jobsOf(its database, its name)`
 * without a timer: the tests make them look (`tick`). Started before the tests (after `prepare`), stopped
 * after them.
 */
export function jobInstances(
  kind: 'pglite' | 'postgres',
  jobsOf: (database: Database, instance: string) => Job[],
  options: { log: (line: string) => void; prepare?: (db: Db) => Promise<unknown> },
) {
  let cluster: { instances: Database[]; close(): Promise<void> };
  let runners: JobRunner[];
  beforeAll(async () => {
    cluster = await instancesOf(kind, 3);
    await options.prepare?.(cluster.instances[0].db);
    runners = cluster.instances.map((database, n) =>
      startJobs(database.db, jobsOf(database, `instance-${n + 1}`), {
        timer: false,
        instance: `instance-${n + 1}`,
        log: options.log,
      }),
    );
  }, 180_000);
  afterAll(async () => {
    for (const runner of runners ?? []) await runner.stop();
    await cluster?.close();
  });
  const db = () => cluster.instances[0].db;
  return {
    db,
    /** The first instance's database handle. */
    database: () => cluster.instances[0],
    /** Every instance looks at once; answers what each ran. */
    allLook: () => Promise.all(runners.map((runner) => runner.tick())),
    /** Job `name`'s interval has passed (the slot is the database's clock: moved back, not waited for). */
    intervalPasses: (name: string) =>
      db().update(jobs).set({ nextAt: sql`now() - interval '1 second'` }).where(eq(jobs.name, name)),
  };
}
