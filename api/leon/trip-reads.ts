// The trip reads the mission sync makes: the flights of a date range (grouped into trips), the flights
// changed since Leon's timestamp, and whole trips by number (a few per request).
import { messageOf } from './checked';
import { LEON_MESSAGES, LeonError } from './errors';
import {
  FLIGHT_DEPARTURES_QUERY,
  FLIGHT_LIST_QUERY,
  MODIFIED_FLIGHTS_QUERY,
  tripsByNumberQuery,
} from './queries';
import { field, listsBetween, rawBetween, rawModifiedSince } from './reads';
import { parseInstant } from './time';
import type { Graphql } from './transport';
import {
  type LeonFailure,
  type LeonFlight,
  type LeonTrip,
  mapFlightsByTrip,
  mapFlightsToTrips,
  mapTrip,
  rawTripNid,
} from './trips';

export interface ModifiedFlights {
  /** Legs created since the timestamp, each with its trip's header (trips may be partial). */
  created: LeonFlight[];
  changed: LeonFlight[];
  deletedFlightNids: number[];
  /** Leon's clock: store it and pass it to the next call (never the wall clock). */
  timestamp: number;
  failures: LeonFailure[];
}

export interface TripsResult {
  trips: LeonTrip[];
  failures: LeonFailure[];
}

export function leonTrips(graphql: Graphql, options: { tripsPerRequest?: number } = {}) {
  const tripsPerRequest = options.tripsPerRequest ?? 25;

  /**
   * Trips having legs scheduled in [start, end), grouped from Leon's flights. A trip that straddles a
   * bound holds only its legs inside the range: fetch it with `tripsByNumber` when the whole is needed.
   */
  async function flightsBetween(start: Date | string, end: Date | string): Promise<TripsResult> {
    const from = new Date(start);
    const to = new Date(end);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from)
      throw new RangeError('flightsBetween: start and end must be valid instants, start before end');
    return mapFlightsToTrips(
      await rawBetween(graphql, FLIGHT_LIST_QUERY, 'flightList', 'flightNid', from, to),
    );
  }

  /**
   * The scheduled departures (epoch ms) of Leon's flights in [start, end), asked with only each flight's id
   * and departure, one request per 3 months: a few kilobytes where `flightsBetween` would bring every
   * leg, its crew and its trip. A first load plans its windows with them (api/sync/first-load.ts).
   */
  async function departuresBetween(start: Date, end: Date): Promise<number[]> {
    const departures: number[] = [];
    for await (const { window, items } of listsBetween(
      graphql,
      FLIGHT_DEPARTURES_QUERY,
      'flightList',
      start,
      end,
    )) {
      for (const item of items) {
        const at = parseInstant(String((item as { startTimeUTC?: unknown } | null)?.startTimeUTC))?.getTime();
        // Each departure once, in the 3 months it lies in, however Leon bounds its windows.
        if (at !== undefined && at >= window.start.getTime() && at < window.end.getTime())
          departures.push(at);
      }
    }
    return departures;
  }

  /** Flights created, changed or deleted since Leon's `timestamp` (at most one week back). */
  async function modifiedSince(timestamp: number): Promise<ModifiedFlights> {
    const path = ['flights', 'getModifiedFlightList'];
    const raw = await rawModifiedSince(graphql, MODIFIED_FLIGHTS_QUERY, path, timestamp);
    const created = mapFlightsByTrip(raw.created);
    const changed = mapFlightsByTrip(raw.changed);
    return {
      created: created.flights,
      changed: changed.flights,
      deletedFlightNids: raw.deleted,
      timestamp: raw.timestamp,
      failures: dedupeFailures([...created.failures, ...changed.failures]),
    };
  }

  /** Whole trips by number, a few per request; an unknown or unmappable trip is a failure of its own. */
  async function tripsByNumber(tripNumbers: readonly string[]): Promise<TripsResult> {
    const unique = [...new Set(tripNumbers.map((n) => n.trim()).filter(Boolean))];
    const trips: LeonTrip[] = [];
    const failures: LeonFailure[] = [];
    for (let i = 0; i < unique.length; i += tripsPerRequest) {
      const batch = unique.slice(i, i + tripsPerRequest);
      const variables = Object.fromEntries(batch.map((n, j) => [`n${j}`, n]));
      const data = await graphql(tripsByNumberQuery(batch.length), variables);
      const answers = field(data, ['trip']);
      batch.forEach((tripNumber, j) => {
        try {
          const answer = field(answers, [`t${j}`]) as { __typename?: unknown; errorList?: unknown } | null;
          if (answer?.__typename === 'ErrorList') {
            const { message, leonMessage } = errorListFailure(answer.errorList);
            failures.push({ tripNumber, message, leonMessage });
            return;
          }
          trips.push(mapTrip(answer));
        } catch (error) {
          const raw = (answers as Record<string, unknown> | null)?.[`t${j}`];
          failures.push({ tripNumber, message: messageOf(error), tripNid: rawTripNid(raw) });
        }
      });
    }
    return { trips, failures };
  }

  /** One trip by number; Leon's ErrorList (e.g. unknown trip) throws a `graphql` LeonError. */
  async function tripByNumber(tripNumber: string): Promise<LeonTrip> {
    const data = await graphql(tripsByNumberQuery(1), { n0: tripNumber });
    const answer = field(data, ['trip', 't0']) as { __typename?: unknown; errorList?: unknown } | null;
    if (answer?.__typename === 'ErrorList') {
      const { message, leonMessage } = errorListFailure(answer.errorList);
      throw new LeonError('graphql', message, { leonMessage });
    }
    return mapTrip(answer);
  }

  return { flightsBetween, departuresBetween, modifiedSince, tripsByNumber, tripByNumber };
}

/** Leon's ErrorList on a trip: the French message (an unknown trip said so), and Leon's own words. */
function errorListFailure(errorList: unknown): { message: string; leonMessage: string } {
  const errors = Array.isArray(errorList)
    ? (errorList as Array<{ message?: unknown; category?: unknown } | null>)
    : [];
  const messages = errors.map((e) => String(e?.message ?? '')).filter(Boolean);
  const leonMessage = messages.length ? messages.join(' ; ') : 'erreur sans message';
  const notFound = errors.length > 0 && errors.every((e) => e?.category === 'NOT_FOUND');
  return {
    message: notFound ? LEON_MESSAGES.tripNotFound : LEON_MESSAGES.graphql(leonMessage),
    leonMessage,
  };
}

function dedupeFailures(failures: LeonFailure[]): LeonFailure[] {
  const seen = new Set<string>();
  return failures.filter((f) => {
    const key = `${f.tripNumber}\u0000${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
