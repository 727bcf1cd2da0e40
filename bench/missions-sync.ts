// Time and peak memory of a first sync of 10,000 trips from the Leon simulator, then of a re-sync with
// no change, on PostgreSQL and on PGlite. Goals (issue 3): 30 s and 5 s. The simulator runs in the same
// process (its GraphQL work is counted in the figures), reached through its fetch without a network.
import { sql } from 'drizzle-orm';
import type { Database } from '../api/db/client';
import { createLeonClient } from '../api/leon/client';
import { createLeonSimulator } from '../api/leon/simulator/app';
import { runSync } from '../api/sync';
import { forEachBenchDatabase } from './lib/databases';

const TRIPS = Number(process.env.BENCH_TRIPS ?? 10_000);
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

async function bench(kind: string, database: Database) {
  const clock = { now: Date.now() };
  const sim = createLeonSimulator({ apiKey: 'bench', now: () => clock.now, trips: TRIPS, seed: 3 });
  const leon = createLeonClient({
    baseUrl: 'http://leon.bench',
    apiKey: 'bench',
    fetch: sim.fetch,
    now: () => clock.now,
  });
  const options = { db: database.db, source: leon, now: () => new Date(clock.now) };
  console.log(`${kind}, ${sim.stats().trips} trips in the simulator:`);
  await measure('first sync', () => runSync(options, 'synchronize', null));
  clock.now += 60_000;
  await measure('re-sync, nothing changed', () => runSync(options, 'synchronize', null));
  const [row] = (
    (await database.db.execute(sql`select count(*)::int as n from missions`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  console.log(`  missions stored: ${row.n}; Leon GraphQL calls: ${sim.stats().graphqlCalls}`);
}

await forEachBenchDatabase((kind, database) =>
  bench(kind === 'postgres' ? 'PostgreSQL' : 'PGlite', database),
);
