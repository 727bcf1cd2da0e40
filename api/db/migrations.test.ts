// Migrations that convert data keep every row: each test applies the migrations before its own, writes
// rows the old way, applies the rest and reads them back — on PGlite, and on PostgreSQL when configured.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../test/databases';
import { MIGRATIONS_FOLDER, migrateDatabase } from './client';
import { missions } from './schema';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the migrations folder whose journal stops before the migration `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const path = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(path, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

for (const kind of databaseKinds()) {
  describe(`migrations [${kind}]`, () => {
    it('0007 turns the comma-joined organ_type into a list, keeping every mission', async () => {
      const database = await freshDatabase(kind, migrationsBefore('0007_organ_types'));
      try {
        await database.db.execute(sql`
          insert into missions (trip_number, organ_type) values
            ('TR-1', 'COEUR,FOIE'), ('TR-2', null), ('TR-3', ' REINS , ,POUMONS'), ('TR-4', ''), ('TR-5', 'PANCREAS')`);
        await migrateDatabase(database);
        const read = () =>
          database.db
            .select({ tripNumber: missions.tripNumber, organType: missions.organType })
            .from(missions)
            .orderBy(missions.tripNumber);
        expect(await read()).toEqual([
          { tripNumber: 'TR-1', organType: ['COEUR', 'FOIE'] },
          { tripNumber: 'TR-2', organType: [] },
          { tripNumber: 'TR-3', organType: ['REINS', 'POUMONS'] },
          { tripNumber: 'TR-4', organType: [] },
          { tripNumber: 'TR-5', organType: ['PANCREAS'] },
        ]);
        // New missions get the empty list, as airport_de_icing does.
        await database.db.insert(missions).values({ tripNumber: 'TR-6' });
        expect((await read()).at(-1)).toEqual({ tripNumber: 'TR-6', organType: [] });
      } finally {
        await database.close();
      }
    });
  });
}
