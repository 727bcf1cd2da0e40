// The databases a benchmark runs on: a scratch PostgreSQL database on BENCH_DATABASE_URL's server (the
// local test server by default) and a PGlite; BENCH_ONLY=postgres or pglite keeps one. The PGlite is in
// memory, or, with `pglite: 'disk'`, in a folder of its own as `npm start` keeps it: created and migrated
// by `npm run migrate` in another process, so that the benchmark's process opens it as a restarted
// server does, without PGlite's initdb in its memory.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '../../api/db/client';
import { scratchDatabase } from '../../api/db/scratch';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const only = process.env.BENCH_ONLY;

/** A migrated PGlite in a new folder, opened; closing it removes the folder. */
async function pgliteOnDisk(): Promise<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  const { DATABASE_URL: _url, ...env } = process.env;
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'api/db/migrate.ts'], {
    env: { ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (migrate.status !== 0) throw new Error(`npm run migrate failed (${migrate.status})`);
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function forEachBenchDatabase(
  run: (kind: 'postgres' | 'pglite', database: Database) => Promise<void>,
  options: { pglite?: 'memory' | 'disk' } = {},
): Promise<void> {
  for (const kind of ['postgres', 'pglite'] as const) {
    if (only && only !== kind) continue;
    const database = await (kind === 'postgres'
      ? scratchDatabase({ kind, serverUrl })
      : options.pglite === 'disk'
        ? pgliteOnDisk()
        : scratchDatabase({ kind }));
    try {
      await run(kind, database);
    } finally {
      await database.close();
    }
  }
}
