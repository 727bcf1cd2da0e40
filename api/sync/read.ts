// The reading half of the missions step: the trips Leon says changed, fetched outside any transaction
// (PGlite serves nothing else meanwhile). A first load is read and written window by window (first-load.ts);
// later runs read what changed since Leon's stored timestamp; trips skipped by earlier runs are read again.
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { MissionStatus } from '../../contract/missions';
import type { Db } from '../db/client';
import { leonSkippedTrips, leonState, missionLegs, missions } from '../db/schema';
import type { LeonFailure, LeonTrip, LeonTripSource } from '../leon';
import type { SyncRun } from '../lib/leon-step';
import type { RunReport } from './report';

const OPEN_STATUSES: MissionStatus[] = ['EN_ATTENTE', 'PROGRAMMEE', 'EN_COURS'];

/** The trips a run read from Leon, before anything is written. */
export interface TripReading {
  trips: LeonTrip[];
  failures: LeonFailure[];
  deletedNids: number[];
  /** Leon's timestamp to store, null to keep the stored one (update-data). */
  timestamp: number | null;
  /** What the run's earlier parts wrote and skipped (a first load's windows); the write goes on with it. */
  report?: RunReport;
}

const NO_TRIPS = { trips: [], failures: [] };

/** The stored legs `where` picks, each as its Leon flight and its mission's trip number. */
export const storedFlights = (db: Pick<Db, 'select'>, where: SQL) =>
  db
    .select({ flightNid: missionLegs.flightNid, tripNumber: missions.tripNumber })
    .from(missionLegs)
    .innerJoin(missions, eq(missions.id, missionLegs.missionId))
    .where(where);

/** Reads the trips the run will write from Leon, outside any transaction. */
export async function readTrips(
  source: LeonTripSource,
  db: Db,
  run: SyncRun,
  firstLoad: (pending: string[]) => Promise<TripReading>,
): Promise<TripReading> {
  const { kind } = run;
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
  // A first load is read and written window by window (api/sync/first-load.ts).
  if (state?.lastTimestamp === null || state?.lastTimestamp === undefined) return firstLoad(pending);
  const modified = await source.modifiedSince(state.lastTimestamp);
  failures.push(...modified.failures);
  const flights = [...modified.created, ...modified.changed];
  // A flight Leon moved to another trip: the trip that held it is read again too, so that it lets go.
  const holders = flights.length
    ? await storedFlights(
        db,
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
