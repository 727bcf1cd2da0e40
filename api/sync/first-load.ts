// The first load of the missions step: Leon's trips of the first-load range (12 months back, 6 ahead by
// default), read and written one window at a time, the windows planned from the departures of Leon's
// flights (decision 050). Each window is committed on its own behind the fence (`run.commitPart`) while
// Leon is asked for the next, so that a first load of any size holds two windows of trips in memory
// (decision 040). Each trip stays all or nothing; the run's own transaction then writes what is left (the
// trips skipped by earlier runs that no window brought) with Leon's timestamp, so that a first load cut
// short is a first load again at the next run, which finds the trips written so far unchanged.
import { addMonths, subMonths } from 'date-fns';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { missions } from '../db/schema';
import { groupIntoTrips, type LeonTrip, type LeonTripSource, type TripsResult } from '../leon';
import type { SyncRun } from '../lib/leon-step';
import { publishProgress } from '../live';
import { storedFlights, type TripReading } from './read';
import { SyncInterruptedError } from './reasons';
import { RunReport } from './report';

const HOUR = 3600_000;
/** The flights a window aims at (about 250 trips of one to three legs). */
export const FLIGHTS_PER_WINDOW = 500;
/** The shortest window: where a day holds more flights than the aim, a window holds that day's. */
const MIN_WINDOW_HOURS = 24;
/** The longest: under Leon's 3 months a `flightList` call may span, so that a window is one request. */
export const MAX_WINDOW_DAYS = 88;

/**
 * The ends of the first load's windows over [from, to), planned from the departures of Leon's flights in
 * it (`departuresBetween`): each window, taken by whole hours, is as short as holds about
 * `FLIGHTS_PER_WINDOW` flights, one day at the least and 88 days at the most. Months without trips are
 * then one request, not one a week, and a dense stretch is cut where the flights are (decision 050).
 */
export function planWindows(from: Date, to: Date, departures: readonly number[]): Date[] {
  const hours = Math.ceil((to.getTime() - from.getTime()) / HOUR);
  const perHour = new Uint32Array(hours);
  for (const at of departures) {
    const hour = Math.floor((at - from.getTime()) / HOUR);
    if (hour >= 0 && hour < hours) perHour[hour]++;
  }
  const ends: Date[] = [];
  for (let start = 0; start < hours; ) {
    let end = start;
    let flights = 0;
    while (
      end < hours &&
      end - start < MAX_WINDOW_DAYS * 24 &&
      (end - start < MIN_WINDOW_HOURS || flights < FLIGHTS_PER_WINDOW)
    )
      flights += perHour[end++];
    ends.push(end === hours ? to : new Date(from.getTime() + end * HOUR));
    start = end;
  }
  return ends;
}

/** Legs this close to a window's end may belong to a trip that goes on in the next window. */
const EDGE_MS = 3 * 24 * HOUR;

/** Writes trips in the part's transaction, counting them in the run's report. */
export type StoreTrips = (tx: Tx, trips: LeonTrip[], report: RunReport) => Promise<void>;

/**
 * The legs of the same trip read in two windows, as one trip (the newest header, legs in order), in the
 * order of their first leg. Only the trips carried from the window before are grouped again: the others
 * came grouped from Leon's answer.
 */
function merge(earlier: LeonTrip[], later: LeonTrip[]): LeonTrip[] {
  if (!earlier.length) return later;
  const carried = new Set(earlier.map((trip) => trip.tripNumber));
  const flights = [...earlier, ...later.filter((trip) => carried.has(trip.tripNumber))].flatMap(
    ({ legs, ...header }) => legs.map((leg) => ({ ...leg, trip: header })),
  );
  return [...groupIntoTrips(flights), ...later.filter((trip) => !carried.has(trip.tripNumber))].sort((a, b) =>
    a.legs[0].stdUTC.localeCompare(b.legs[0].stdUTC),
  );
}

const touches = (trip: LeonTrip, at: number) =>
  trip.legs.some(
    (leg) =>
      Math.abs(Date.parse(leg.stdUTC) - at) < EDGE_MS || Math.abs(Date.parse(leg.staUTC) - at) < EDGE_MS,
  );

/**
 * Flights stored by earlier runs (a first load cut short, then run again) that a trip of this window
 * lacks: the trip goes on in a later window, and is read whole rather than written without them.
 */
async function lacking(db: Db, trips: LeonTrip[]): Promise<Set<string>> {
  if (!trips.length) return new Set();
  const rows = await storedFlights(
    db,
    inArray(
      missions.tripNumber,
      trips.map((trip) => trip.tripNumber),
    ),
  );
  const flights = new Map(
    trips.map((trip) => [trip.tripNumber, new Set(trip.legs.map((leg) => leg.flightNid))]),
  );
  return new Set(
    rows
      .filter((row) => row.tripNumber !== null && !flights.get(row.tripNumber)?.has(row.flightNid))
      .map((row) => row.tripNumber as string),
  );
}

/**
 * Reads and writes the first load window by window; answers what the run's transaction still writes: the
 * trips waiting since earlier runs that no window brought, Leon's timestamp and the report so far.
 * `pending`: the trip numbers skipped by earlier runs, read again whatever the windows say.
 */
export async function firstLoad(
  source: LeonTripSource,
  db: Db,
  run: SyncRun,
  pending: string[],
  store: StoreTrips,
): Promise<TripReading> {
  const now = run.startedAt;
  const from = subMonths(now, run.firstLoadMonthsBack ?? 12);
  const to = addMonths(now, run.firstLoadMonthsAhead ?? 6);
  // Leon's clock before the first window: what changes while the windows are read, the next run reads.
  const { timestamp } = await source.modifiedSince(Math.floor(now.getTime() / 1000) - 60);
  const report = new RunReport([]);
  /** Trips written by a window, as the window saw them; read whole if a later window brings them again. */
  const written = new Set<string>();
  /** Trips read whole by number and written: a later window has nothing to add to them. */
  const whole = new Set<string>();
  let carried: LeonTrip[] = [];
  const ends = planWindows(from, to, await source.departuresBetween(from, to));
  /** Windows planned and written so far, for the progress the change feed shows. */
  const planned = ends.filter((at) => at > from && at < to).length + 1;
  let done = 0;
  /** A window asked of Leon: its answer comes while the window before is written. */
  interface Asked {
    start: Date;
    end: Date;
    answer: Promise<TripsResult>;
  }
  const ask = (start: Date): Asked => {
    const end = ends.find((at) => at > start) ?? to;
    const answer = source.flightsBetween(start, end);
    answer.catch(() => {}); // awaited below, once the window before is written
    return { start, end, answer };
  };
  for (let window: Asked | null = ask(from); window; ) {
    if (run.signal?.aborted) throw new SyncInterruptedError('sync interrupted: the server is stopping');
    const { start, end }: Asked = window;
    const last: boolean = end.getTime() === to.getTime();
    const answer = await window.answer;
    window = last ? null : ask(end);
    report.failed(answer.failures);
    const ready: LeonTrip[] = [];
    const next: LeonTrip[] = [];
    const toRead: string[] = [];
    for (const trip of merge(carried, answer.trips)) {
      if (whole.has(trip.tripNumber)) continue;
      // Astride the range's ends (only its legs inside came), or already written without these legs.
      if (
        written.has(trip.tripNumber) ||
        (start === from && touches(trip, from.getTime())) ||
        (last && touches(trip, to.getTime()))
      )
        toRead.push(trip.tripNumber);
      else if (!last && touches(trip, end.getTime())) next.push(trip);
      else ready.push(trip);
    }
    const incomplete = await lacking(db, ready);
    if (incomplete.size) {
      toRead.push(...incomplete);
      ready.splice(0, ready.length, ...ready.filter((trip) => !incomplete.has(trip.tripNumber)));
    }
    if (toRead.length) {
      const read = await source.tripsByNumber(toRead);
      report.failed(read.failures);
      ready.push(...read.trips);
      for (const tripNumber of toRead) whole.add(tripNumber);
    }
    if (ready.length) await run.commitPart((tx) => store(tx, ready, report));
    // Staff watching see the windows go by (the change feed, not kept).
    done++;
    const { created, updated } = report.result();
    await publishProgress(db, {
      kind: 'sync',
      runId: run.runId,
      windowsDone: done,
      windowsTotal: Math.max(done, planned),
      created,
      updated,
    }).catch(() => {});
    for (const trip of ready) written.add(trip.tripNumber);
    carried = next;
  }
  const left = [...new Set(pending)].filter((n) => !written.has(n) && !whole.has(n));
  const rest = left.length ? await source.tripsByNumber(left) : { trips: [], failures: [] };
  report.failed(rest.failures);
  return { trips: rest.trips, failures: [], deletedNids: [], timestamp, report };
}
