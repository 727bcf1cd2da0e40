// The migrated PGlite image kept between test processes: made once for a PGlite version and a set of
// migrations, read back by the next process; the images of other versions or migrations kept a day (another
// checkout, another branch), then removed.
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client';
import { cachedPgliteImage } from './scratch';

const folder = mkdtempSync(join(tmpdir(), 'pglite-images-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('cachedPgliteImage', () => {
  it('makes the migrated image once, keeps it under its version and migrations, and reads it back', async () => {
    const old = join(folder, 'pglite-0.0.1-0000000000000000.tar');
    writeFileSync(old, 'an image of other migrations, two days old');
    utimesSync(old, new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 2 * 86_400_000));
    writeFileSync(
      join(folder, 'pglite-0.0.1-1111111111111111.tar'),
      'an image of another branch, made today',
    );
    writeFileSync(join(folder, 'pglite-0.0.1-0000000000000000.tar.abc.partial'), 'one being written');
    const made = await cachedPgliteImage(folder);
    expect(readdirSync(folder)).toContain('pglite-0.0.1-1111111111111111.tar');
    expect(readdirSync(folder)).not.toContain('pglite-0.0.1-0000000000000000.tar');
    const kept = readdirSync(folder).filter((f) => !f.endsWith('.partial') && !f.includes('-0.0.1-'));
    expect(kept).toHaveLength(1);
    expect(readdirSync(folder)).toContain('pglite-0.0.1-0000000000000000.tar.abc.partial');
    expect(kept[0]).toMatch(/^pglite-\d+\.\d+\.\d+-trgm-gist-[0-9a-f]{16}\.tar$/);
    const file = join(folder, kept[0]);
    expect(statSync(file).size).toBe(made.size);
    const written = statSync(file).mtimeMs;

    const read = await cachedPgliteImage(folder);
    expect(read.size).toBe(made.size);
    expect(statSync(file).mtimeMs).toBe(written);
    // A database opened from it has every migration applied.
    const database = await openDatabase({ memory: true, image: read });
    try {
      const [row] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from information_schema.tables where table_name = 'missions'`,
      );
      expect(row.n).toBe(1);
    } finally {
      await database.close();
    }
  }, 180_000); // A fresh PGlite migrated in full: 30 s was not enough under load (CI, 2 December 2026).
});
