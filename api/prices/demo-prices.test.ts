// The demo price tables: every day from 2023-01-01 to a year from now is priced in every table, for every
// airport of the Leon simulator, except the one deliberate gap; and the engine prices a demo mission.
import { beforeAll, expect, it } from 'vitest';
import {
  airportCosts,
  flightUnitCosts,
  marketNumbers,
  passengerMealCosts,
  regulationCosts,
} from '../db/schema';
import { DEMO_PRICE_GAP, DEMO_PRICES_FROM, demoPricesUntil, seedDemo } from '../db/seed';
import { AIRPORTS } from '../leon';
import { describeEachDatabase } from '../test/databases';
import { computeMissionCosts, loadPriceBook } from './index';

const NOW = new Date('2026-11-23T09:00:00Z');

function* days(from: string, to: string): Generator<string> {
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    yield new Date(t).toISOString().slice(0, 10);
}

/** The days of [from, to] that no row holds, as [first, last] stretches (and no day held twice). */
function gaps(rows: Array<{ fromDate: string; toDate: string }>, from: string, to: string): string[][] {
  const stretches: string[][] = [];
  const twice: string[] = [];
  for (const day of days(from, to)) {
    const holders = rows.filter((r) => r.fromDate <= day && day <= r.toDate).length;
    if (holders > 1) twice.push(day);
    if (holders >= 1) continue;
    const last = stretches.at(-1);
    if (last && Date.parse(day) - Date.parse(last[1]) === 86_400_000) last[1] = day;
    else stretches.push([day, day]);
  }
  expect(twice).toEqual([]);
  return stretches;
}

describeEachDatabase('demo prices', (database) => {
  beforeAll(async () => {
    await seedDemo(database().db, NOW);
  });

  it('covers 2023-01-01 to the end of next year, with one gap: meals in August 2025', async () => {
    const db = database().db;
    const until = demoPricesUntil(NOW);
    expect(until).toBe('2027-12-31');
    const [flight, regulation, meals, markets, airports] = await Promise.all([
      db.select().from(flightUnitCosts),
      db.select().from(regulationCosts),
      db.select().from(passengerMealCosts),
      db.select().from(marketNumbers),
      db.select().from(airportCosts),
    ]);
    for (const table of [flight, regulation, markets]) {
      expect(table.length).toBeGreaterThanOrEqual(3);
      expect(gaps(table, DEMO_PRICES_FROM, until)).toEqual([]);
    }
    expect(DEMO_PRICE_GAP).toEqual({
      table: 'passengerMealCost',
      fromDate: '2025-08-01',
      toDate: '2025-08-31',
    });
    expect(gaps(meals, DEMO_PRICES_FROM, until)).toEqual([['2025-08-01', '2025-08-31']]);

    const simulated = AIRPORTS.filter((a) => a.icao !== null);
    expect(new Set(airports.map((a) => a.icaoCode))).toEqual(new Set(simulated.map((a) => a.icao)));
    for (const a of simulated) {
      const own = airports.filter((r) => r.icaoCode === a.icao);
      expect(new Set(own.map((r) => r.airportName))).toEqual(new Set([a.name]));
      expect(gaps(own, DEMO_PRICES_FROM, until)).toEqual([]);
      for (const r of own) expect(r.priceWithDeIcingCents).toBeGreaterThan(r.priceWithoutDeIcingCents);
    }
  });

  it('prices a demo mission, and shows the missing meal price in the gap', async () => {
    const book = await loadPriceBook(database().db);
    const mission = (departure: string) => ({
      departureDateTime: departure,
      aircraftType: 'JET' as const,
      isWithOCS: true,
      numberOfMeals: 2,
      airportDeIcing: [],
      legs: [{ adepIcao: 'LFBD', stdUtc: departure, staUtc: new Date(Date.parse(departure) + 80 * 60_000) }],
    });
    const march = computeMissionCosts(mission('2026-03-02T08:00:00Z'), book);
    expect(march.totalCost.ok).toBe(true);
    expect(march.totalAirportCosts.ok).toBe(true);
    const august = computeMissionCosts(mission('2025-08-14T08:00:00Z'), book);
    expect(august.costOfMeal).toEqual({
      ok: false,
      reason: 'Prix manquant : coût des repas des passagers au 14/08/2025',
    });
    expect(august.costOfFlightTime.ok).toBe(true);
  });
});
