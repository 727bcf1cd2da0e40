// Migrations that convert data keep every row: each test applies the migrations before its own, writes
// rows the old way, applies the rest and reads them back — on PGlite, and on PostgreSQL when configured.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../test/databases';
import { type Database, MIGRATIONS_FOLDER, migrateDatabase } from './client';
import { missions, users } from './schema';

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

/** Runs `body` on a fresh database of `kind` migrated up to just before `tag`, then drops the database. */
async function withDatabaseBefore(
  kind: 'pglite' | 'postgres',
  tag: string,
  body: (database: Database) => Promise<void>,
): Promise<void> {
  const database = await freshDatabase(kind, migrationsBefore(tag));
  try {
    await body(database);
  } finally {
    await database.close();
  }
}

for (const kind of databaseKinds()) {
  describe(`migrations [${kind}]`, () => {
    it('0007 turns the comma-joined organ_type into a list, keeping every mission', async () => {
      await withDatabaseBefore(kind, '0007_organ_types', async (database) => {
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
      });
    });

    it("0012 turns a user's hospital into a list of hospitals, keeping a HOSPITAL user's", async () => {
      await withDatabaseBefore(kind, '0012_user_hospitals', async (database) => {
        await database.db.execute(sql`
          insert into users (first_name, last_name, email, role, hospital, password_hash) values
            ('A', 'Un', 'a@h.fr', 'HOSPITAL', 'CHU de Bordeaux – Hôpital Pellegrin', 'x'),
            ('B', 'Deux', 'b@h.fr', 'HOSPITAL', ' AP-HM Hôpital de la Timone ', 'x'),
            ('C', 'Trois', 'c@h.fr', 'HOSPITAL', null, 'x'),
            ('D', 'Quatre', 'd@h.fr', 'OPERATION', null, 'x'),
            ('E', 'Cinq', 'e@h.fr', 'ADMIN', 'CHU X', 'x')`);
        await migrateDatabase(database);
        const read = () =>
          database.db
            .select({ email: users.email, hospitals: users.hospitals })
            .from(users)
            .orderBy(users.email);
        expect(await read()).toEqual([
          { email: 'a@h.fr', hospitals: ['CHU de Bordeaux – Hôpital Pellegrin'] },
          { email: 'b@h.fr', hospitals: ['AP-HM Hôpital de la Timone'] },
          { email: 'c@h.fr', hospitals: [] },
          { email: 'd@h.fr', hospitals: [] },
          { email: 'e@h.fr', hospitals: [] },
        ]);
        // A new account without hospitals gets the empty list.
        await database.db.insert(users).values({
          firstName: 'F',
          lastName: 'Six',
          email: 'f@h.fr',
          role: 'ACCOUNTING',
          passwordHash: 'x',
        });
        expect((await read()).at(-1)).toEqual({ email: 'f@h.fr', hospitals: [] });
      });
    });

    it('0013 copies onto every statistic record its mission’s status, hospital, departure and organs', async () => {
      await withDatabaseBefore(kind, '0013_statistics_reads', async (database) => {
        await database.db.execute(sql`
          insert into missions (trip_number, status, buyer_name, departure_date_time, organ_type) values
            ('TR-1', 'TERMINEE', 'CHU A', '2026-02-10T08:00:00Z', '{COEUR,FOIE}'),
            ('TR-2', 'CLOTUREE', null, null, '{}'),
            ('TR-3', 'EN_COURS', 'CHU B', '2026-02-12T08:00:00Z', '{REINS}')`);
        // A record retired before the migration, and a mission whose record was never made.
        await database.db.execute(sql`update missions set status = 'EN_COURS' where trip_number = 'TR-2'`);
        await migrateDatabase(database);
        const read = async () =>
          (
            (await database.db.execute(sql`
              select m.trip_number, s.active, s.mission_status, s.buyer_name,
                to_char(s.departure_date_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as departure, s.organ_type
              from statistics s join missions m on m.id = s.mission_id order by m.trip_number`)) as unknown as {
              rows: unknown[];
            }
          ).rows;
        expect(await read()).toEqual([
          {
            trip_number: 'TR-1',
            active: true,
            mission_status: 'TERMINEE',
            buyer_name: 'CHU A',
            departure: '2026-02-10 08:00',
            organ_type: ['COEUR', 'FOIE'],
          },
          {
            trip_number: 'TR-2',
            active: false,
            mission_status: 'EN_COURS',
            buyer_name: null,
            departure: null,
            organ_type: [],
          },
        ]);
        // From now on the trigger keeps them: an active record follows its mission, a retired one is
        // brought up to date when its mission re-enters the scope.
        await database.db.execute(sql`
          update missions set buyer_name = 'CHU C', departure_date_time = '2026-03-01T07:30:00Z',
            organ_type = '{PANCREAS}' where trip_number = 'TR-1'`);
        await database.db.execute(sql`update missions set buyer_name = 'CHU D' where trip_number = 'TR-2'`);
        await database.db.execute(
          sql`update missions set status = 'ANNULEE_45_MOINS' where trip_number = 'TR-2'`,
        );
        await database.db.execute(sql`update missions set status = 'TERMINEE' where trip_number = 'TR-3'`);
        expect(await read()).toEqual([
          {
            trip_number: 'TR-1',
            active: true,
            mission_status: 'TERMINEE',
            buyer_name: 'CHU C',
            departure: '2026-03-01 07:30',
            organ_type: ['PANCREAS'],
          },
          {
            trip_number: 'TR-2',
            active: true,
            mission_status: 'ANNULEE_45_MOINS',
            buyer_name: 'CHU D',
            departure: null,
            organ_type: [],
          },
          {
            trip_number: 'TR-3',
            active: true,
            mission_status: 'TERMINEE',
            buyer_name: 'CHU B',
            departure: '2026-02-12 08:00',
            organ_type: ['REINS'],
          },
        ]);
      });
    });

    it("0018 reads a record's audit rows newest first through an index on (entity, entity id, time)", async () => {
      await withDatabaseBefore(kind, '0018_audit_history_index', async (database) => {
        await database.db.execute(sql`
          insert into audit_log (action, entity, entity_id, at) values
            ('mission.edit', 'mission', 'm-1', '2026-02-10T08:00:00Z'),
            ('mission.leon-update', 'mission', 'm-1', '2026-02-11T08:00:00Z'),
            ('user.edit', 'user', 'u-1', '2026-02-12T08:00:00Z')`);
        await migrateDatabase(database);
        const index = (await database.db.execute(sql`
          select indexdef from pg_indexes where tablename = 'audit_log' and indexname = 'audit_log_entity_time'`)) as unknown as {
          rows: Array<{ indexdef: string }>;
        };
        expect(index.rows[0]?.indexdef).toMatch(/\(entity, entity_id, at DESC\)/);
        // The history's read, with sequential scans off so that the plan shows the index it can take.
        const plan = await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const explained = (await tx.execute(sql`
            explain select action from audit_log where entity = 'mission' and entity_id = 'm-1'
            order by at desc limit 10`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
          return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan).toContain('audit_log_entity_time');
        expect(plan).not.toMatch(/Sort/);
        const rows = (await database.db.execute(sql`
          select action from audit_log where entity = 'mission' and entity_id = 'm-1' order by at desc`)) as unknown as {
          rows: Array<{ action: string }>;
        };
        expect(rows.rows.map((row) => row.action)).toEqual(['mission.leon-update', 'mission.edit']);
      });
    });

    it('0020 reads the oldest-first lists in order from an index, without sorting the category', async () => {
      await withDatabaseBefore(kind, '0020_missions_oldest_first', async (database) => {
        await database.db.execute(sql`
          insert into missions (trip_number, status, departure_date_time) values
            ('T-1', 'EN_ATTENTE', '2026-02-12T08:00:00Z'), ('T-2', 'PROGRAMMEE', '2026-02-10T08:00:00Z'),
            ('T-3', 'EN_ATTENTE', null), ('T-4', 'TERMINEE', '2026-02-09T08:00:00Z')`);
        await migrateDatabase(database);
        // The 'En attente' list's read (api/missions/queries.ts listOrder), sorts and sequential scans off:
        // the plan then shows whether an index gives the order by itself.
        const list = sql`select trip_number from missions where deleted_at is null
          and status in ('EN_ATTENTE', 'PROGRAMMEE') order by departure_date_time asc nulls last, id asc limit 20`;
        const plan = await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_sort = off`);
          const explained = (await tx.execute(sql`explain ${list}`)) as unknown as {
            rows: Array<{ 'QUERY PLAN': string }>;
          };
          return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan).toContain('missions_departure_asc');
        expect(plan).not.toMatch(/Sort/);
        const rows = (await database.db.execute(list)) as unknown as { rows: Array<{ trip_number: string }> };
        expect(rows.rows.map((row) => row.trip_number)).toEqual(['T-2', 'T-1', 'T-3']);
      });
    });
  });
}
