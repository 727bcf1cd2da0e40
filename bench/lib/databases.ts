// The databases a benchmark runs on: a scratch PostgreSQL database on BENCH_DATABASE_URL's server (the
// local test server by default) and an in-memory PGlite; BENCH_ONLY=postgres or pglite keeps one.
import type { Database } from '../../api/db/client';
import { scratchDatabase } from '../../api/db/scratch';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const only = process.env.BENCH_ONLY;

export async function forEachBenchDatabase(
  run: (kind: 'postgres' | 'pglite', database: Database) => Promise<void>,
): Promise<void> {
  for (const kind of ['postgres', 'pglite'] as const) {
    if (only && only !== kind) continue;
    const database = await (kind === 'postgres'
      ? scratchDatabase({ kind, serverUrl })
      : scratchDatabase({ kind }));
    try {
      await run(kind, database);
    } finally {
      await database.close();
    }
  }
}
