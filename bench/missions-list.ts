// GET /missions and GET /leon/records-count with 100,000 missions, on PostgreSQL (BENCH_DATABASE_URL or
// the local test server) and on PGlite: p50/p95 through the API (in process, app.request) beside the same
// SQL run alone. Goals (issue 3): the API within 1.5× of the bare query; p95 under 50 ms on PostgreSQL.
// Under each whole category, and under the menu counts, the count as it is now (exact up to 10,000 rows,
// estimated above, decision 038) beside the exact count(*) it replaced. BENCH_MISSIONS=1000000 for the
// million of issue 28; a search with few rows is read from them (`listPage`, decision 038).
import { sql } from 'drizzle-orm';
import type { Database } from '../api/db/client';
import { missions } from '../api/db/schema';
import { DEMO_HOSPITALS, seedDemo } from '../api/db/seed';
import type { CurrentUser } from '../api/lib/context';
import { listCount } from '../api/lib/list-count';
import { listPage, listWhere, readFilters, rowsWithLegs } from '../api/missions/queries';
import { recordsCount } from '../api/missions/service';
import { MISSION_CATEGORIES, MissionsListQuery } from '../contract/missions';
import { check } from '../contract/validation';
import { benchApp } from './lib/app';
import { forEachBenchDatabase } from './lib/databases';
import { timePair } from './lib/timing';

const COUNT = Number(process.env.BENCH_MISSIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

async function fill(database: Database): Promise<void> {
  await seedDemo(database.db);
  const hospitals = sql.raw(`array[${DEMO_HOSPITALS.map((h) => `'${h.replace(/'/g, "''")}'`).join(',')}]`);
  await database.db.execute(sql`
    insert into missions (trip_number, status, buyer_name, departure_date_time, aircraft_type, number_of_cristal, organ_type)
    select 'TR-' || g,
      (array['EN_ATTENTE','PROGRAMMEE','EN_COURS','ANNULEE_45_PLUS','ANNULEE_45_MOINS','TERMINEE','CLOTUREE'])[1 + g % 7]::mission_status,
      (${hospitals})[1 + g % ${DEMO_HOSPITALS.length}],
      timestamptz '2026-11-01 00:00:00+00' - interval '1 hour' * (g % 20000),
      'JET', g % 9000, array['COEUR']
    from generate_series(1, ${COUNT}) g`);
  await database.db.execute(sql`
    insert into mission_legs (mission_id, flight_nid, position, std_utc, sta_utc, adep_icao, adep_name, ades_icao, ades_name)
    select id, row_number() over (), 0, departure_date_time, departure_date_time + interval '80 minutes',
      'LFBD', 'Bordeaux-Mérignac', 'LFPG', 'Paris-Charles-de-Gaulle'
    from missions`);
  await database.db.execute(sql`analyze`);
}

async function bench(kind: 'postgres' | 'pglite', database: Database): Promise<void> {
  const t0 = performance.now();
  await fill(database);
  console.log(`\n${kind}: ${COUNT} missions inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { app, signIn } = benchApp(database);
  const cookie = await signIn('operation@demo.test');
  const found = (await database.db.execute(
    sql`select id from users where email = 'operation@demo.test'`,
  )) as unknown as { rows: Array<{ id: string }> };
  const user = found.rows[0];
  const staff = { ...user, role: 'OPERATION', hospitals: [] } as unknown as CurrentUser;
  const cases: Array<[string, string]> = [];
  for (const category of MISSION_CATEGORIES) {
    cases.push([`${category}`, `status=${category}`]);
    cases.push([
      `${category} + filters`,
      `status=${category}&hospitals=${encodeURIComponent(DEMO_HOSPITALS[1])}&startDate=2025-06-01&endDate=2026-03-31`,
    ]);
    // A mission number as staff type it, and a prefix matching about one mission in ninety.
    cases.push([`${category} + search number`, `status=${category}&search=TR-12345`]);
    cases.push([`${category} + search prefix`, `status=${category}&search=TR-12`]);
  }
  console.log(
    `${'case'.padEnd(32)} ${'API p50'.padStart(9)} ${'API p95'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)}  ratio p50`,
  );
  const line = (name: string, api: { p50: number; p95: number }, bare: { p50: number; p95: number }) =>
    console.log(
      `${name.padEnd(32)} ${api.p50.toFixed(1).padStart(7)}ms ${api.p95.toFixed(1).padStart(7)}ms ${bare.p50.toFixed(1).padStart(7)}ms ${bare.p95.toFixed(1).padStart(7)}ms  ${(api.p50 / bare.p50).toFixed(2)}×`,
    );
  for (const [name, query] of cases) {
    const params = new URLSearchParams(query);
    const parsed = check(MissionsListQuery, Object.fromEntries(params));
    if (!parsed.ok) throw new Error(parsed.message);
    const filters = readFilters(parsed.value);
    const [api, bare] = await timePair(
      RUNS,
      async () => {
        const response = await app.request(`/missions?pageSize=20&pageNumber=1&${query}`, {
          headers: { cookie },
        });
        if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
        await response.json();
      },
      async () => {
        const where = listWhere(staff, filters);
        const { rows } = await listPage(database.db, where, filters, { pageSize: 20, offset: 0 });
        await rowsWithLegs(database.db, rows);
      },
    );
    line(name, api, bare);
    // Before decision 038 the page count was an exact count(*) of the whole selection: both, side by side.
    if (!query.includes('&')) {
      const where = listWhere(staff, filters);
      const [now, exact] = await timePair(
        RUNS,
        () => listCount(database.db, missions, where),
        () => database.db.select({ n: sql<number>`count(*)::int` }).from(missions).where(where),
      );
      line(`  its count; exact count(*)`, now, exact);
    }
  }
  const [countsApi, countsSql] = await timePair(
    RUNS,
    async () => (await app.request('/leon/records-count', { headers: { cookie } })).json(),
    () => recordsCount(database.db, staff),
  );
  line('records-count', countsApi, countsSql);
  // Before decision 038: one scan counting every category exactly.
  const [countsNow, countsExact] = await timePair(
    RUNS,
    () => recordsCount(database.db, staff),
    () =>
      database.db.execute(sql`select count(*) filter (where status in ('EN_ATTENTE','PROGRAMMEE')) a, count(*) filter (where status = 'EN_COURS') b,
      count(*) filter (where status = 'TERMINEE') c, count(*) filter (where status in ('ANNULEE_45_PLUS','ANNULEE_45_MOINS')) d,
      count(*) filter (where status in ('CLOTUREE','ANNULEE_45_MOINS')) e, count(*) filter (where status in ('TERMINEE','CLOTUREE','ANNULEE_45_MOINS')) f,
      count(*) from missions where deleted_at is null`),
  );
  line('  its counts; one exact scan', countsNow, countsExact);
}

await forEachBenchDatabase(bench);
