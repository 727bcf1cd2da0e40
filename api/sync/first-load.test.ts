// The first load written window by window (decision 040), on PGlite and PostgreSQL: each window is
// committed before the next is read, a trip whose legs fall in several windows is stored whole and
// counted once, and a first load that Leon cuts short keeps what it wrote and is finished by the next run.
import { addDays, subMonths } from 'date-fns';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { leonState, missionLegs, missions, syncRuns } from '../db/schema';
import { DEMO_HOSPITALS } from '../db/seed';
import { LeonError, type LeonSource } from '../leon';
import { describeEachDatabase } from '../test/databases';
import { testLeon } from '../test/harness';
import { FLIGHTS_PER_WINDOW, MAX_WINDOW_DAYS, planWindows } from './first-load';
import { runSync } from './run';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-03-10T09:00:00Z');
/** The end of the first load's second window: where flights are few, a window spans 88 days. */
const BOUNDARY = addDays(subMonths(new Date(NOW), 12), 2 * MAX_WINDOW_DAYS).getTime();
const at = (ms: number) => new Date(BOUNDARY + ms).toISOString();

describe("the first load's windows", () => {
  const from = new Date('2026-01-01T00:00:00Z');
  const to = new Date('2026-07-01T00:00:00Z');
  const days = (ends: Date[]) =>
    ends.map((end, i) => (end.getTime() - (i ? ends[i - 1] : from).getTime()) / DAY);
  /** `perDay` departures a day, spread over the hours, from `start` days after `from` for `count` days. */
  const departures = (start: number, count: number, perDay: number) =>
    Array.from({ length: count * perDay }, (_, i) => from.getTime() + start * DAY + (i * DAY) / perDay);

  it('spans 88 days where Leon has no flight, so that empty months cost one request', () => {
    expect(days(planWindows(from, to, []))).toEqual([88, 88, 5]);
  });

  it('holds about 500 flights where they are dense, by whole hours, and a day at the least', () => {
    // 200 flights a day for 10 days from day 30: windows of 60 hours (500 flights) there.
    const ends = planWindows(from, to, departures(30, 10, 200));
    expect(days(ends).slice(0, 5)).toEqual([32.5, 2.5, 2.5, 2.5, 88]);
    expect(ends.at(-1)).toEqual(to);
    // 5,000 flights a day: a window holds a day's, ten times the aim, rather than asking Leon hour by hour.
    expect(days(planWindows(from, to, departures(0, 3, 5000))).slice(0, 4)).toEqual([1, 1, 1, 88]);
    expect(FLIGHTS_PER_WINDOW).toBe(500);
  });

  it('counts only the departures inside the range', () => {
    const outside = [from.getTime() - HOUR, to.getTime(), to.getTime() + DAY];
    expect(planWindows(from, to, Array(1000).fill(outside).flat())).toEqual(planWindows(from, to, []));
  });
});

describeEachDatabase('the first load, window by window', (database) => {
  const { sim, leon } = testLeon({ now: () => NOW, seed: 11, trips: 0 });
  // Legs on both sides of the boundary, a few hours from it: the window carries the trip to the next.
  const astride = sim.addTrip({
    status: 'CONFIRMED',
    client: DEMO_HOSPITALS[0],
    legs: [
      { from: 'LFBD', to: 'LFPG', std: at(-5 * HOUR) },
      { from: 'LFPG', to: 'LFBD', std: at(20 * HOUR) },
    ],
  });
  // Legs eleven days apart: written with its first leg, then read whole when the next window brings more.
  const spread = sim.addTrip({
    status: 'CONFIRMED',
    client: DEMO_HOSPITALS[1],
    legs: [
      { from: 'LFML', to: 'LFLL', std: at(-6 * 24 * HOUR) },
      { from: 'LFLL', to: 'LFML', std: at(5 * 24 * HOUR) },
    ],
  });
  const plain = sim.addTrip({
    status: 'OPTION',
    client: DEMO_HOSPITALS[0],
    legs: [{ from: 'LFPO', to: 'LFMN', std: at(-40 * 24 * HOUR) }],
  });
  const late = sim.addTrip({
    status: 'CONFIRMED',
    client: DEMO_HOSPITALS[1],
    legs: [{ from: 'LFMN', to: 'LFPO', std: at(60 * 24 * HOUR) }],
  });
  const all = [astride, spread, plain, late].map((trip) => trip.tripNumber);

  const storedLegs = async (tripNumber: string) =>
    (
      await database()
        .db.select({ flightNid: missionLegs.flightNid })
        .from(missionLegs)
        .innerJoin(missions, eq(missions.id, missionLegs.missionId))
        .where(eq(missions.tripNumber, tripNumber))
    ).map((leg) => leg.flightNid);
  const stored = async () =>
    (await database().db.select({ tripNumber: missions.tripNumber }).from(missions))
      .map((m) => m.tripNumber)
      .sort();
  const sync = (source: LeonSource) =>
    runSync({ db: database().db, source, now: () => new Date(NOW) }, 'synchronize', null);

  it('keeps what Leon let it write when it cuts the load short, and the next run finishes it', async () => {
    // Leon stops answering at the window after the boundary.
    const failing: LeonSource = {
      ...leon,
      flightsBetween: async (from, to) => {
        if (new Date(from).getTime() >= BOUNDARY)
          throw new LeonError('unavailable', 'Leon est injoignable, veuillez réessayer plus tard.');
        return leon.flightsBetween(from, to);
      },
    };
    await expect(sync(failing)).rejects.toThrow('Leon est injoignable');
    // The trip astride the boundary waited for the next window; the one eleven days long has its first leg.
    expect(await stored()).toEqual([spread, plain].map((trip) => trip.tripNumber).sort());
    expect(await storedLegs(spread.tripNumber)).toEqual([spread.legs[0].flightNid]);
    expect(await database().db.select().from(leonState)).toEqual([]);
    const [failed] = await database().db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt));
    expect(failed).toMatchObject({ status: 'failed', created: 0 });

    // The next run is a first load again: what the windows wrote is found unchanged, and completed.
    expect(await sync(leon)).toMatchObject({ created: 2, updated: 1, failed: 0 });
    expect(await stored()).toEqual([...all].sort());
    const [{ n }] = await rowsOf<{ n: number }>(database().db, sql`select count(*)::int as n from missions`);
    expect(n).toBe(4);
    expect(await database().db.select().from(leonState)).toHaveLength(1);
  });

  it('stores a trip whose legs fall in two windows whole, and commits each window before reading on', async () => {
    await database().db.delete(missionLegs);
    await database().db.delete(missions);
    await database().db.delete(leonState);
    const seenBeforeLaterWindows: Array<Array<string | null>> = [];
    const watching: LeonSource = {
      ...leon,
      flightsBetween: async (from, to) => {
        if (new Date(from).getTime() > BOUNDARY) seenBeforeLaterWindows.push(await stored());
        return leon.flightsBetween(from, to);
      },
    };
    expect(await sync(watching)).toMatchObject({ created: 4, updated: 0, failed: 0 });
    // The trips of the windows before were in the database before Leon was asked for the later ones.
    expect(seenBeforeLaterWindows[0]).toEqual([spread, plain].map((trip) => trip.tripNumber).sort());
    for (const trip of [astride, spread])
      expect((await storedLegs(trip.tripNumber)).sort()).toEqual(
        trip.legs.map((leg) => leg.flightNid).sort(),
      );
  });
});
