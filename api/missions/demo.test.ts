// The demo data of `npm start` (the simulator's trips through a first sync, then the demo fields of
// api/missions/demo.ts and api/statistics/demo.ts) shows every screen working: every status, 'N.D'
// missions, a list long enough to page, the demo hospital's missions and statistics, and no column of the
// completed list that reads '-' on every row.
import { beforeAll, expect, it } from 'vitest';
import {
  CATEGORY_STATUSES,
  MISSION_CATEGORIES,
  MISSION_STATUSES,
  type MissionRow,
} from '../../contract/missions';
import type { StatisticRow } from '../../contract/statistics';
import { seedDemoStatistics } from '../statistics';
import { runSync } from '../sync';
import { describeEachDatabase } from '../test/databases';
import { type Caller, seededTestApp, signedIn, testLeon } from '../test/harness';
import { DEMO_HOSPITAL, seedDemoMissions } from './demo';
import { listableStatuses } from './queries';

type Page<Row> = { data: { rows: Row[]; pageCount: number } };

describeEachDatabase('Demo data', (database) => {
  const now = Date.parse('2026-03-10T09:00:00Z');
  // As `npm start` runs the simulator: seed 1, its default number of trips.
  const { leon } = testLeon({ now: () => now, seed: 1, trips: 80 });
  const t = seededTestApp(database, { leon });
  let admin: Caller;
  let hospital: Caller;
  const all = async (c: Caller, category: string) => {
    const rows: MissionRow[] = [];
    for (let page = 1; ; page++) {
      const answer = await c.get<Page<MissionRow>>(`/missions?status=${category}&pageNumber=${page}`);
      expect(answer.status).toBe(200);
      rows.push(...answer.body.data.rows);
      if (page >= answer.body.data.pageCount) return { rows, pageCount: answer.body.data.pageCount };
    }
  };

  beforeAll(async () => {
    t.clock.now = new Date(now);
    const db = database().db;
    const run = await runSync(
      { db, source: leon, now: () => new Date(now), files: t.files },
      'synchronize',
      null,
    );
    expect(run.created).toBeGreaterThan(70);
    await seedDemoMissions(db, new Date(now));
    await seedDemoStatistics({ db, files: t.files });
    admin = await signedIn(t.app, 'admin@demo.test');
    hospital = await signedIn(t.app, 'hopital@demo.test');
  }, 60_000);

  it('has missions in every status, some without a trip number, and a list of more than 20', async () => {
    const statuses = new Set<string>();
    let unnumbered = 0;
    let longest = 0;
    for (const category of MISSION_CATEGORIES) {
      const { rows, pageCount } = await all(admin, category);
      for (const row of rows) statuses.add(row.status);
      unnumbered += rows.filter((r) => r.tripNumber === null).length;
      if (rows.length > longest) longest = rows.length;
      if (rows.length > 20) expect(pageCount).toBeGreaterThan(1);
    }
    expect([...statuses].sort()).toEqual([...MISSION_STATUSES].sort());
    expect(unnumbered).toBeGreaterThanOrEqual(2);
    expect(longest).toBeGreaterThan(20);
  });

  it('gives the demo hospital missions in every status its user sees, and statistics rows', async () => {
    const seen = new Set<string>();
    for (const category of MISSION_CATEGORIES) {
      if (!CATEGORY_STATUSES[category].some((s) => listableStatuses('HOSPITAL').includes(s))) continue;
      const answer = await hospital.get<Page<MissionRow>>(`/missions?status=${category}&pageSize=100`);
      if (answer.status === 403) continue;
      for (const row of answer.body.data.rows) {
        expect(row.buyerName).toBe(DEMO_HOSPITAL);
        seen.add(row.status);
      }
    }
    expect([...seen].sort()).toEqual([...listableStatuses('HOSPITAL')].sort());
    const stats = await hospital.get<Page<StatisticRow>>('/statistic/all');
    expect(stats.status).toBe(200);
    expect(stats.body.data.rows.length).toBeGreaterThan(0);
    expect(stats.body.data.rows.every((r) => r.hospitalName === DEMO_HOSPITAL)).toBe(true);
  });

  it('fills every column of the completed list on some row', async () => {
    const { rows } = await all(admin, 'completed');
    const shown: Record<string, (m: MissionRow) => boolean> = {
      tripNumber: (m) => m.tripNumber !== null,
      aircraftType: (m) => m.aircraftType !== 'ND',
      buyerName: (m) => m.buyerName !== null,
      numberOfCristal: (m) => m.numberOfCristal !== null,
      organType: (m) => m.organType.length > 0,
      legs: (m) => m.legs.length > 0,
      departureDateTime: (m) => m.departureDateTime !== null,
      numberOfMeals: (m) => m.numberOfMeals !== null,
      isWithIcing: (m) => m.isWithIcing === true && m.airportDeIcing.length > 0,
      isWithOCS: (m) => m.isWithOCS === true,
      hasTransportVoucher: (m) => m.hasTransportVoucher,
    };
    const empty = Object.entries(shown)
      .filter(([, test]) => !rows.some(test))
      .map(([column]) => column);
    expect(empty).toEqual([]);
    // And none of the completed missions reads '-' for its organs or cristal number.
    expect(rows.every((m) => m.organType.length > 0 && m.numberOfCristal !== null)).toBe(true);
  });
});
