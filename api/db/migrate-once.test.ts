// Three instances of a release started at once on an empty PostgreSQL database: one applies the
// migrations under the advisory lock, the others wait for it and find them applied. PostgreSQL only (an
// embedded PGlite belongs to one process); run with TEST_DATABASE_URL like the other PostgreSQL tests.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_FOLDER, openDatabase, ping } from './client';
import { onDatabaseServer, withDatabase } from './scratch';

const serverUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.runIf(serverUrl)('migrations at start [postgres]', () => {
  it('three instances started at once on an empty database all come up, each migration applied once', async () => {
    const name = `scratch_${randomBytes(6).toString('hex')}`;
    await onDatabaseServer(serverUrl!, `CREATE DATABASE ${name}`);
    const url = withDatabase(serverUrl!, name);
    const opened: Database[] = [];
    try {
      const outcomes = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })),
      );
      for (const outcome of outcomes) if (outcome.status === 'fulfilled') opened.push(outcome.value);
      expect(
        outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok')),
      ).toEqual(['ok', 'ok', 'ok']);
      for (const database of opened) await ping(database.db);
      const applied = (await opened[0].db.execute(
        sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
      )) as { rows: Array<{ hash: string; times: number }> };
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(applied.rows.filter((row) => row.times !== 1)).toEqual([]);
    } finally {
      for (const database of opened) await database.close();
      await onDatabaseServer(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
