// GET /statistic/all with 100,000 missions (about 43,000 statistic records), on PostgreSQL
// (BENCH_DATABASE_URL or the local test server) and on PGlite: p50/p95 through the API (in process,
// app.request) beside the same SQL run alone, per filter set; then GET /statistic/export-excel of 10,000
// rows: seconds and peak RSS. Goals (issue 12): the API within 1.5× of the bare query, p95 < 100 ms on
// PostgreSQL; the XLSX in ≤ 3 s and ≤ 300 MB.
//
// Like with like: the bare side runs the statements the route runs for its rows and its count, built by
// the same functions and overlapped the same way — the page of records, then its legs, beside the exact
// count — so the ratio is the price of what the API adds: the session check, the price book (its version,
// read in the route's count statement, and the tables when it changed), the cost engine, the JSON and
// the framework. (Before, the bare side read the legs only after both the page and the count; the route
// now reads them as soon as the page is in, and the bare side does the same.)
import { sql } from 'drizzle-orm';
import type { Database } from '../api/db/client';
import { DEMO_HOSPITALS } from '../api/db/seed';
import type { CurrentUser } from '../api/lib/context';
import { countWhere, filtersWhere, readPage } from '../api/statistics/records';
import { StatisticsListQuery } from '../contract/statistics';
import { check } from '../contract/validation';
import { benchApp } from './lib/app';
import { forEachBenchDatabase } from './lib/databases';
import { fillMissions } from './lib/missions-data';
import { timePair } from './lib/timing';

const COUNT = Number(process.env.BENCH_MISSIONS ?? 100_000);
// 300 runs: with 100, the cheap filter sets (4–6 ms) moved by ±0.2× from one run to the next on a busy machine.
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 10_000);

async function fill(database: Database): Promise<void> {
  await fillMissions(database, COUNT);
  await database.db.execute(sql`
    update statistics set
      flight_status = (array['TO_BE_EDITED','EDITED','INVOICE_SENT','DROPED_ON_CHORUS','PAID'])[1 + abs(hashtext(id::text)) % 5]::invoice_status,
      airport_status = (array['TO_BE_EDITED','EDITED','INVOICE_SENT','PAID','NOT_APPLICABLE'])[1 + abs(hashtext(mission_id::text)) % 5]::invoice_status,
      show_for_hospital = abs(hashtext(id::text)) % 2 = 0`);
  await database.db.execute(sql`analyze`);
}

async function bench(kind: 'postgres' | 'pglite', database: Database): Promise<void> {
  const t0 = performance.now();
  await fill(database);
  const [{ records }] = (
    (await database.db.execute(
      sql`select count(*)::int as records from statistics where active`,
    )) as unknown as {
      rows: Array<{ records: number }>;
    }
  ).rows;
  console.log(
    `\n${kind}: ${COUNT} missions (${records} statistic records) inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const { app, signIn } = benchApp(database);
  const cookies = {
    staff: await signIn('operation@demo.test'),
    hospital: await signIn('hopital@demo.test'),
  };
  const users = (
    (await database.db.execute(
      sql`select id, email from users where email in ('operation@demo.test', 'hopital@demo.test')`,
    )) as unknown as { rows: Array<{ id: string; email: string }> }
  ).rows;
  const as = {
    staff: { id: users.find((u) => u.email.startsWith('operation'))!.id, role: 'OPERATION', hospitals: [] },
    hospital: {
      id: users.find((u) => u.email.startsWith('hopital'))!.id,
      role: 'HOSPITAL',
      hospitals: [DEMO_HOSPITALS[0]],
    },
  } as unknown as Record<'staff' | 'hospital', CurrentUser>;
  const cases: Array<[string, 'staff' | 'hospital', string]> = [
    ['no filter', 'staff', ''],
    ['page 100', 'staff', 'pageNumber=100'],
    [
      'hospital + period',
      'staff',
      `hospitals=${encodeURIComponent(DEMO_HOSPITALS[1])}&startDate=2025-06-01&endDate=2026-03-31`,
    ],
    ['search number', 'staff', 'search=TR-12345'],
    ['search prefix', 'staff', 'search=TR-12'],
    ['organ', 'staff', 'organName=REINS'],
    ['flight status', 'staff', 'flightStatus=PAID'],
    ['airport status', 'staff', 'airportStatus=NOT_APPLICABLE'],
    [
      'all filters',
      'staff',
      `hospitals=${encodeURIComponent(DEMO_HOSPITALS[2])}&startDate=2024-01-01&endDate=2026-10-31&organName=FOIE&flightStatus=EDITED&airportStatus=TO_BE_EDITED`,
    ],
    ['HOSPITAL, no filter', 'hospital', ''],
    ['HOSPITAL + period', 'hospital', 'startDate=2025-06-01&endDate=2026-03-31'],
  ];
  console.log(
    `${'case'.padEnd(24)} ${'API p50'.padStart(9)} ${'API p95'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)}  ratio p50`,
  );
  for (const [name, who, query] of cases) {
    const parsed = check(StatisticsListQuery, Object.fromEntries(new URLSearchParams(query)));
    if (!parsed.ok) throw new Error(parsed.message);
    const offset = ((parsed.value.pageNumber ?? 1) - 1) * 20;
    const [api, bare] = await timePair(
      RUNS,
      async () => {
        const response = await app.request(`/statistic/all?pageSize=20&${query}`, {
          headers: { cookie: cookies[who] },
        });
        if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
        await response.json();
      },
      // The same page, legs and count as the route, without the session check, the price book and the
      // cost engine.
      async () => {
        const where = filtersWhere(as[who], parsed.value);
        await Promise.all([readPage(database.db, where, 20, offset), countWhere(database.db, where)]);
      },
    );
    console.log(
      `${name.padEnd(24)} ${api.p50.toFixed(1).padStart(7)}ms ${api.p95.toFixed(1).padStart(7)}ms ${bare.p50.toFixed(1).padStart(7)}ms ${bare.p95.toFixed(1).padStart(7)}ms  ${(api.p50 / bare.p50).toFixed(2)}×`,
    );
  }

  // The XLSX: a period holding about XLSX_ROWS records, newest first.
  const [{ day }] = (
    (await database.db.execute(sql`
      select to_char(m.departure_date_time at time zone 'Europe/Paris', 'YYYY-MM-DD') as day
      from statistics s join missions m on m.id = s.mission_id where s.active
      order by m.departure_date_time desc offset ${XLSX_ROWS - 1} limit 1`)) as unknown as {
      rows: Array<{ day: string }>;
    }
  ).rows;
  const period = `startDate=${day}&endDate=2026-11-01`;
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const x0 = performance.now();
  const response = await app.request(`/statistic/export-excel?${period}`, {
    headers: { cookie: cookies.staff },
  });
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  const seconds = (performance.now() - x0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const [{ rows: exported }] = (
    (await database.db.execute(
      sql`select count(*)::int as rows from statistics s join missions m on m.id = s.mission_id
          where s.active and m.departure_date_time >= ${`${day}T00:00:00+01:00`}::timestamptz - interval '2 hours'`,
    )) as unknown as { rows: Array<{ rows: number }> }
  ).rows;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  console.log(
    `XLSX (${period}, ~${exported} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB): ${seconds.toFixed(2)} s; RSS ${mb(baseline)} MB before, peak ${mb(peak)} MB (+${mb(peak - baseline)} MB)`,
  );
}

await forEachBenchDatabase(bench);
