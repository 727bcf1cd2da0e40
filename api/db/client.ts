// Opens the database — PostgreSQL when a URL is given, else the embedded PGlite — and applies the
// migrations with drizzle's migrator, so both run the same schema.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { logger } from '../lib/log';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(…)` (also a savepoint's). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite files go under `${dataDir}/pglite`. */
  dataDir?: string;
  /** An in-memory PGlite (tests). */
  memory?: boolean;
  poolSize?: number;
  /** Another set of migrations (a test of one migration applies those before it first). */
  migrationsFolder?: string;
}

/** Applies the migrations of `folder` not applied yet. */
export async function migrateDatabase(database: Pick<Database, 'db' | 'kind'>, folder = MIGRATIONS_FOLDER) {
  const migrate = database.kind === 'postgres' ? migratePg : migratePglite;
  await migrate(database.db as never, { migrationsFolder: folder });
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not take the process down.
    pool.on('error', (error) => logger.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migrateDatabase({ db, kind: 'postgres' }, options.migrationsFolder);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (!options.memory) {
    dataDir = join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, btree_gist } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migrateDatabase({ db, kind: 'pglite' }, options.migrationsFolder);
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Runs `fn` holding PostgreSQL's session advisory lock `key`, or answers `{ locked: false }` at once when
 * another session holds it. On PostgreSQL the lock lives on a connection of its own, outside any
 * transaction, so that `fn` may wait on other systems without holding a transaction open; it goes with
 * the connection if the process dies. PGlite is one connection in this process: the lock would always be
 * granted there (advisory locks are re-entrant within a session), so the caller's in-process lock is the
 * whole guard and `fn` simply runs.
 */
export async function withAdvisoryLock<T>(
  db: Db,
  key: number,
  fn: () => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return { locked: true, value: await fn() };
  const connection = await client.connect();
  let held = false;
  try {
    const answer = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      key,
    ]);
    held = answer.rows[0]?.locked === true;
    if (!held) return { locked: false };
    return { locked: true, value: await fn() };
  } finally {
    let broken: Error | undefined;
    if (held) {
      try {
        await connection.query('select pg_advisory_unlock($1)', [key]);
      } catch (error) {
        // The connection is unusable: destroying it releases the lock with the session.
        broken = error as Error;
      }
    }
    connection.release(broken);
  }
}
