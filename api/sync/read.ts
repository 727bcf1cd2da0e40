// The reading half of the missions step: the trips Leon says changed, fetched outside any transaction
// (PGlite serves nothing else meanwhile). A first load reads flightList in windows of at most three months; later runs
// read what changed since Leon's stored timestamp; trips skipped by earlier runs are read again.
import { addMonths, subMonths } from 'date-fns';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { MissionStatus } from '../../contract/missions';
import type { Db } from '../db/client';
import { leonSkippedTrips, leonState, missionLegs, missions } from '../db/schema';
import type { LeonFailure, LeonTrip, LeonTripSource } from '../leon';
import type { SyncRun } from '../lib/leon-step';

/** Legs this close to the first load's range ends may belong to a trip that crosses them. */
const EDGE_MS = 3 * 24 * 3600_000;
const OPEN_STATUSES: MissionStatus[] = ['EN_ATTENTE', 'PROGRAMMEE', 'EN_COURS'];

/** The trips a run read from Leon, before anything is written. */
export interface TripReading {
  trips: LeonTrip[];
  failures: LeonFailure[];
  deletedNids: number[];
  /** Leon's timestamp to store, null to keep the stored one (update-data). */
  timestamp: number | null;
}

const NO_TRIPS = { trips: [], failures: [] };

/** Reads the trips the run will write from Leon, outside any transaction. */
export async function readTrips(source: LeonTripSource, db: Db, run: SyncRun): Promise<TripReading> {
  const { kind, startedAt: now } = run;
  const failures: LeonFailure[] = [];
  const [state] = await db.select().from(leonState).where(eq(leonState.id, 1));
  // Trips skipped by earlier runs are read again, whatever Leon says changed.
  const pending = (await db.select({ tripNumber: leonSkippedTrips.tripNumber }).from(leonSkippedTrips)).map(
    (p) => p.tripNumber,
  );
  const byNumber = async (numbers: string[]) => {
    const answer = numbers.length ? await source.tripsByNumber([...new Set(numbers)]) : NO_TRIPS;
    failures.push(...answer.failures);
    return answer.trips;
  };
  if (kind === 'update') {
    const open = await db
      .select({ tripNumber: missions.tripNumber })
      .from(missions)
      .where(and(isNull(missions.deletedAt), inArray(missions.status, OPEN_STATUSES)));
    const numbers = open.map((m) => m.tripNumber).filter((n): n is string => n !== null);
    return { trips: await byNumber([...numbers, ...pending]), failures, deletedNids: [], timestamp: null };
  }
  if (state?.lastTimestamp === null || state?.lastTimestamp === undefined) {
    const from = subMonths(now, run.firstLoadMonthsBack ?? 12);
    const to = addMonths(now, run.firstLoadMonthsAhead ?? 6);
    const answer = await source.flightsBetween(from, to);
    failures.push(...answer.failures);
    // A trip astride the range's ends came with only its legs inside: read those few trips whole.
    const edge = (iso: string) =>
      Math.abs(Date.parse(iso) - from.getTime()) < EDGE_MS ||
      Math.abs(Date.parse(iso) - to.getTime()) < EDGE_MS;
    const partial = answer.trips
      .filter((trip) => trip.legs.some((leg) => edge(leg.stdUTC) || edge(leg.staUTC)))
      .map((trip) => trip.tripNumber);
    const listed = new Set(answer.trips.map((trip) => trip.tripNumber));
    const whole = await byNumber([...partial, ...pending.filter((n) => !listed.has(n))]);
    const refreshed = new Map(whole.map((trip) => [trip.tripNumber, trip]));
    const trips = [
      ...answer.trips.map((trip) => refreshed.get(trip.tripNumber) ?? trip),
      ...whole.filter((trip) => !listed.has(trip.tripNumber)),
    ];
    // Leon's clock starts from here; later runs ask for what changed since (never our wall clock).
    const { timestamp } = await source.modifiedSince(Math.floor(now.getTime() / 1000) - 60);
    return { trips, failures, deletedNids: [], timestamp };
  }
  const modified = await source.modifiedSince(state.lastTimestamp);
  failures.push(...modified.failures);
  const flights = [...modified.created, ...modified.changed];
  // A flight Leon moved to another trip: the trip that held it is read again too, so that it lets go.
  const holders = flights.length
    ? await db
        .selectDistinct({ tripNumber: missions.tripNumber })
        .from(missionLegs)
        .innerJoin(missions, eq(missions.id, missionLegs.missionId))
        .where(
          inArray(
            missionLegs.flightNid,
            flights.map((f) => f.flightNid),
          ),
        )
    : [];
  const numbers = [
    ...flights.map((f) => f.trip.tripNumber),
    ...holders.map((h) => h.tripNumber).filter((n): n is string => n !== null),
    ...pending,
  ];
  return {
    trips: await byNumber(numbers),
    failures,
    deletedNids: modified.deletedFlightNids,
    timestamp: modified.timestamp,
  };
}
