// GET /dashboard with 100,000 missions (one leg each, flown by two of 30 pilots on one of 12 aircraft) and
// 150,000 invoices and credit notes, on PostgreSQL (BENCH_DATABASE_URL or the local test server) and on
// PGlite: p50/p95 through the API (in process, app.request) beside the same SQL run alone, per role and
// period. Goal: p95 < 100 ms on PostgreSQL for 12 months.
//
// Like with like: the bare side runs the route's statements, all at once as the route runs them, built by
// the same functions (`dashboardStatements`: the missions grouped by month, status and organ; the billing
// check's period read of the records with their invoices summed, their legs, the invoices for no mission
// and the price book's version; the invoice statuses and the export's counts grouped by month; the flight
// time by aircraft and by pilot). What it leaves out is the API's own work: the session check, the cost
// engine and the billing verdict of every mission of the period (the costs and gaps need them all), the
// sums, the JSON, the framework.
import { sql } from 'drizzle-orm';
import { dashboardStatements } from '../api/dashboard/service';
import type { Database } from '../api/db/client';
import { DEMO_HOSPITALS } from '../api/db/seed';
import type { CurrentUser } from '../api/lib/context';
import type { Role } from '../contract/roles';
import { benchApp } from './lib/app';
import { forEachBenchDatabase } from './lib/databases';
import { fillInvoices, fillMissions } from './lib/missions-data';
import { timePair } from './lib/timing';

const COUNT = Number(process.env.BENCH_MISSIONS ?? 100_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 150_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

async function fill(database: Database): Promise<void> {
  await fillInvoices(database, await fillMissions(database, COUNT), INVOICES);
  // The activity panel's legs: an aircraft of a fleet of 12 and a captain and a first officer of 30 pilots,
  // named as Leon names them (its contact id on each).
  await database.db.execute(sql`
    update mission_legs set
      registration = 'F-HB' || chr(65 + (flight_nid % 12)::int) || 'X',
      crew = jsonb_build_array(
        jsonb_build_object('name', 'Pilote', 'surname', 'N' || (flight_nid % 30), 'position', 'CPT',
          'phoneWork', null, 'contactNid', 7000 + flight_nid % 30),
        jsonb_build_object('name', 'Pilote', 'surname', 'N' || ((flight_nid + 7) % 30), 'position', 'FO',
          'phoneWork', null, 'contactNid', 7000 + (flight_nid + 7) % 30))`);
  // As autovacuum leaves a database in service (the test server runs without it).
  await database.db.execute(sql`vacuum analyze`);
}

const TWELVE = { startDate: '2025-11-01', endDate: '2026-10-31' };
const THIRTY_SIX = { startDate: '2023-11-01', endDate: '2026-10-31' };

const CASES: Array<[name: string, email: string, role: Role, own: string[], q: Record<string, string>]> = [
  ['ACCOUNTING, 12 months', 'accounting@demo.test', 'ACCOUNTING', [], TWELVE],
  [
    'ADMIN, 12 months, 2 hospitals',
    'admin@demo.test',
    'ADMIN',
    [],
    { ...TWELVE, hospitals: `${DEMO_HOSPITALS[0]},${DEMO_HOSPITALS[1]}` },
  ],
  ['OPERATION, 12 months', 'operation@demo.test', 'OPERATION', [], TWELVE],
  [
    'HOSPITAL (2), 12 months',
    'hopitaux@demo.test',
    'HOSPITAL',
    [DEMO_HOSPITALS[1], DEMO_HOSPITALS[4]],
    TWELVE,
  ],
  ['ACCOUNTING, 36 months', 'accounting@demo.test', 'ACCOUNTING', [], THIRTY_SIX],
];

async function bench(kind: 'postgres' | 'pglite', database: Database): Promise<void> {
  const t0 = performance.now();
  await fill(database);
  const [{ records, legs }] = (
    (await database.db.execute(
      sql`select (select count(*)::int from statistics where active) as records, (select count(*)::int from mission_legs) as legs`,
    )) as unknown as { rows: Array<{ records: number; legs: number }> }
  ).rows;
  console.log(
    `\n${kind}: ${COUNT} missions (${records} in the statistics' scope, ${legs} legs), ${INVOICES} invoices, inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s; load average ${(
      await import('node:os')
    )
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const { app, signIn } = benchApp(database);
  console.log(
    `${'case'.padEnd(32)} ${'missions'.padStart(8)} ${'API p50'.padStart(9)} ${'API p95'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)}  ratio p50  ratio p95`,
  );
  for (const [name, email, role, own, q] of CASES) {
    const cookie = await signIn(email);
    const query = new URLSearchParams(q).toString();
    const first = await app.request(`/dashboard?${query}`, { headers: { cookie } });
    if (!first.ok) throw new Error(`${first.status} ${await first.text()}`);
    const total = ((await first.json()) as { data: { missions: { total: number } } }).data.missions.total;
    const user = { role, hospitals: own } as unknown as CurrentUser;
    const period = { startDate: q.startDate, endDate: q.endDate };
    const hospitals = q.hospitals ? q.hospitals.split(',') : [];
    const [api, bare] = await timePair(
      RUNS,
      async () => {
        const response = await app.request(`/dashboard?${query}`, { headers: { cookie } });
        if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
        await response.json();
      },
      () => dashboardStatements(database.db, user, period, hospitals),
    );
    console.log(
      `${name.padEnd(32)} ${String(total).padStart(8)} ${api.p50.toFixed(1).padStart(7)}ms ${api.p95.toFixed(1).padStart(7)}ms ${bare.p50.toFixed(1).padStart(7)}ms ${bare.p95.toFixed(1).padStart(7)}ms  ${(api.p50 / bare.p50).toFixed(2).padStart(8)}× ${(api.p95 / bare.p95).toFixed(2).padStart(8)}×`,
    );
  }
}

await forEachBenchDatabase(bench);
