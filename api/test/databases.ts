// Gives each test suite a fresh database: an in-memory PGlite always, and PostgreSQL too when
// TEST_DATABASE_URL is set (a database of its own, dropped at the end).
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database } from '../db/client';
import { scratchDatabase } from '../db/scratch';

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
