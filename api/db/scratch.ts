// A throw-away database for tests and benchmarks: an in-memory PGlite, or a new PostgreSQL database on
// the given server, migrated, whose `close` also drops it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from './client';

/** Runs one statement (CREATE/DROP DATABASE) on the server's maintenance connection. */
export async function onDatabaseServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function scratchDatabase(
  options: ({ kind: 'pglite' } | { kind: 'postgres'; serverUrl: string; poolSize?: number }) & {
    migrationsFolder?: string;
  },
): Promise<Database> {
  const { migrationsFolder } = options;
  if (options.kind === 'pglite') return openDatabase({ memory: true, migrationsFolder });
  const { serverUrl, poolSize } = options;
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  await onDatabaseServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize, migrationsFolder });
    return {
      ...database,
      async close() {
        await database.close();
        await onDatabaseServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  } catch (error) {
    await onDatabaseServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
}
