// The cost engine alone (no database): 10,000 missions of 1 to 3 legs over 2023–2027 priced against the
// demo price tables, several runs; prints missions per second (median and best run).
import { DEMO_AIRPORT_PRICES, demoPriceRows } from '../api/db/seed';
import { type CostMission, computeMissionCosts, createPriceBook } from '../api/prices';

const COUNT = Number(process.env.BENCH_MISSIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** mulberry32: the same missions on every run of the benchmark. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function missions(count: number): CostMission[] {
  const next = random(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const icaos = DEMO_AIRPORT_PRICES.map(([icao]) => icao);
  const start = Date.UTC(2023, 0, 1);
  const span = Date.UTC(2027, 11, 31) - start;
  return Array.from({ length: count }, () => {
    let t = start + Math.floor((next() * span) / 60_000) * 60_000;
    const legs = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
      const minutes = 40 + Math.floor(next() * 110);
      const blocked = next() < 0.8;
      const leg = {
        adepIcao: pick(icaos),
        stdUtc: new Date(t).toISOString(),
        staUtc: new Date(t + minutes * 60_000).toISOString(),
        bloffUtc: blocked ? new Date(t + 5 * 60_000).toISOString() : null,
        blonUtc: blocked ? new Date(t + (minutes + 7) * 60_000).toISOString() : null,
      };
      t += (minutes + 60 + Math.floor(next() * 180)) * 60_000;
      return leg;
    });
    return {
      departureDateTime: legs[0].stdUtc,
      aircraftType: pick(['JET', 'JET', 'TURBOPROP', 'ND'] as const),
      isWithOCS: next() < 0.5,
      numberOfMeals: Math.floor(next() * 6),
      airportDeIcing: next() < 0.3 ? [legs[0].adepIcao] : [],
      airportStatus: next() < 0.1 ? 'NOT_APPLICABLE' : 'TO_BE_EDITED',
      legs,
    };
  });
}

const book = createPriceBook(demoPriceRows(new Date('2026-11-23T00:00:00Z')));
const input = missions(COUNT);
let priced = 0;
for (const m of input) if (computeMissionCosts(m, book).totalCost.ok) priced++; // warm-up

const rates: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  for (const m of input) computeMissionCosts(m, book);
  rates.push(COUNT / ((performance.now() - t0) / 1000));
}
rates.sort((a, b) => a - b);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `cost engine: ${COUNT} missions (${priced} with a total, the others N.D or in the meal gap), ${RUNS} runs: ` +
    `median ${fmt(rates[Math.floor(RUNS / 2)])} missions/s, best ${fmt(rates.at(-1)!)} missions/s`,
);
