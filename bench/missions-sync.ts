// Time and peak memory of a first sync of BENCH_TRIPS trips (10,000 by default) from the Leon simulator,
// then of a re-sync with no change, on PostgreSQL and on PGlite. Goals: 30 s and 5 s at 10,000 trips
// (issue 3); peak RSS at most 250 MB at 10,000 and 100,000 trips, and 60 s for 100,000 on PostgreSQL
// (issue 28). The simulator runs in a process of its own, reached over HTTP as Leon is: the peak RSS is
// the syncing process's alone (with PGlite, the database lives in it too: on disk, as `npm start` keeps it,
// created by another process as a restarted server finds it, bench/lib/databases.ts). It runs under the
// API's Node flags (scripts/api-node-flags.mjs: its heap limit, docs/decisions/045): started without them,
// it starts itself again with them. The client keeps Leon's pace as the API does (docs/decisions/047): the
// requests each sync made and how many waited for the pace are printed.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../api/db/client';
import { createLeonClient, createSharedRequestBudget } from '../api/leon';
import { runSync } from '../api/sync';
import { API_NODE_FLAGS } from '../scripts/api-node-flags.mjs';
import { forEachBenchDatabase } from './lib/databases';

// On the command line, not in NODE_OPTIONS: the simulator, started from here, is not the API.
if (!API_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const again = spawnSync(
    process.execPath,
    [...API_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(again.status ?? 1);
}

const TRIPS = Number(process.env.BENCH_TRIPS ?? 10_000);
const SIM_PORT = 4170;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function measure(
  label: string,
  run: () => Promise<{ created: number; updated: number; failed: number }>,
) {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const result = await run();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  console.log(
    `  ${label.padEnd(26)} ${seconds.toFixed(1).padStart(6)} s   peak RSS ${mb(peak).padStart(7)}   (${result.created} created, ${result.updated} updated, ${result.failed} failed)`,
  );
}

/** The simulator with TRIPS trips, in a process of its own; answers once it listens. */
async function startSimulator(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/leon/simulator/server.ts'], {
    env: {
      ...process.env,
      LEON_SIM_PORT: String(SIM_PORT),
      LEON_SIM_KEY: 'bench',
      LEON_SIM_SEED: '3',
      LEON_SIM_TRIPS: String(TRIPS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let said = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  while (!said.includes('listening')) {
    if (child.exitCode !== null) throw new Error('the Leon simulator stopped');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`  ${said.trim()}`);
  return child;
}

async function bench(kind: string, database: Database) {
  const simulator = await startSimulator();
  try {
    // The production pace, shared by the instances in the database (decision 061).
    const budget = createSharedRequestBudget(database.db);
    let requests = 0;
    const leon = createLeonClient({
      baseUrl: `http://127.0.0.1:${SIM_PORT}`,
      apiKey: 'bench',
      budget,
      fetch: (input, init) => {
        requests++;
        return fetch(input, init);
      },
    });
    const options = { db: database.db, source: leon, now: () => new Date() };
    console.log(`${kind}, RSS before the sync ${mb(process.memoryUsage().rss)}:`);
    const paced = async (label: string) => {
      const [before, waited] = [requests, budget.waits()];
      await measure(label, () => runSync(options, 'synchronize', null));
      console.log(
        `    requests to Leon: ${requests - before}, of which waited for the pace: ${budget.waits() - waited}`,
      );
    };
    await paced('first sync');
    await paced('re-sync, nothing changed');
    const [row] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from missions`);
    console.log(`  missions stored: ${row.n}`);
  } finally {
    simulator.kill('SIGTERM');
    await once(simulator, 'exit');
  }
}

await forEachBenchDatabase(
  (kind, database) => bench(kind === 'postgres' ? 'PostgreSQL' : 'PGlite on disk', database),
  { pglite: 'disk' },
);
