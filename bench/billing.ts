// GET /billing/checks with 100,000 missions (about 43,000 in the statistics' scope) and 150,000 invoices and
// credit notes, on PostgreSQL (BENCH_DATABASE_URL or the local test server) and on PGlite: p50/p95 through
// the API (in process, app.request) beside the same SQL run alone, per filter set; and GET /billing/count,
// the menu's. Goals (issue 26): p95 < 100 ms on PostgreSQL, the API within 1.5× of the bare SQL.
//
// Like with like: the bare side runs the route's statements (the records with their invoices summed, their
// legs, the invoices for no mission, the price book's version with the settings, all at once; then the
// invoices of a page's trips), built by the same functions and run as the route runs them; what it leaves
// out is the API's own work: the session check, the cost engine and the verdict of every mission of the
// period (the totals need them all), the page's breakdown, the JSON, the framework.
import { sql } from 'drizzle-orm';
import { type BillingFilters, invoicesOfTrips, readPeriodRows } from '../api/billing/service';
import type { Database } from '../api/db/client';
import { DEMO_HOSPITALS } from '../api/db/seed';
import { BILLING_PAGE_SIZE } from '../contract/billing';
import { benchApp } from './lib/app';
import { forEachBenchDatabase } from './lib/databases';
import { fillInvoices, fillMissions } from './lib/missions-data';
import { timePair } from './lib/timing';

const COUNT = Number(process.env.BENCH_MISSIONS ?? 100_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 150_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

async function fill(database: Database): Promise<void> {
  // The statistics bench's missions, and invoices for them (bench/lib/missions-data.ts).
  await fillInvoices(database, await fillMissions(database, COUNT), INVOICES);
  // As autovacuum leaves a database in service (the test server runs without it): the visibility map set,
  // so that the index-only look-ups of the check (migration 0019) read no table page.
  await database.db.execute(sql`vacuum analyze`);
}

async function bench(kind: 'postgres' | 'pglite', database: Database): Promise<void> {
  const t0 = performance.now();
  await fill(database);
  const [{ records, invoices }] = (
    (await database.db.execute(
      sql`select (select count(*)::int from statistics where active) as records, (select count(*)::int from invoices) as invoices`,
    )) as unknown as { rows: Array<{ records: number; invoices: number }> }
  ).rows;
  console.log(
    `\n${kind}: ${COUNT} missions (${records} in scope), ${invoices} invoices, inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const { app, signIn } = benchApp(database);
  const cookie = await signIn('accounting@demo.test');
  const MONTH = { startDate: '2026-10-01', endDate: '2026-10-31' };
  const cases: Array<[string, BillingFilters & { pageNumber?: number }]> = [
    ['one month', MONTH],
    ['one month, page 5', { ...MONTH, pageNumber: 5 }],
    ['one month, Écart', { ...MONTH, verdict: 'ECART' }],
    ['one month, hospital', { ...MONTH, hospital: DEMO_HOSPITALS[1] }],
    ['one week', { startDate: '2026-10-20', endDate: '2026-10-26' }],
    ['a quarter (Q3)', { startDate: '2026-07-01', endDate: '2026-09-30' }],
    ['92 days (the most)', { startDate: '2026-08-01', endDate: '2026-10-31' }],
  ];
  console.log(
    `${'case'.padEnd(22)} ${'rows'.padStart(6)} ${'API p50'.padStart(9)} ${'API p95'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)}  ratio p50  ratio p95`,
  );
  for (const [name, filters] of cases) {
    const query = new URLSearchParams(
      Object.entries(filters).map(([k, v]) => [k, String(v)]) as Array<[string, string]>,
    ).toString();
    const first = await app.request(`/billing/checks?${query}`, { headers: { cookie } });
    const total = ((await first.json()) as { data: { total: number } }).data.total;
    const offset = ((filters.pageNumber ?? 1) - 1) * BILLING_PAGE_SIZE;
    const [api, bare] = await timePair(
      RUNS,
      async () => {
        const response = await app.request(`/billing/checks?${query}`, { headers: { cookie } });
        if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
        await response.json();
      },
      // The period's statements, then the invoices of a page's trips (the page the API shows depends on
      // the verdicts: here, the records at the page's place).
      async () => {
        const { records } = await readPeriodRows(database.db, filters);
        const page = records.slice(offset, offset + BILLING_PAGE_SIZE);
        await invoicesOfTrips(
          database.db,
          page.map((r) => r.tripNumber).filter((t): t is string => t !== null),
        );
      },
    );
    console.log(
      `${name.padEnd(22)} ${String(total).padStart(6)} ${api.p50.toFixed(1).padStart(7)}ms ${api.p95.toFixed(1).padStart(7)}ms ${bare.p50.toFixed(1).padStart(7)}ms ${bare.p95.toFixed(1).padStart(7)}ms  ${(api.p50 / bare.p50).toFixed(2).padStart(8)}× ${(api.p95 / bare.p95).toFixed(2).padStart(8)}×`,
    );
  }
  const samples: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 30); i++) {
    const t = performance.now();
    const response = await app.request('/billing/count', { headers: { cookie } });
    await response.json();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `menu count (the last 92 days): p50 ${samples[Math.floor(samples.length / 2)].toFixed(1)} ms, p95 ${samples[Math.floor(samples.length * 0.95)].toFixed(1)} ms`,
  );
}

await forEachBenchDatabase(bench);
