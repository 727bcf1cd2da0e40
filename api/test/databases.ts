// Gives each test suite a fresh database: an in-memory PGlite always, and PostgreSQL too when
// TEST_DATABASE_URL is set (a database of its own, dropped at the end).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Database, openDatabase } from '../db/client';

const pgUrl = process.env.TEST_DATABASE_URL;
let warned = false;

export const databaseKinds = (): Array<'pglite' | 'postgres'> =>
  pgUrl ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated database of the given kind, with a `close` that also drops it. */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ memory: true });
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: pgUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

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
