// The Leon sync (DESIGN.md §4): incremental from Leon's stored timestamp (a first load reads flightList in
// windows of at most three months), all-or-nothing per trip, one instance at a time, the same result when
// run twice. Leon owns the trip, legs, times, crew, aircraft and requester; the back-office owns the medical
// fields and, once staff edited them, the status and aircraft type. A deleted mission stays deleted.
import { addMonths, subMonths } from 'date-fns';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MissionStatus } from '../../contract/missions';
import type { Db } from '../db/client';
import { hospitals, leonState, missionLegs, missions, syncRuns } from '../db/schema';
import type { LeonClient } from '../leon/client';
import type { LeonFailure, LeonTrip } from '../leon/mapping';
import { audit } from '../lib/audit';

export type LeonSource = Pick<LeonClient, 'flightsBetween' | 'modifiedSince' | 'tripsByNumber'>;
export type SyncKind = 'synchronize' | 'update' | 'poll';

export interface SyncResult {
  created: number;
  updated: number;
  deleted: number;
  failed: number;
  errors: LeonFailure[];
}

export class SyncBusyError extends Error {}

const LOCK_KEY = 7_261_001;
const TRIPS_PER_BATCH = 200;
const CANCEL_NOTICE_MS = 45 * 60_000;
/** Legs this close to the first load's range ends may belong to a trip that crosses them. */
const EDGE_MS = 3 * 24 * 3600_000;
const OPEN_STATUSES: MissionStatus[] = ['EN_ATTENTE', 'PROGRAMMEE', 'EN_COURS'];

/** The status a trip has in Leon's terms (DESIGN.md §4 'Mission status from Leon'). */
export function deriveStatus(trip: Pick<LeonTrip, 'status' | 'legs'>): MissionStatus {
  const active = trip.legs.filter((leg) => !leg.isCnl);
  if (trip.legs.length > 0 && active.length === 0) {
    const departure = Math.min(...trip.legs.map((l) => Date.parse(l.stdUTC)));
    const cancelledAt = Math.max(...trip.legs.map((l) => Date.parse(l.lastModified)));
    return cancelledAt <= departure - CANCEL_NOTICE_MS ? 'ANNULEE_45_PLUS' : 'ANNULEE_45_MOINS';
  }
  if (active.length > 0 && active.every((leg) => leg.blonUTC)) return 'TERMINEE';
  if (active.some((leg) => leg.bloffUTC)) return 'EN_COURS';
  return trip.status === 'CONFIRMED' ? 'PROGRAMMEE' : 'EN_ATTENTE';
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type Outcome = 'created' | 'updated' | 'deleted' | 'kept';

const legRows = (missionId: string, trip: LeonTrip) =>
  trip.legs.map((leg, position) => ({
    missionId,
    flightNid: leg.flightNid,
    position,
    isCnl: leg.isCnl,
    flightNo: leg.flightNo,
    stdUtc: new Date(leg.stdUTC),
    staUtc: new Date(leg.staUTC),
    bloffUtc: leg.bloffUTC ? new Date(leg.bloffUTC) : null,
    blonUtc: leg.blonUTC ? new Date(leg.blonUTC) : null,
    adepIcao: leg.adepIcao,
    adepName: leg.adepName,
    adesIcao: leg.adesIcao,
    adesName: leg.adesName,
    registration: leg.registration,
    passengerCount: leg.passengerCount,
    crew: leg.crew,
  }));

/** Leon's side of a mission, from its trip. */
function leonFields(trip: LeonTrip) {
  const active = trip.legs.filter((l) => !l.isCnl);
  const first = (active.length ? active : trip.legs)[0];
  const types = new Set(active.map((l) => l.aircraftType));
  return {
    tripNid: trip.tripNid,
    buyerName: trip.clientName,
    departureDateTime: new Date(first.stdUTC),
    leonUpdatedAt: new Date(Math.max(...trip.legs.map((l) => Date.parse(l.lastModified)))),
    aircraftType: types.size === 1 ? [...types][0] : ('ND' as const),
  };
}

const LEG_ROWS_PER_INSERT = 1000;

/** Writes a batch of trips in a few statements; returns what happened to each trip's mission. */
async function upsertTrips(tx: Tx, trips: LeonTrip[], now: Date): Promise<Outcome[]> {
  const existing = new Map(
    (
      await tx
        .select()
        .from(missions)
        .where(
          inArray(
            missions.tripNumber,
            trips.map((t) => t.tripNumber),
          ),
        )
    ).map((m) => [m.tripNumber, m]),
  );
  const clients = [...new Set(trips.map((t) => t.clientName).filter((c): c is string => Boolean(c)))];
  if (clients.length)
    await tx
      .insert(hospitals)
      .values(clients.map((name) => ({ name })))
      .onConflictDoNothing();
  const outcomes: Outcome[] = [];
  const rewrite: Array<{ id: string; trip: LeonTrip }> = [];
  const created: LeonTrip[] = [];
  for (const trip of trips) {
    const mission = existing.get(trip.tripNumber);
    if (mission?.deletedAt) {
      outcomes.push('kept');
    } else if (trip.isDeleted || trip.legs.length === 0) {
      if (mission) {
        await tx.update(missions).set({ deletedAt: now, updatedAt: now }).where(eq(missions.id, mission.id));
        await audit(tx, {
          actorId: null,
          action: 'mission.leon-delete',
          entity: 'mission',
          entityId: mission.id,
          before: mission,
          at: now,
        });
      }
      outcomes.push(mission ? 'deleted' : 'kept');
    } else if (!mission) {
      created.push(trip);
      outcomes.push('created');
    } else {
      const { aircraftType, ...leon } = leonFields(trip);
      const next = {
        ...leon,
        status: mission.statusSetByStaff ? mission.status : deriveStatus(trip),
        aircraftType: mission.aircraftTypeSetByStaff ? mission.aircraftType : aircraftType,
      };
      const same =
        mission.tripNid === next.tripNid &&
        mission.buyerName === next.buyerName &&
        mission.departureDateTime?.getTime() === next.departureDateTime.getTime() &&
        mission.leonUpdatedAt?.getTime() === next.leonUpdatedAt.getTime() &&
        mission.status === next.status &&
        mission.aircraftType === next.aircraftType;
      if (same) {
        outcomes.push('kept');
      } else {
        await tx
          .update(missions)
          .set({ ...next, updatedAt: now })
          .where(eq(missions.id, mission.id));
        rewrite.push({ id: mission.id, trip });
        outcomes.push('updated');
      }
    }
  }
  if (created.length) {
    const rows = await tx
      .insert(missions)
      .values(
        created.map((trip) => ({
          tripNumber: trip.tripNumber,
          ...leonFields(trip),
          status: deriveStatus(trip),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: missions.id, tripNumber: missions.tripNumber });
    const byNumber = new Map(created.map((t) => [t.tripNumber, t]));
    for (const row of rows) rewrite.push({ id: row.id, trip: byNumber.get(row.tripNumber!)! });
  }
  if (rewrite.length) {
    // Legs are Leon's: replace them as a whole, in scheduled order.
    await tx.delete(missionLegs).where(
      inArray(
        missionLegs.missionId,
        rewrite.map((r) => r.id),
      ),
    );
    await tx.delete(missionLegs).where(
      inArray(
        missionLegs.flightNid,
        rewrite.flatMap((r) => r.trip.legs.map((l) => l.flightNid)),
      ),
    );
    const rows = rewrite.flatMap((r) => legRows(r.id, r.trip));
    for (let i = 0; i < rows.length; i += LEG_ROWS_PER_INSERT)
      await tx.insert(missionLegs).values(rows.slice(i, i + LEG_ROWS_PER_INSERT));
  }
  return outcomes;
}

export interface SyncOptions {
  db: Db;
  source: LeonSource;
  now: () => Date;
  /** First load range: from this many months back to this many ahead. */
  firstLoadMonthsBack?: number;
  firstLoadMonthsAhead?: number;
}

/** Runs one sync; throws SyncBusyError when another instance holds the lock. Each run is recorded. */
export async function runSync(
  options: SyncOptions,
  kind: SyncKind,
  actorId: string | null,
): Promise<SyncResult> {
  const { db, source } = options;
  const now = options.now();
  const result: SyncResult = { created: 0, updated: 0, deleted: 0, failed: 0, errors: [] };
  const count = (outcome: Outcome) => {
    if (outcome !== 'kept') result[outcome]++;
  };
  await db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`,
    )) as unknown as { rows: Array<{ locked: boolean }> };
    const locked = lock.rows[0]?.locked;
    if (!locked) throw new SyncBusyError();
    const [state] = await tx.select().from(leonState).where(eq(leonState.id, 1));
    let trips: LeonTrip[] = [];
    let timestamp = state?.lastTimestamp ?? null;
    const deletedNids: number[] = [];
    if (kind === 'update') {
      const open = await tx
        .select({ tripNumber: missions.tripNumber })
        .from(missions)
        .where(and(isNull(missions.deletedAt), inArray(missions.status, OPEN_STATUSES)));
      const numbers = open.map((m) => m.tripNumber).filter((n): n is string => n !== null);
      const answer = numbers.length ? await source.tripsByNumber(numbers) : { trips: [], failures: [] };
      trips = answer.trips;
      result.errors.push(...answer.failures);
    } else if (timestamp === null) {
      const from = subMonths(now, options.firstLoadMonthsBack ?? 12);
      const to = addMonths(now, options.firstLoadMonthsAhead ?? 6);
      const answer = await source.flightsBetween(from, to);
      result.errors.push(...answer.failures);
      // A trip astride the range's ends came with only its legs inside: read those few trips whole.
      const edge = (iso: string) =>
        Math.abs(Date.parse(iso) - from.getTime()) < EDGE_MS ||
        Math.abs(Date.parse(iso) - to.getTime()) < EDGE_MS;
      const partial = answer.trips
        .filter((trip) => trip.legs.some((leg) => edge(leg.stdUTC) || edge(leg.staUTC)))
        .map((trip) => trip.tripNumber);
      const whole = partial.length ? await source.tripsByNumber(partial) : { trips: [], failures: [] };
      result.errors.push(...whole.failures);
      const refreshed = new Map(whole.trips.map((trip) => [trip.tripNumber, trip]));
      trips = answer.trips.map((trip) => refreshed.get(trip.tripNumber) ?? trip);
      // Leon's clock starts from here; later runs ask for what changed since (never our wall clock).
      timestamp = (await source.modifiedSince(Math.floor(now.getTime() / 1000) - 60)).timestamp;
    } else {
      const modified = await source.modifiedSince(timestamp);
      result.errors.push(...modified.failures);
      deletedNids.push(...modified.deletedFlightNids);
      const numbers = [...new Set([...modified.created, ...modified.changed].map((f) => f.trip.tripNumber))];
      const answer = numbers.length ? await source.tripsByNumber(numbers) : { trips: [], failures: [] };
      trips = answer.trips;
      result.errors.push(...answer.failures);
      timestamp = modified.timestamp;
    }
    // Trips are written in batches, each in a savepoint; a batch that fails is retried trip by trip, so
    // only the failing trip is left out (all-or-nothing per trip).
    for (let i = 0; i < trips.length; i += TRIPS_PER_BATCH) {
      const batch = trips.slice(i, i + TRIPS_PER_BATCH);
      try {
        for (const outcome of await tx.transaction((sp) => upsertTrips(sp, batch, now))) count(outcome);
      } catch {
        for (const trip of batch) {
          try {
            for (const outcome of await tx.transaction((sp) => upsertTrips(sp, [trip], now))) count(outcome);
          } catch (error) {
            result.errors.push({
              tripNumber: trip.tripNumber,
              message: `Import impossible : ${(error as Error).message}`,
            });
          }
        }
      }
    }
    if (deletedNids.length) {
      const legs = await tx
        .select({ missionId: missionLegs.missionId })
        .from(missionLegs)
        .where(inArray(missionLegs.flightNid, deletedNids));
      await tx.delete(missionLegs).where(inArray(missionLegs.flightNid, deletedNids));
      for (const missionId of new Set(legs.map((l) => l.missionId))) {
        const [left] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(missionLegs)
          .where(eq(missionLegs.missionId, missionId));
        if (left.n === 0) {
          await tx
            .update(missions)
            .set({ deletedAt: now, updatedAt: now })
            .where(and(eq(missions.id, missionId), isNull(missions.deletedAt)));
          result.deleted++;
        }
      }
    }
    if (kind !== 'update' && timestamp !== null) {
      await tx
        .insert(leonState)
        .values({ id: 1, lastTimestamp: timestamp, updatedAt: now })
        .onConflictDoUpdate({ target: leonState.id, set: { lastTimestamp: timestamp, updatedAt: now } });
    }
  });
  result.failed = result.errors.length;
  await db.insert(syncRuns).values({ kind, actorId, startedAt: now, finishedAt: options.now(), ...result });
  return result;
}
