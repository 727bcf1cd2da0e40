// Opens the database — PostgreSQL when a URL is given, else the embedded PGlite — and applies the
// migrations with drizzle's migrator, so both run the same schema.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getTableColumns, type SQL, type SQLChunk, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { logger } from '../lib/log';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(…)` (also a savepoint's). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw statement, on either driver (both answer `{ rows }` to `execute`). */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * Inserts many rows in one statement with a single parameter: the rows as a JSON array, spread back into
 * columns by `jsonb_to_recordset`. Drizzle's `insert().values()` builds a placeholder and a driver value
 * for every field: 16 s of the syncing process's 55 s of work in a first load of 100,000 trips
 * (decision 044). For columns of text, numbers, booleans, uuid, timestamptz (a `Date` becomes its ISO
 * instant) and jsonb (the value as it is; `null` is SQL NULL). A column the rows leave `undefined` takes
 * its default; every row gives the same columns.
 */
export async function insertRows<T extends PgTable>(
  db: Pick<Db, 'execute'>,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
): Promise<void> {
  if (!rows.length) return;
  const columns = Object.entries(getTableColumns(table));
  const given = columns.filter(([key]) => (rows[0] as Record<string, unknown>)[key] !== undefined);
  const keys = new Set(given.map(([key]) => key));
  for (const row of rows as ReadonlyArray<Record<string, unknown>>)
    for (const [key, column] of columns)
      if ((row[key] !== undefined) !== keys.has(key))
        throw new Error(`insertRows: every row gives the same columns (${column.name})`);
  const list = (each: (key: string, name: string, type: string) => SQLChunk) =>
    sql.join(
      given.map(([key, column]) => each(key, column.name, column.getSQLType())),
      sql`, `,
    );
  await db.execute(
    sql`insert into ${table} (${list((_, name) => sql.identifier(name))}) select ${list((key) => sql.identifier(key))} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${list((key, _, type) => sql`${sql.identifier(key)} ${sql.raw(type)}`)})`,
  );
}

/**
 * Runs `read` in a transaction of its own in which PostgreSQL plans no parallel worker. A statement of a
 * few tens of milliseconds that the planner would split loses more to starting the worker than it gains:
 * measured on 2 cores, the billing check's invoices for no mission took 22 ms instead of 1.7 for a week and
 * 72 instead of 27 for a quarter (decision 033). PGlite has no workers; the setting is harmless there.
 */
export function withoutParallelWorkers<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, 'migrations');

/**
 * PGlite, its two extensions and its drizzle driver, loaded when a PGlite database is first opened: a
 * process on PostgreSQL (production) never loads them, which keeps about 40 MB out of its memory
 * (docs/decisions/043). PGlite is a devDependency: the container installs the runtime packages only
 * (docs/decisions/066), so there it is missing, and the error says to set DATABASE_URL.
 */
async function loadPglite() {
  const [{ PGlite }, { btree_gist }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ERR_MODULE_NOT_FOUND' || !error.message.includes('@electric-sql/pglite')) throw error;
    throw new Error(
      'DATABASE_URL: required here; the embedded PGlite is not installed (a runtime-only install, as in the ' +
        'container) (obligatoire ici : la base PGlite intégrée n’est pas installée, comme dans le conteneur)',
      { cause: error },
    );
  });
  return {
    PGlite,
    // PostgreSQL's buffer pool inside PGlite's memory: 16 MB instead of 128 MB. The database is PGlite's
    // files (or the operating system's cache of them) in any case; the pool only held its RSS
    // 130 MB higher and made each start 100 ms slower (docs/decisions/049).
    options: {
      extensions: { pg_trgm, btree_gist },
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    },
    drizzle,
    migrate,
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite files go under `${dataDir}/pglite`. */
  dataDir?: string;
  /** An in-memory PGlite (tests). */
  memory?: boolean;
  poolSize?: number;
  /** PostgreSQL cancels a statement running longer than this (0 or absent: never). */
  statementTimeoutMs?: number;
  /** Another set of migrations (a test of one migration applies those before it first). */
  migrationsFolder?: string;
  /** Opens without migrating (migrateOnly reads the journal first). */
  skipMigrations?: boolean;
  /** An in-memory PGlite started from this data-directory image (`pgliteImage`), not from an empty one. */
  image?: Blob;
}

/**
 * The data directory of an in-memory PGlite with the migrations of `folder` applied, as an image that
 * `openDatabase({ memory: true, image })` starts from in a fraction of the time that creating and
 * migrating one takes (test and benchmark databases, api/db/scratch.ts).
 */
export async function pgliteImage(folder = MIGRATIONS_FOLDER): Promise<Blob> {
  const { PGlite, options, drizzle } = await loadPglite();
  const client = await PGlite.create(options);
  try {
    await migrateDatabase({ db: drizzle(client, { schema }) as unknown as Db, kind: 'pglite' }, folder);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The advisory lock under which one instance at a time applies the migrations. */
const MIGRATIONS_LOCK_KEY = 7_261_000;

/**
 * Applies the migrations of `folder` not applied yet. On PostgreSQL, several instances may start at once
 * (a new release): each takes the session advisory lock on a connection of its own and migrates through
 * that connection, so one applies the migrations while the others wait, then find them applied in
 * drizzle's journal and apply nothing. The lock goes with the connection if the process dies.
 */
export async function migrateDatabase(database: Pick<Database, 'db' | 'kind'>, folder = MIGRATIONS_FOLDER) {
  const pool = poolOf(database.db);
  if (!pool) {
    const { migrate } = await loadPglite();
    await migrate(database.db as never, { migrationsFolder: folder });
    return;
  }
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(connection) as never, { migrationsFolder: folder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]);
    }
  } catch (error) {
    // A connection that failed mid-way is not given back: closing it releases the lock with the session.
    broken = error as Error;
    throw error;
  } finally {
    connection.release(broken);
  }
}

/** The node-postgres pool behind `db`, or undefined on PGlite (one connection, in this process). */
export function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** The number of migrations applied to the database (drizzle's journal). */
export async function appliedMigrations(db: Db): Promise<number> {
  const answer = (await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as {
    rows?: Array<{ count: number }>;
  };
  return answer.rows?.[0]?.count ?? 0;
}

/**
 * Opens the database, applies the migrations not applied yet, closes it, and tells how many it applied:
 * `npm run migrate` (api/db/migrate.ts), for a release pipeline that migrates before the new instances start.
 */
export async function migrateOnly(
  options: Omit<OpenOptions, 'memory'>,
): Promise<{ before: number; after: number }> {
  const database = await openDatabase({ ...options, skipMigrations: true });
  try {
    const before = await appliedMigrations(database.db).catch(() => 0);
    await migrateDatabase(database, options.migrationsFolder);
    return { before, after: await appliedMigrations(database.db) };
  } finally {
    await database.close();
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle connection dropped by the server (restart, failover) must not take the process down.
    pool.on('error', (error) => logger.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (!options.skipMigrations) await migrateDatabase({ db, kind: 'postgres' }, options.migrationsFolder);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (!options.memory) {
    dataDir = join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const { PGlite, options: pgliteOptions, drizzle } = await loadPglite();
  const client = await PGlite.create({
    ...pgliteOptions,
    dataDir,
    ...(options.memory && options.image ? { loadDataDir: options.image } : {}),
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  if (!options.skipMigrations) await migrateDatabase({ db, kind: 'pglite' }, options.migrationsFolder);
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
  const client = poolOf(db);
  if (!client) return { locked: true, value: await fn() };
  const connection = await client.connect();
  // The connection may be cut mid-run (the case the sync's lease fences): that must not end the process.
  const lost = (error: Error) => logger.warn(`PostgreSQL lock connection lost: ${error.message}`);
  connection.on('error', lost);
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
    connection.off('error', lost);
    connection.release(broken);
  }
}

/**
 * Whether the connection is a session of its own, as the sync's advisory lock needs (decision 030): a
 * pooler in transaction mode (PgBouncer's `pool_mode = transaction`, some managed poolers' default port)
 * may run two statements of one checked-out client on two server sessions, so a lock or setting taken by
 * the first is not there for the second. Checked at start: one statement sets a session value and reads
 * `pg_backend_pid()`; a second client then opens a transaction (a pooler gives it the server session just
 * freed, the one the first statement ran on); the next statement of the first client reads both again. A
 * difference means a transaction-mode pooler. PGlite is always one session.
 */
export async function checkSessionConnection(db: Db): Promise<{ ok: true } | { ok: false; reason: string }> {
  const pool = poolOf(db);
  if (!pool) return { ok: true };
  const probed = await pool.connect();
  const other = await pool.connect();
  let inTransaction = false;
  try {
    const token = `probe-${process.pid}-${Date.now()}`;
    const first = await probed.query<{ pid: number }>(
      "select pg_backend_pid() as pid, set_config('organ_air.session_probe', $1, false)",
      [token],
    );
    await other.query('begin');
    inTransaction = true;
    await other.query('select pg_backend_pid()');
    const second = probed.query<{ pid: number; probe: string | null }>(
      "select pg_backend_pid() as pid, current_setting('organ_air.session_probe', true) as probe",
    );
    // A pooler with a single server connection makes the second statement wait for that transaction.
    const answered = await Promise.race([second.then(() => true), delay(3000).then(() => false)]);
    if (!answered) {
      await other.query('rollback');
      inTransaction = false;
    }
    const again = await second;
    await probed.query('reset organ_air.session_probe');
    if (first.rows[0]?.pid === again.rows[0]?.pid && again.rows[0]?.probe === token) return { ok: true };
    return {
      ok: false,
      reason:
        "DATABASE_URL reaches PostgreSQL through a pooler in transaction mode: two statements of one connection ran on two server sessions. The Leon sync holds a session lock for its whole run and needs a direct connection or a session-mode pool: point DATABASE_URL at PostgreSQL itself or at the pooler's session-mode port.",
    };
  } finally {
    if (inTransaction) await other.query('rollback').catch(() => {});
    other.release();
    probed.release();
  }
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });
