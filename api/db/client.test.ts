// The database helpers beside the handle: a read in a transaction where the planner starts no parallel
// worker, the setting gone once it ends; many rows inserted as one JSON parameter, read back as they were
// given. On PGlite and PostgreSQL. And PGlite's buffer pool, on disk and in memory (decision 049).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { insertRows, openDatabase, rowsOf, withoutParallelWorkers } from './client';
import { auditLog } from './schema';

describeEachDatabase('withoutParallelWorkers', (database) => {
  const workers = async (db: Parameters<typeof rowsOf>[0]) =>
    (await rowsOf<{ n: string }>(db, sql`select current_setting('max_parallel_workers_per_gather') as n`))[0]
      .n;

  it('reads with no parallel worker planned, answers what the read answers, and leaves the setting as it was', async () => {
    const db = database().db;
    const before = await workers(db);
    // PostgreSQL plans workers by default (2); PGlite has none to start with (0).
    if (database().kind === 'postgres') expect(before).not.toBe('0');
    const answer = await withoutParallelWorkers(db, async (tx) => ({ inside: await workers(tx), n: 42 }));
    expect(answer).toEqual({ inside: '0', n: 42 });
    // Every connection of the pool plans as before: run more reads than the pool has connections at once.
    const after = await Promise.all(Array.from({ length: 12 }, () => workers(db)));
    expect(new Set(after)).toEqual(new Set([before]));
  });
});

describeEachDatabase('insertRows', (database) => {
  const at = new Date('2026-03-14T09:26:53.589Z');
  const rowsOfEntity = (entity: string) =>
    database().db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(auditLog.entityId);

  it('writes every field as given: text with quotes and accents, an instant to the millisecond, JSON objects, strings and null', async () => {
    const rows = [
      {
        actorId: null,
        action: `l'avion "F-HBMV" \\ passe à Orléans 🚁`,
        entity: 'insert-rows-1',
        entityId: 'a',
        before: { legs: [{ from: 'LFPG', off: null }], n: 3, ok: true },
        after: null,
        at,
      },
      {
        actorId: '3f0c1d2e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
        action: 'mission.leon-update',
        entity: 'insert-rows-1',
        entityId: 'b',
        before: 'un texte',
        after: [1, 'deux', { trois: 3 }],
        at,
      },
    ];
    await insertRows(database().db, auditLog, rows);
    const stored = await rowsOfEntity('insert-rows-1');
    expect(stored.map(({ id: _, ...row }) => row)).toEqual(rows);
  });

  it('leaves a column no row gives to its default, and refuses rows that give different columns, writing none', async () => {
    const before = Date.now();
    await insertRows(database().db, auditLog, [
      { actorId: null, action: 'a', entity: 'insert-rows-2', entityId: 'a' },
    ]);
    const [row] = await rowsOfEntity('insert-rows-2');
    expect(row.at.getTime()).toBeGreaterThanOrEqual(before - 60_000);
    expect(row.before).toBeNull();
    await expect(
      insertRows(database().db, auditLog, [
        { actorId: null, action: 'a', entity: 'insert-rows-3', entityId: 'a', at },
        { actorId: null, action: 'a', entity: 'insert-rows-3', entityId: 'b' },
      ]),
    ).rejects.toThrow('every row gives the same columns (at)');
    expect(await rowsOfEntity('insert-rows-3')).toEqual([]);
    await insertRows(database().db, auditLog, []);
  });
});

describe('PGlite', () => {
  const pool = async (options: Parameters<typeof openDatabase>[0]) => {
    const database = await openDatabase(options);
    try {
      return (
        await rowsOf<{ size: string }>(database.db, sql`select current_setting('shared_buffers') as size`)
      )[0].size;
    } finally {
      await database.close();
    }
  };

  it("keeps a 16 MB buffer pool on disk and in memory, not PostgreSQL's 128 MB", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pglite-pool-'));
    try {
      // Created (PGlite's initdb), then opened again as a restarted server opens it.
      expect(await pool({ dataDir, skipMigrations: true })).toBe('16MB');
      expect(await pool({ dataDir, skipMigrations: true })).toBe('16MB');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(await pool({ memory: true, skipMigrations: true })).toBe('16MB');
    // Three PGlite starts, two of them creating a data directory: on a loaded 2-core machine, over 30 s.
  }, 120_000);
});
