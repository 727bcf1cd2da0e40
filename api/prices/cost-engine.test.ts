// The cost engine: worked examples of each rule computed by hand, and properties over random missions
// and price tables (parts add up to the totals, a price period moved only changes the missions whose day
// enters or leaves it, no input throws).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AirportPrice,
  type CostLeg,
  type CostMission,
  computeMissionCosts,
  createPriceBook,
  type Figure,
  type FlightUnitPrice,
  type PriceRowsInCents,
  parisDay,
  type SinglePrice,
} from './index';

const flight = (
  fromDate: string,
  toDate: string,
  euros: [number, number, number, number],
): FlightUnitPrice => ({
  fromDate,
  toDate,
  priceJetWithOcsCents: euros[0] * 100,
  priceJetWithoutOcsCents: euros[1] * 100,
  priceTurbopropWithOcsCents: euros[2] * 100,
  priceTurbopropWithoutOcsCents: euros[3] * 100,
});
const single = (fromDate: string, toDate: string, cents: number): SinglePrice => ({
  fromDate,
  toDate,
  priceCents: cents,
});
const airport = (
  icaoCode: string,
  fromDate: string,
  toDate: string,
  withDeIcing: number,
  without: number,
): AirportPrice => ({
  icaoCode,
  fromDate,
  toDate,
  priceWithDeIcingCents: withDeIcing * 100,
  priceWithoutDeIcingCents: without * 100,
});

/** Prices of the examples: 2024 and 2025 for every table, but no meal price in August 2024 and no
 * Marseille price in 2025. */
const ROWS: PriceRowsInCents = {
  flightUnitCosts: [
    flight('2024-01-01', '2024-12-31', [6000, 5400, 4200, 3600]),
    flight('2025-01-01', '2025-12-31', [6600, 5940, 4620, 3960]),
  ],
  regulationCosts: [single('2024-01-01', '2024-12-31', 40000), single('2025-01-01', '2025-12-31', 42000)],
  passengerMealCosts: [
    single('2024-01-01', '2024-07-31', 2550),
    single('2024-09-01', '2024-12-31', 2550),
    single('2025-01-01', '2025-12-31', 2600),
  ],
  airportCosts: [
    airport('LFBD', '2024-01-01', '2024-12-31', 900, 350),
    airport('LFPG', '2024-01-01', '2024-12-31', 1400, 600),
    airport('LFML', '2024-01-01', '2024-12-31', 1000, 400),
    airport('LFBD', '2025-01-01', '2025-12-31', 950, 370),
    airport('LFPG', '2025-01-01', '2025-12-31', 1450, 620),
  ],
};
const BOOK = createPriceBook(ROWS);

const at = (iso: string) => new Date(iso);
const minutesLater = (iso: string, minutes: number) => new Date(at(iso).getTime() + minutes * 60_000);
/** A leg departing at `std` (UTC) and scheduled for `minutes`. */
const leg = (adepIcao: string, std: string, minutes: number, extra: Partial<CostLeg> = {}): CostLeg => ({
  adepIcao,
  stdUtc: at(std),
  staUtc: minutesLater(std, minutes),
  ...extra,
});
const mission = (extra: Partial<CostMission> = {}): CostMission => ({
  departureDateTime: at('2024-03-12T08:00:00Z'),
  aircraftType: 'JET',
  isWithOCS: true,
  numberOfMeals: 3,
  airportDeIcing: ['LFBD'],
  legs: [
    leg('LFBD', '2024-03-12T08:00:00Z', 70, {
      bloffUtc: at('2024-03-12T08:05:00Z'),
      blonUtc: at('2024-03-12T09:20:00Z'),
    }),
    leg('LFPG', '2024-03-12T11:00:00Z', 65),
  ],
  ...extra,
});
const ok = (value: number): Figure => ({ ok: true, value });
const no = (reason: string): Figure => ({ ok: false, reason });

describe('cost engine, worked examples', () => {
  it('computes every figure of a jet mission with OCS', () => {
    // Leg 1 flown by block times (08:05 → 09:20, 75 min), leg 2 by schedule (65 min): 140 min, billed 155.
    // 155 min × 6 000 €/h = 15 500 €; regulation 400 €; 3 meals × 25,50 € = 76,50 €; total 15 976,50 €.
    // Airports: Bordeaux de-iced 900 €, Paris-CDG without 600 €: 1 500 €.
    expect(computeMissionCosts(mission(), BOOK)).toEqual({
      priceDay: '2024-03-12',
      flightTime: ok(140),
      billedTime: ok(155),
      costOfFlightTime: ok(1_550_000),
      costOfRegulation: ok(40_000),
      costOfMeal: ok(7_650),
      totalCost: ok(1_597_650),
      airportCosts: [
        { icaoCode: 'LFBD', withDeIcing: true, amount: ok(90_000) },
        { icaoCode: 'LFPG', withDeIcing: false, amount: ok(60_000) },
      ],
      totalAirportCosts: ok(150_000),
    });
  });

  it('picks the hourly price by aircraft type and OCS', () => {
    const cost = (aircraftType: 'JET' | 'TURBOPROP', isWithOCS: boolean) =>
      computeMissionCosts(mission({ aircraftType, isWithOCS }), BOOK).costOfFlightTime;
    // 155 min = 2 h 35: 5 400 × 155 / 60 = 13 950; 4 200 → 10 850; 3 600 → 9 300.
    expect(cost('JET', false)).toEqual(ok(1_395_000));
    expect(cost('TURBOPROP', true)).toEqual(ok(1_085_000));
    expect(cost('TURBOPROP', false)).toEqual(ok(930_000));
  });

  it('rounds the flight time cost once, half-up to the cent', () => {
    const book = createPriceBook({
      ...ROWS,
      flightUnitCosts: [{ ...ROWS.flightUnitCosts[0], priceJetWithOcsCents: 360_001 }],
    });
    const cost = (minutes: number) =>
      computeMissionCosts(mission({ legs: [leg('LFBD', '2024-03-12T08:00:00Z', minutes)] }), book)
        .costOfFlightTime;
    // Billed 30 min × 3 600,01 €/h = 1 800,005 € → 1 800,01 €; billed 20 min → 1 200,00333 € → 1 200,00 €.
    expect(cost(15)).toEqual(ok(180_001));
    expect(cost(5)).toEqual(ok(120_000));
    // Billed 40 min → 2 400,00666 € → 2 400,01 €.
    expect(cost(25)).toEqual(ok(240_001));
  });

  it('prices a mission across midnight by its departure day in Paris', () => {
    // 23:30 in Paris on 31 December 2024 (22:30 UTC), landing 00:40 on 1 January 2025: 2024 prices.
    const lateOn31 = mission({
      departureDateTime: at('2024-12-31T22:30:00Z'),
      legs: [leg('LFBD', '2024-12-31T22:30:00Z', 70)],
      airportDeIcing: [],
    });
    const costs = computeMissionCosts(lateOn31, BOOK);
    expect(costs.priceDay).toBe('2024-12-31');
    expect(costs.flightTime).toEqual(ok(70));
    // 85 min × 6 000 €/h = 8 500 €; 400 € regulation; 3 × 25,50 €; Bordeaux 350 €.
    expect(costs.costOfFlightTime).toEqual(ok(850_000));
    expect(costs.costOfRegulation).toEqual(ok(40_000));
    expect(costs.totalAirportCosts).toEqual(ok(35_000));
    // 23:30 UTC on 31 December is already 00:30 on 1 January in Paris: 2025 prices (6 600 €/h, 420 €).
    const after = computeMissionCosts(
      {
        ...lateOn31,
        departureDateTime: at('2024-12-31T23:30:00Z'),
        legs: [leg('LFBD', '2024-12-31T23:30:00Z', 70)],
      },
      BOOK,
    );
    expect(after.priceDay).toBe('2025-01-01');
    expect(after.costOfFlightTime).toEqual(ok(935_000));
    expect(after.costOfRegulation).toEqual(ok(42_000));
    expect(after.totalAirportCosts).toEqual(ok(37_000));
  });

  it('counts real minutes on the days Paris changes clocks', () => {
    // 31 March 2024: 01:30 CET (00:30 UTC) → 03:45 CEST (01:45 UTC) reads 2 h 15 on the clocks, flies 75 min.
    const spring = computeMissionCosts(
      mission({
        departureDateTime: at('2024-03-31T00:30:00Z'),
        legs: [leg('LFBD', '2024-03-31T00:30:00Z', 75)],
      }),
      BOOK,
    );
    expect(spring.priceDay).toBe('2024-03-31');
    expect(spring.flightTime).toEqual(ok(75));
    // 27 October 2024: 00:30 CEST is 22:30 UTC on the 26th; the day is the 27th in Paris.
    expect(parisDay(at('2024-10-26T22:30:00Z'))).toBe('2024-10-27');
    expect(parisDay(at('2024-10-26T21:59:00Z'))).toBe('2024-10-26');
    // 02:30 CEST → 02:30 CET the same night is one hour of flight.
    const autumn = computeMissionCosts(
      mission({
        departureDateTime: at('2024-10-27T00:30:00Z'),
        legs: [{ adepIcao: 'LFBD', stdUtc: '2024-10-27T00:30:00Z', staUtc: '2024-10-27T01:30:00Z' }],
      }),
      BOOK,
    );
    expect(autumn.flightTime).toEqual(ok(60));
  });

  it('gives the Paris day ICU gives, every quarter hour around the changes of time and at any instant', () => {
    const icu = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // The nights of 2024's and 1976's changes of time, and a New Year's Eve, a quarter hour at a time, twice
    // (the second pass reads the days kept by hour).
    for (let pass = 0; pass < 2; pass++)
      for (const night of [
        '2024-03-30T12:00:00Z',
        '2024-10-26T12:00:00Z',
        '1976-03-27T12:00:00Z',
        '2025-12-31T12:00:00Z',
      ])
        for (let q = 0; q < 96; q++) {
          const ms = Date.parse(night) + q * 15 * 60_000 + pass * 7_000;
          expect(parisDay(ms)).toBe(icu.format(ms));
        }
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9998, 11, 31) }), (ms) => {
        expect(parisDay(ms)).toBe(icu.format(ms));
        expect(parisDay(new Date(ms))).toBe(icu.format(ms));
      }),
      { numRuns: 20_000 },
    );
  });

  it('uses the row whose period holds the day, first and last days included', () => {
    const on = (day: string) =>
      computeMissionCosts(mission({ departureDateTime: at(`${day}T10:00:00Z`) }), BOOK).costOfMeal;
    expect(on('2024-07-31')).toEqual(ok(7_650));
    expect(on('2024-08-01')).toEqual(no('Prix manquant : coût des repas des passagers au 01/08/2024'));
    expect(on('2024-08-31')).toEqual(no('Prix manquant : coût des repas des passagers au 31/08/2024'));
    expect(on('2024-09-01')).toEqual(ok(7_650));
  });

  it('makes a figure without its price missing, never 0, and the total with it', () => {
    const inGap = computeMissionCosts(mission({ departureDateTime: at('2024-08-15T10:00:00Z') }), BOOK);
    expect(inGap.costOfFlightTime).toEqual(ok(1_550_000));
    expect(inGap.costOfMeal).toEqual(no('Prix manquant : coût des repas des passagers au 15/08/2024'));
    expect(inGap.totalCost).toEqual(no('Prix manquant : coût des repas des passagers au 15/08/2024'));

    const before = computeMissionCosts(mission({ departureDateTime: at('2023-06-10T10:00:00Z') }), BOOK);
    expect(before.costOfFlightTime).toEqual(no('Prix manquant : coût unitaire de vol au 10/06/2023'));
    expect(before.costOfRegulation).toEqual(no('Prix manquant : coût de la régulation au 10/06/2023'));
    expect(before.totalCost).toEqual(no('Prix manquant : coût unitaire de vol au 10/06/2023'));
    expect(before.flightTime).toEqual(ok(140));

    // No Marseille price in 2025: that leg's cost and the airport total are missing, the other leg is priced.
    const marseille = computeMissionCosts(
      mission({
        departureDateTime: at('2025-05-05T08:00:00Z'),
        airportDeIcing: [],
        legs: [leg('LFML', '2025-05-05T08:00:00Z', 60), leg('LFPG', '2025-05-05T12:00:00Z', 60)],
      }),
      BOOK,
    );
    expect(marseille.airportCosts).toEqual([
      {
        icaoCode: 'LFML',
        withDeIcing: false,
        amount: no("Prix manquant : coût de l'aéroport LFML au 05/05/2025"),
      },
      { icaoCode: 'LFPG', withDeIcing: false, amount: ok(62_000) },
    ]);
    expect(marseille.totalAirportCosts).toEqual(no("Prix manquant : coût de l'aéroport LFML au 05/05/2025"));
  });

  it('cannot price flight time of an N.D aircraft, nor without OCS, meals or a departure', () => {
    const nd = computeMissionCosts(mission({ aircraftType: 'ND' }), BOOK);
    expect(nd.costOfFlightTime).toEqual(no("Type d'avion non défini (N.D)"));
    expect(nd.totalCost).toEqual(no("Type d'avion non défini (N.D)"));
    expect(nd.costOfRegulation).toEqual(ok(40_000));
    expect(nd.billedTime).toEqual(ok(155));
    expect(computeMissionCosts(mission({ isWithOCS: null }), BOOK).costOfFlightTime).toEqual(
      no('OCS non renseigné'),
    );
    expect(computeMissionCosts(mission({ numberOfMeals: null }), BOOK).costOfMeal).toEqual(
      no('Nombre de repas non renseigné'),
    );
    const noDeparture = computeMissionCosts(mission({ departureDateTime: null }), BOOK);
    expect(noDeparture.priceDay).toBeNull();
    expect(noDeparture.totalCost).toEqual(no('Date de départ inconnue'));
    expect(noDeparture.totalAirportCosts).toEqual(no('Date de départ inconnue'));
    expect(computeMissionCosts(mission({ numberOfMeals: 0 }), BOOK).costOfMeal).toEqual(ok(0));
  });

  it('makes the airport costs 0 € when the airport status is NOT_APPLICABLE, even without a price', () => {
    const notApplicable = computeMissionCosts(
      mission({
        departureDateTime: at('2025-05-05T08:00:00Z'),
        airportStatus: 'NOT_APPLICABLE',
        airportDeIcing: ['LFML'],
        legs: [leg('LFML', '2025-05-05T08:00:00Z', 60), leg('LFPG', '2025-05-05T12:00:00Z', 60)],
      }),
      BOOK,
    );
    expect(notApplicable.airportCosts).toEqual([
      { icaoCode: 'LFML', withDeIcing: true, amount: ok(0) },
      { icaoCode: 'LFPG', withDeIcing: false, amount: ok(0) },
    ]);
    expect(notApplicable.totalAirportCosts).toEqual(ok(0));
    expect(computeMissionCosts(mission({ airportStatus: 'PAID' }), BOOK).totalAirportCosts).toEqual(
      ok(150_000),
    );
  });

  it('leaves cancelled legs out, and falls back to the schedule when block times do not hold', () => {
    const costs = computeMissionCosts(
      mission({
        legs: [
          leg('LFBD', '2024-03-12T08:00:00Z', 70, {
            bloffUtc: at('2024-03-12T09:00:00Z'),
            blonUtc: at('2024-03-12T08:00:00Z'),
          }),
          leg('LFPG', '2024-03-12T11:00:00Z', 65, { isCnl: true }),
          leg('LFPG', '2024-03-12T13:00:00Z', 50, { bloffUtc: at('2024-03-12T13:02:00Z'), blonUtc: null }),
        ],
      }),
      BOOK,
    );
    expect(costs.flightTime).toEqual(ok(120));
    expect(costs.airportCosts.map((a) => a.icaoCode)).toEqual(['LFBD', 'LFPG']);
    const noTimes = computeMissionCosts(
      mission({ legs: [{ adepIcao: 'LFBD', stdUtc: 'n/a', staUtc: null }] }),
      BOOK,
    );
    expect(noTimes.flightTime).toEqual(no('Heures de vol manquantes ou incohérentes'));
    expect(noTimes.costOfFlightTime).toEqual(no('Heures de vol manquantes ou incohérentes'));
  });
});

// ---- Properties --------------------------------------------------------------------------------------

const DAY0 = Date.UTC(2023, 0, 1);
const dayOf = (n: number) => new Date(DAY0 + n * 86_400_000).toISOString().slice(0, 10);
const SPAN = 4 * 365;
const ICAOS = ['LFBD', 'LFPG', 'LFML', 'LFST'];

/** Disjoint periods, in day numbers [from, to], from random lengths and gaps. */
const periodsArb = fc
  .array(fc.record({ gap: fc.integer({ min: 0, max: 60 }), length: fc.integer({ min: 1, max: 400 }) }), {
    maxLength: 6,
  })
  .map((parts) => {
    const periods: Array<[number, number]> = [];
    let next = -30;
    for (const { gap, length } of parts) {
      const from = next + gap;
      periods.push([from, from + length]);
      next = from + length + 1;
    }
    return periods;
  });
const centsArb = fc.integer({ min: 1, max: 100_000_000 });

const rowsArb: fc.Arbitrary<PriceRowsInCents> = fc.record({
  flightUnitCosts: periodsArb.chain((periods) =>
    fc.tuple(
      ...periods.map(([from, to]) =>
        fc.tuple(centsArb, centsArb, centsArb, centsArb).map(([a, b, c, d]) => ({
          fromDate: dayOf(from),
          toDate: dayOf(to),
          priceJetWithOcsCents: a,
          priceJetWithoutOcsCents: b,
          priceTurbopropWithOcsCents: c,
          priceTurbopropWithoutOcsCents: d,
        })),
      ),
    ),
  ),
  regulationCosts: periodsArb.chain((periods) =>
    fc.tuple(...periods.map(([from, to]) => centsArb.map((c) => single(dayOf(from), dayOf(to), c)))),
  ),
  passengerMealCosts: periodsArb.chain((periods) =>
    fc.tuple(...periods.map(([from, to]) => centsArb.map((c) => single(dayOf(from), dayOf(to), c)))),
  ),
  airportCosts: fc
    .tuple(
      ...ICAOS.map((icao) =>
        periodsArb.chain((periods) =>
          fc.tuple(
            ...periods.map(([from, to]) =>
              fc.tuple(fc.integer({ min: 0, max: 100_000_000 }), centsArb).map(([w, wo]) => ({
                icaoCode: icao,
                fromDate: dayOf(from),
                toDate: dayOf(to),
                priceWithDeIcingCents: w,
                priceWithoutDeIcingCents: wo,
              })),
            ),
          ),
        ),
      ),
    )
    .map((lists) => lists.flat()),
});

const instantArb = fc
  .integer({ min: DAY0 - 86_400_000, max: DAY0 + SPAN * 86_400_000 })
  .map((ms) => new Date(ms));
const legArb: fc.Arbitrary<CostLeg> = fc
  .record({
    adepIcao: fc.constantFrom(...ICAOS),
    std: instantArb,
    minutes: fc.integer({ min: 0, max: 900 }),
    block: fc.option(fc.tuple(fc.integer({ min: -30, max: 30 }), fc.integer({ min: 0, max: 900 }))),
    isCnl: fc.boolean(),
  })
  .map(({ adepIcao, std, minutes, block, isCnl }) => ({
    adepIcao,
    stdUtc: std,
    staUtc: new Date(std.getTime() + minutes * 60_000),
    bloffUtc: block ? new Date(std.getTime() + block[0] * 60_000) : null,
    blonUtc: block ? new Date(std.getTime() + (block[0] + block[1]) * 60_000) : null,
    isCnl,
  }));
const missionArb: fc.Arbitrary<CostMission> = fc.record({
  departureDateTime: instantArb,
  aircraftType: fc.constantFrom('ND', 'JET', 'TURBOPROP'),
  isWithOCS: fc.option(fc.boolean()),
  numberOfMeals: fc.option(fc.integer({ min: 0, max: 12 })),
  airportDeIcing: fc.subarray(ICAOS),
  airportStatus: fc.constantFrom(null, 'NOT_APPLICABLE', 'PAID', 'TO_BE_EDITED'),
  legs: fc.array(legArb, { maxLength: 5 }),
});

describe('cost engine, a mission cancelled less than 45 minutes before departure', () => {
  // Nothing flew: every leg cancelled. 3 meals at 25,50 €, regulation 400 € (2024 prices).
  const late = (extra: Partial<CostMission> = {}) =>
    mission({
      lateCancellation: true,
      legs: [
        leg('LFBD', '2024-03-12T08:00:00Z', 70, { isCnl: true }),
        leg('LFPG', '2024-03-12T11:00:00Z', 65, { isCnl: true }),
      ],
      ...extra,
    });

  it('charges by default the regulation and the meals, and no flight time (not even the 15 minutes)', () => {
    const costs = computeMissionCosts(late(), BOOK);
    expect(costs).toEqual({
      priceDay: '2024-03-12',
      flightTime: ok(0),
      billedTime: ok(0),
      costOfFlightTime: ok(0),
      costOfRegulation: ok(40_000),
      costOfMeal: ok(7_650),
      totalCost: ok(47_650),
      airportCosts: [],
      totalAirportCosts: ok(0),
    });
    expect(computeMissionCosts(late(), BOOK, { lateCancellation: 'flat' })).toEqual(costs);
    // No flight time is charged, so an N.D aircraft or a missing OCS does not make it missing.
    expect(computeMissionCosts(late({ aircraftType: 'ND', isWithOCS: null }), BOOK).totalCost).toEqual(
      ok(47_650),
    );
  });

  it("charges, under 'full', as if it had flown: the 15 minutes of flight time too", () => {
    const costs = computeMissionCosts(late(), BOOK, { lateCancellation: 'full' });
    // 15 min × 6 000 €/h = 1 500 €.
    expect(costs.billedTime).toEqual(ok(15));
    expect(costs.costOfFlightTime).toEqual(ok(150_000));
    expect(costs.totalCost).toEqual(ok(150_000 + 40_000 + 7_650));
  });

  it("charges nothing under 'none'", () => {
    const costs = computeMissionCosts(late(), BOOK, { lateCancellation: 'none' });
    expect([
      costs.billedTime,
      costs.costOfFlightTime,
      costs.costOfRegulation,
      costs.costOfMeal,
      costs.totalCost,
    ]).toEqual([ok(0), ok(0), ok(0), ok(0), ok(0)]);
  });

  it('keeps the airport cost of a leg that did fly, under every rule', () => {
    const flew = late({
      legs: [
        leg('LFBD', '2024-03-12T08:00:00Z', 70),
        leg('LFPG', '2024-03-12T11:00:00Z', 65, { isCnl: true }),
      ],
    });
    for (const rule of ['flat', 'full', 'none'] as const)
      expect(computeMissionCosts(flew, BOOK, { lateCancellation: rule }).totalAirportCosts).toEqual(
        ok(90_000),
      );
    // Flown time shows, without the 15 minutes, and is not charged under 'flat'.
    const flat = computeMissionCosts(flew, BOOK);
    expect([flat.flightTime, flat.billedTime, flat.costOfFlightTime]).toEqual([ok(70), ok(70), ok(0)]);
  });

  it('leaves every other mission as it was, whatever the rule', () => {
    for (const rule of ['flat', 'full', 'none'] as const)
      expect(computeMissionCosts(mission(), BOOK, { lateCancellation: rule })).toEqual(
        computeMissionCosts(mission(), BOOK),
      );
    expect(computeMissionCosts(mission({ lateCancellation: false }), BOOK).billedTime).toEqual(ok(155));
  });
});

describe('cost engine, properties', () => {
  it('makes each total the sum of its parts, or missing when a part is', () => {
    fc.assert(
      fc.property(missionArb, rowsArb, (m, rows) => {
        const c = computeMissionCosts(m, createPriceBook(rows));
        const parts = [c.costOfFlightTime, c.costOfRegulation, c.costOfMeal];
        if (parts.every((p) => p.ok)) {
          expect(c.totalCost).toEqual(ok(parts.reduce((s, p) => s + (p.ok ? p.value : 0), 0)));
        } else {
          expect(c.totalCost).toEqual(parts.find((p) => !p.ok));
        }
        const airports = c.airportCosts.map((a) => a.amount);
        if (airports.every((p) => p.ok)) {
          expect(c.totalAirportCosts).toEqual(ok(airports.reduce((s, p) => s + (p.ok ? p.value : 0), 0)));
        } else {
          expect(c.totalAirportCosts.ok).toBe(false);
        }
        expect(c.airportCosts).toHaveLength(m.legs.filter((l) => !l.isCnl).length);
        if (c.flightTime.ok && c.billedTime.ok) expect(c.billedTime.value).toBe(c.flightTime.value + 15);
        for (const figure of [...parts, c.totalCost, c.totalAirportCosts, ...airports])
          if (figure.ok) expect(Number.isSafeInteger(figure.value) && figure.value >= 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('changes, when a price period moves, only the missions whose day enters or leaves it', () => {
    const tables = ['flightUnitCosts', 'regulationCosts', 'passengerMealCosts', 'airportCosts'] as const;
    fc.assert(
      fc.property(
        rowsArb,
        fc.array(missionArb, { minLength: 1, maxLength: 20 }),
        fc.constantFrom(...tables),
        fc.nat(),
        fc.integer({ min: -90, max: 90 }),
        fc.integer({ min: -90, max: 90 }),
        (rows, missions, tableName, pick, shiftFrom, shiftTo) => {
          const table = rows[tableName] as ReadonlyArray<{
            fromDate: string;
            toDate: string;
            icaoCode?: string;
          }>;
          if (table.length === 0) return;
          const index = pick % table.length;
          const row = table[index];
          const toNumber = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - DAY0) / 86_400_000);
          // The moved period stays within the days no other row of its scope holds.
          const others = table.filter((r, i) => i !== index && r.icaoCode === row.icaoCode);
          const lowest = Math.max(
            -Infinity,
            ...others.filter((r) => r.toDate < row.fromDate).map((r) => toNumber(r.toDate) + 1),
          );
          const highest = Math.min(
            Infinity,
            ...others.filter((r) => r.fromDate > row.toDate).map((r) => toNumber(r.fromDate) - 1),
          );
          let from = Math.max(lowest, toNumber(row.fromDate) + shiftFrom);
          let to = Math.min(highest, toNumber(row.toDate) + shiftTo);
          if (from > to) [from, to] = [toNumber(row.fromDate), toNumber(row.toDate)];
          const moved = { ...row, fromDate: dayOf(from), toDate: dayOf(to) };
          const shifted = {
            ...rows,
            [tableName]: table.map((r, i) => (i === index ? moved : r)),
          } as PriceRowsInCents;
          const [before, after] = [createPriceBook(rows), createPriceBook(shifted)];
          const within = (day: string | null, p: { fromDate: string; toDate: string }) =>
            day !== null && p.fromDate <= day && day <= p.toDate;
          for (const m of missions) {
            const day = parisDay(m.departureDateTime);
            if (within(day, row) === within(day, moved))
              expect(computeMissionCosts(m, after)).toEqual(computeMissionCosts(m, before));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever it is given', () => {
    const anyInstant = fc.oneof(
      instantArb,
      fc.string(),
      fc.constant(null),
      fc.constant(undefined),
      fc.date({ noInvalidDate: false }),
      fc.integer().map((n) => new Date(n * 1e6)),
    );
    const anyNumber = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.constant(Number.MAX_SAFE_INTEGER),
    );
    const anyLeg = fc.record({
      adepIcao: fc.oneof(fc.constantFrom(...ICAOS), fc.string(), fc.constant(null)),
      stdUtc: anyInstant,
      staUtc: anyInstant,
      bloffUtc: anyInstant,
      blonUtc: anyInstant,
      isCnl: fc.oneof(fc.boolean(), fc.constant(undefined)),
    });
    const anyMission = fc.record({
      departureDateTime: anyInstant,
      aircraftType: fc.oneof(fc.constantFrom('ND', 'JET', 'TURBOPROP'), fc.string()),
      isWithOCS: fc.oneof(fc.boolean(), fc.constant(null)),
      numberOfMeals: anyNumber,
      airportDeIcing: fc.oneof(fc.array(fc.string()), fc.constant(null)),
      airportStatus: fc.oneof(fc.string(), fc.constant(null), fc.constant(undefined)),
      legs: fc.array(anyLeg, { maxLength: 6 }),
    }) as fc.Arbitrary<CostMission>;
    const anyDay = fc.oneof(fc.integer({ min: -60, max: SPAN }).map(dayOf), fc.string());
    const anyRow = fc.record({
      fromDate: anyDay,
      toDate: anyDay,
      icaoCode: fc.oneof(fc.constantFrom(...ICAOS), fc.string()),
      priceCents: anyNumber,
      priceJetWithOcsCents: anyNumber,
      priceJetWithoutOcsCents: anyNumber,
      priceTurbopropWithOcsCents: anyNumber,
      priceTurbopropWithoutOcsCents: anyNumber,
      priceWithDeIcingCents: anyNumber,
      priceWithoutDeIcingCents: anyNumber,
    });
    const anyRows = fc.record({
      flightUnitCosts: fc.array(anyRow, { maxLength: 4 }),
      regulationCosts: fc.array(anyRow, { maxLength: 4 }),
      passengerMealCosts: fc.array(anyRow, { maxLength: 4 }),
      airportCosts: fc.array(anyRow, { maxLength: 8 }),
    }) as unknown as fc.Arbitrary<PriceRowsInCents>;
    fc.assert(
      fc.property(anyMission, anyRows, (m, rows) => {
        const c = computeMissionCosts(m, createPriceBook(rows));
        for (const figure of [
          c.flightTime,
          c.costOfFlightTime,
          c.costOfMeal,
          c.totalCost,
          c.totalAirportCosts,
        ])
          if (figure.ok) expect(Number.isSafeInteger(figure.value) && figure.value >= 0).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
