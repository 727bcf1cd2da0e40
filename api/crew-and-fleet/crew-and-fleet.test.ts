// Pilots and fleet on PGlite and PostgreSQL: trips synced from the Leon simulator, one row per pilot (Leon's
// id; by name for legs stored without it; cabin crew left out) and per aircraft over a period (default: the
// last 12 months), block time, the cost engine's flight-time cost, the missions of a row (an aircraft's each
// with its cost, which add up to the aircraft's to the cent), staff only, bad input answered 400 in French.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type {
  ActivityMissionRow,
  AircraftMissionRow,
  AircraftRow,
  PilotRow,
} from '../../contract/crew-and-fleet';
import { CREW_AND_FLEET_MESSAGES } from '../../contract/crew-and-fleet';
import type { SyncResult } from '../../contract/missions';
import { flightUnitCosts, missionLegs, missions } from '../db/schema';
import { seedDemo } from '../db/seed';
import { crewOnLeg } from '../leon';
import { COST_REASONS } from '../prices';
import { describeEachDatabase } from '../test/databases';
import { type Caller, signedIn, testApp, testLeon } from '../test/harness';

type Page<T> = { data: { rows: T[]; pageCount: number }; message?: string };

// Members of the simulator's roster: Claire Dubois and Julien Moreau captains, Camille Roux and Thomas
// Girard first officers, Élodie Perrin cabin crew.
const CLAIRE = crewOnLeg(7002);
const CAMILLE = crewOnLeg(7012);
const THOMAS = crewOnLeg(7011);
const JULIEN = crewOnLeg(7001);
const ELODIE = crewOnLeg(7021);

/** A leg on `day` (UTC times): scheduled `std`–`sta`, flown `blockOff`–`blockOn` when given. */
function leg(
  day: string,
  from: string,
  to: string,
  registration: string,
  crew: ReturnType<typeof crewOnLeg>[],
  [std, sta]: [string, string],
  flown?: [string, string],
) {
  const at = (time: string) => `${day}T${time}:00Z`;
  return {
    from,
    to,
    std: at(std),
    sta: at(sta),
    ...(flown ? { blockOff: at(flown[0]), blockOn: at(flown[1]) } : {}),
    registration,
    crew,
  };
}

describeEachDatabase('Pilots and fleet', (database) => {
  const now = Date.parse('2026-03-10T09:00:00Z');
  const { sim, leon } = testLeon({ now: () => now, seed: 3, trips: 0 });
  let t: ReturnType<typeof testApp>;
  let ops: Caller;
  let accounting: Caller;
  let hospital: Caller;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { db } = database();
    await seedDemo(db, new Date(now));
    t = testApp(db, {}, leon);
    t.clock.now = new Date(now);
    ops = await signedIn(t.app, 'operation@demo.test', { ip: '203.0.113.30' });
    accounting = await signedIn(t.app, 'accounting@demo.test', { ip: '203.0.113.31' });
    hospital = await signedIn(t.app, 'hopital@demo.test', { ip: '203.0.113.32' });
    const trip = (client: string, ...legs: ReturnType<typeof leg>[]) =>
      sim.addTrip({ status: 'CONFIRMED', client, legs });
    // A: Bordeaux ↔ Marseille on F-HBMV, flown (90 + 80 min of block time), with a cabin crew member.
    const a = trip(
      'CHU de Bordeaux',
      leg(
        '2026-03-01',
        'LFBD',
        'LFML',
        'F-HBMV',
        [CLAIRE, CAMILLE, ELODIE],
        ['08:00', '09:30'],
        ['08:05', '09:35'],
      ),
      leg(
        '2026-03-01',
        'LFML',
        'LFBD',
        'F-HBMV',
        [CLAIRE, CAMILLE, ELODIE],
        ['11:00', '12:30'],
        ['11:00', '12:20'],
      ),
    );
    // B: Nantes → Orly on F-HGPB, flown (70 min); stored below as legs synced before Leon's ids were kept.
    const b = trip(
      'CHU de Nantes',
      leg('2026-02-10', 'LFRS', 'LFPO', 'F-HGPB', [CLAIRE, THOMAS], ['10:00', '11:00'], ['10:00', '11:10']),
    );
    // C: planned after today, outside the default period.
    const c = trip(
      'CHU de Lille',
      leg('2026-03-20', 'LFPO', 'LFQQ', 'F-HBMV', [JULIEN, CAMILLE], ['10:00', '11:00']),
    );
    const sync = await ops.put<{ data: SyncResult; message?: string }>('/leon/synchronize-data');
    expect(sync.status, sync.body.message).toBe(200);
    const rows = await db
      .select({ id: missions.id, tripNumber: missions.tripNumber })
      .from(missions)
      .where(inArray(missions.tripNumber, [a.tripNumber, b.tripNumber, c.tripNumber]));
    for (const row of rows) ids[row.tripNumber!] = row.id;
    ids.a = ids[a.tripNumber];
    ids.b = ids[b.tripNumber];
    ids.c = ids[c.tripNumber];
    const strip = ({ contactNid: _, ...member }: typeof CLAIRE) => member;
    await db
      .update(missionLegs)
      .set({ crew: [strip(CLAIRE), strip(THOMAS)] })
      .where(eq(missionLegs.missionId, ids.b));
    // Mission A has its OCS filled in (the cost engine needs it); B does not.
    await db.update(missions).set({ isWithOCS: true }).where(eq(missions.id, ids.a));
  });

  /** The page OPERATION reads at `path`, which must be answered 200 (the error message shown otherwise). */
  async function pageAt<T>(path: string) {
    const answer = await ops.get<Page<T>>(path);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.data;
  }

  it("lists the crew of the last 12 months by Leon's id, by name for legs stored without it", async () => {
    expect(await pageAt<PilotRow>('/pilots')).toEqual({
      pageCount: 1,
      rows: [
        {
          id: 'c7002',
          name: 'Claire Dubois',
          positions: ['CPT'],
          phoneWork: '+33 6 23 57 81 04',
          missions: 2,
          legs: 3,
          blockMinutes: 240,
          lastMission: {
            missionId: ids.a,
            tripNumber: expect.any(String),
            departure: '2026-03-01T08:00:00.000Z',
          },
          identifiedByLeon: true,
        },
        {
          id: 'n:thomas girard',
          name: 'Thomas Girard',
          positions: ['FO'],
          phoneWork: '+33 7 81 03 46 52',
          missions: 1,
          legs: 1,
          blockMinutes: 70,
          lastMission: {
            missionId: ids.b,
            tripNumber: expect.any(String),
            departure: '2026-02-10T10:00:00.000Z',
          },
          identifiedByLeon: false,
        },
        {
          id: 'c7012',
          name: 'Camille Roux',
          positions: ['FO'],
          phoneWork: '+33 7 82 14 57 63',
          missions: 1,
          legs: 2,
          blockMinutes: 170,
          lastMission: {
            missionId: ids.a,
            tripNumber: expect.any(String),
            departure: '2026-03-01T08:00:00.000Z',
          },
          identifiedByLeon: true,
        },
      ],
    });
  });

  it('leaves the cabin crew out: the pilots screen lists those who fly the aircraft', async () => {
    const { rows } = await pageAt<PilotRow>('/pilots');
    expect(rows.map((row) => row.name)).not.toContain('Élodie Perrin');
    for (const row of rows) for (const position of row.positions) expect(['CPT', 'FO']).toContain(position);
    expect(await pageAt<ActivityMissionRow>('/pilots/missions?pilot=c7021')).toEqual({
      pageCount: 0,
      rows: [],
    });
    const search = await pageAt<PilotRow>('/pilots?search=perrin');
    expect(search.rows).toEqual([]);
  });

  it('searches by name (case and accents aside) and filters by period', async () => {
    const found = await accounting.get<Page<PilotRow>>('/pilots?search=CL%C3%82IRE');
    expect(found.body.data.rows.map((r) => r.name)).toEqual(['Claire Dubois']);
    const future = await ops.get<Page<PilotRow>>('/pilots?startDate=2026-03-15&endDate=2026-03-31');
    expect(future.body.data.rows).toEqual([
      expect.objectContaining({ name: 'Julien Moreau', missions: 0, legs: 0, blockMinutes: 0 }),
      expect.objectContaining({
        name: 'Camille Roux',
        missions: 0,
        lastMission: expect.objectContaining({ missionId: ids.c }),
      }),
    ]);
    const paged = await ops.get<Page<PilotRow>>('/pilots?pageSize=2&pageNumber=2');
    expect(paged.body.data).toMatchObject({ pageCount: 2, rows: [{ name: 'Camille Roux' }] });
  });

  it("lists a pilot's missions, latest first", async () => {
    const { rows } = await pageAt<ActivityMissionRow>('/pilots/missions?pilot=c7002');
    expect(rows).toEqual([
      {
        id: ids.a,
        tripNumber: expect.any(String),
        status: expect.any(String),
        buyerName: 'CHU de Bordeaux',
        departure: '2026-03-01T08:05:00.000Z',
        route: 'LFBD → LFML → LFBD',
        legs: 2,
        blockMinutes: 170,
        registrations: ['F-HBMV'],
      },
      expect.objectContaining({ id: ids.b, route: 'LFRS → LFPO', legs: 1, blockMinutes: 70 }),
    ]);
    const legacy = await ops.get<Page<ActivityMissionRow>>(
      `/pilots/missions?pilot=${encodeURIComponent('n:thomas girard')}`,
    );
    expect(legacy.body.data.rows.map((r) => r.id)).toEqual([ids.b]);
  });

  it("lists the fleet with block time and the cost engine's flight-time cost", async () => {
    const [price] = await database()
      .db.select()
      .from(flightUnitCosts)
      .where(eq(flightUnitCosts.fromDate, '2026-01-01'));
    // 170 block minutes + the 15 billed minutes of a mission, at the JET-with-OCS hourly price.
    const cents = Math.floor(((170 + 15) * price.priceJetWithOcsCents + 30) / 60);
    expect(await pageAt<AircraftRow>('/fleet')).toEqual({
      pageCount: 1,
      rows: [
        {
          id: 'F-HBMV',
          registration: 'F-HBMV',
          aircraftType: 'JET',
          missions: 1,
          legs: 2,
          blockMinutes: 170,
          flightCost: cents / 100,
          missionsWithoutCost: 0,
          lastFlight: {
            missionId: ids.a,
            tripNumber: expect.any(String),
            departure: '2026-03-01T08:00:00.000Z',
          },
        },
        {
          id: 'F-HGPB',
          registration: 'F-HGPB',
          aircraftType: 'TURBOPROP',
          missions: 1,
          legs: 1,
          blockMinutes: 70,
          flightCost: 0,
          missionsWithoutCost: 1,
          lastFlight: {
            missionId: ids.b,
            tripNumber: expect.any(String),
            departure: '2026-02-10T10:00:00.000Z',
          },
        },
      ],
    });
    const searched = await ops.get<Page<AircraftRow>>('/fleet?search=gpb');
    expect(searched.body.data.rows.map((r) => r.registration)).toEqual(['F-HGPB']);
    // Each mission of an aircraft with the cost its row adds up; one without a cost says why; one not
    // flown yet has none.
    const missionsOf = await pageAt<AircraftMissionRow>('/fleet/missions?registration=F-HBMV');
    expect(missionsOf.rows.map((r) => [r.id, r.flightCost])).toEqual([
      [ids.a, { ok: true, value: cents / 100 }],
    ]);
    const withoutCost = await pageAt<AircraftMissionRow>('/fleet/missions?registration=F-HGPB');
    expect(withoutCost.rows.map((r) => [r.id, r.flightCost])).toEqual([
      [ids.b, { ok: false, reason: COST_REASONS.noOcs }],
    ]);
    const future = await pageAt<AircraftMissionRow>(
      '/fleet/missions?registration=F-HBMV&startDate=2026-03-01&endDate=2026-03-31',
    );
    expect(future.rows.map((r) => [r.id, r.flightCost])).toEqual([
      [ids.c, null],
      [ids.a, { ok: true, value: cents / 100 }],
    ]);
  });

  it('refuses hospital users (403) and signed-out callers (401)', async () => {
    for (const path of [
      '/pilots',
      '/pilots/missions?pilot=c7002',
      '/fleet',
      '/fleet/missions?registration=F-HBMV',
    ]) {
      const refused = await hospital.get(path);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 403,
        body: { message: "Vous n'avez pas accès à cette ressource", requestId: expect.any(String) },
      });
      const anonymous = await t.app.request(path, {
        headers: { 'x-edge-secret': 'test-edge-secret-0123456789abcdef012345' },
      });
      expect(anonymous.status).toBe(401);
    }
  });

  it.each([
    ['/pilots?startDate=2026-02-30', 'Date invalide (format attendu : aaaa-mm-jj)'],
    ['/fleet?startDate=2026-03-10&endDate=2026-03-01', CREW_AND_FLEET_MESSAGES.dateOrder],
    ['/pilots?pageSize=500', 'pageSize doit être un entier entre 1 et 100'],
    ['/pilots/missions?pilot=x7002', CREW_AND_FLEET_MESSAGES.pilotId],
    ['/pilots/missions', CREW_AND_FLEET_MESSAGES.pilotId],
    ['/fleet/missions?registration=F%20HBMV%3B', CREW_AND_FLEET_MESSAGES.registration],
  ])('answers bad input %s with 400 and a French message', async (path, message) => {
    const answer = await ops.get(path);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { message: expect.stringContaining(message), requestId: expect.any(String) },
    });
  });
});

describeEachDatabase("Fleet: an aircraft's cost is the sum of its missions' to the cent", (database) => {
  const now = Date.parse('2026-03-10T09:00:00Z');
  // A generated fleet: many missions an aircraft, flown, planned and cancelled.
  const { leon } = testLeon({ now: () => now, seed: 11, trips: 60 });
  let ops: Caller;

  beforeAll(async () => {
    const { db } = database();
    await seedDemo(db, new Date(now));
    const t = testApp(db, {}, leon);
    t.clock.now = new Date(now);
    ops = await signedIn(t.app, 'operation@demo.test', { ip: '203.0.113.33' });
    const sync = await ops.put<{ data: SyncResult; message?: string }>('/leon/synchronize-data');
    expect(sync.status, sync.body.message).toBe(200);
    // OCS filled in on two missions in three: the others have no cost (counted apart).
    const all = await db.select({ id: missions.id }).from(missions).orderBy(missions.id);
    const priced = all.filter((_, index) => index % 3 !== 0).map((row) => row.id);
    await db.update(missions).set({ isWithOCS: false }).where(inArray(missions.id, priced));
  });

  it("adds up each aircraft's missions, page by page, to its flight-time cost and its missions without one", async () => {
    const period = 'startDate=2025-03-11&endDate=2026-03-10';
    const fleet = await ops.get<Page<AircraftRow>>(`/fleet?pageSize=100&${period}`);
    expect(fleet.status, fleet.body.message).toBe(200);
    const aircraft = fleet.body.data.rows;
    // The check means something: aircraft with several priced missions, and missions without a cost.
    expect(aircraft.filter((row) => row.missions > 1 && row.flightCost > 0).length).toBeGreaterThan(1);
    expect(aircraft.some((row) => row.missionsWithoutCost > 0)).toBe(true);
    for (const row of aircraft) {
      const shown: AircraftMissionRow[] = [];
      for (let pageNumber = 1; ; pageNumber++) {
        const page = await ops.get<Page<AircraftMissionRow>>(
          `/fleet/missions?registration=${row.registration}&pageNumber=${pageNumber}&${period}`,
        );
        expect(page.status, page.body.message).toBe(200);
        shown.push(...page.body.data.rows);
        if (pageNumber >= page.body.data.pageCount) break;
      }
      const costs = shown.flatMap((mission) => (mission.flightCost ? [mission.flightCost] : []));
      const cents = costs.reduce((sum, cost) => sum + (cost.ok ? Math.round(cost.value * 100) : 0), 0);
      expect(cents, row.registration).toBe(Math.round(row.flightCost * 100));
      // Each amount is in whole cents, as the total is.
      for (const cost of costs)
        if (cost.ok) expect(Math.abs(cost.value * 100 - Math.round(cost.value * 100))).toBeLessThan(1e-6);
      expect(costs.filter((cost) => !cost.ok).length, row.registration).toBe(row.missionsWithoutCost);
      expect(costs.length, row.registration).toBe(row.missions);
    }
  });
});
