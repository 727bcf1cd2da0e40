// The missions step of a sync run (`missionsStep`): Leon's trips become missions and legs (architecture.md §4). Leon owns the
// trip, legs, times, crew, aircraft and requester; the back-office owns the medical fields and, once staff
// edited them, the status and aircraft type. A deleted mission stays deleted; a leg belongs to one
// mission and never moves to another; each trip is all-or-nothing.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LegSnapshot } from '../../contract/history';
import type { MissionStatus } from '../../contract/missions';
import { insertRows, type Tx } from '../db/client';
import { hospitals, leonSkippedTrips, leonState, missionLegs, missions } from '../db/schema';
import type { LeonTrip } from '../leon';
import { type AuditEntry, audit, auditAll } from '../lib/audit';
import type { RunStep, SyncRun } from '../lib/leon-step';
import { logger } from '../lib/log';
import { firstLoad } from './first-load';
import { readTrips, storedFlights, type TripReading } from './read';
import { SkipTrip, tripStoreFailure } from './reasons';
import { type Outcome, RunReport } from './report';

const TRIPS_PER_BATCH = 200;
const CANCEL_NOTICE_MS = 45 * 60_000;

/** The status a trip has in Leon's terms (architecture.md §4 'Mission status from Leon'). */
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

type StoredLeg = Pick<
  typeof missionLegs.$inferSelect,
  'missionId' | 'flightNid' | 'adepIcao' | 'adesIcao' | 'bloffUtc' | 'blonUtc' | 'isCnl'
>;

/** A mission's legs as its history shows them ('Vols'), in scheduled order. */
const storedSnapshot = (legs: StoredLeg[]): LegSnapshot[] =>
  legs.map((leg) => ({
    from: leg.adepIcao,
    to: leg.adesIcao,
    off: leg.bloffUtc?.toISOString() ?? null,
    on: leg.blonUtc?.toISOString() ?? null,
    cancelled: leg.isCnl,
  }));
const tripSnapshot = (trip: LeonTrip): LegSnapshot[] =>
  trip.legs.map((leg) => ({
    from: leg.adepIcao,
    to: leg.adesIcao,
    off: leg.bloffUTC ? new Date(leg.bloffUTC).toISOString() : null,
    on: leg.blonUTC ? new Date(leg.blonUTC).toISOString() : null,
    cancelled: leg.isCnl,
  }));

/** The fields of a mission the sync writes that its history shows (contract/history.ts). */
const AUDITED = ['status', 'buyerName', 'departureDateTime', 'aircraftType'] as const;
const auditValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The audit row of a sync's update (actor null: the sync, shown 'Leon'): the before and after of the
 * fields that changed only, legs as 'legs'; null when none of them changed (a change only Leon's own
 * timestamp or crew tells).
 */
function leonUpdate(
  mission: typeof missions.$inferSelect,
  next: Partial<Record<(typeof AUDITED)[number], unknown>>,
  legs: { before: LegSnapshot[]; after: LegSnapshot[] },
  at: Date,
): AuditEntry | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of AUDITED) {
    const was = auditValue(mission[key]);
    const now = auditValue(next[key]);
    if (was !== now) {
      before[key] = was;
      after[key] = now;
    }
  }
  if (JSON.stringify(legs.before) !== JSON.stringify(legs.after)) {
    before.legs = legs.before;
    after.legs = legs.after;
  }
  if (!Object.keys(after).length) return null;
  return {
    actorId: null,
    action: 'mission.leon-update',
    entity: 'mission',
    entityId: mission.id,
    before,
    after,
    at,
  };
}

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
  const ids = [...existing.values()].map((m) => m.id);
  const storedLegs = new Map<string, StoredLeg[]>();
  if (ids.length)
    for (const leg of await tx
      .select({
        missionId: missionLegs.missionId,
        flightNid: missionLegs.flightNid,
        adepIcao: missionLegs.adepIcao,
        adesIcao: missionLegs.adesIcao,
        bloffUtc: missionLegs.bloffUtc,
        blonUtc: missionLegs.blonUtc,
        isCnl: missionLegs.isCnl,
      })
      .from(missionLegs)
      .where(inArray(missionLegs.missionId, ids))
      .orderBy(missionLegs.position))
      storedLegs.set(leg.missionId, [...(storedLegs.get(leg.missionId) ?? []), leg]);
  const clients = [...new Set(trips.map((t) => t.clientName).filter((c): c is string => Boolean(c)))];
  if (clients.length)
    await tx
      .insert(hospitals)
      .values(clients.map((name) => ({ name })))
      .onConflictDoNothing();
  const outcomes: Outcome[] = [];
  const rewrite: Array<{ id: string; trip: LeonTrip }> = [];
  const created: LeonTrip[] = [];
  const audits: AuditEntry[] = [];
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
      const stored = storedLegs.get(mission.id) ?? [];
      const legsNow = stored.map((leg) => leg.flightNid).sort((a, b) => a - b);
      const legsNext = trip.legs.map((l) => l.flightNid).sort((a, b) => a - b);
      const same =
        legsNow.length === legsNext.length &&
        legsNow.every((nid, i) => nid === legsNext[i]) &&
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
        const entry = leonUpdate(
          mission,
          next,
          { before: storedSnapshot(stored), after: tripSnapshot(trip) },
          now,
        );
        if (entry) audits.push(entry);
      }
    }
  }
  if (created.length) {
    // Ids made here: the rows go in one JSON parameter and nothing needs to come back (decision 044).
    const rows = created.map((trip) => ({
      id: randomUUID(),
      tripNumber: trip.tripNumber,
      ...leonFields(trip),
      status: deriveStatus(trip),
      createdAt: now,
      updatedAt: now,
    }));
    await insertRows(tx, missions, rows);
    rows.forEach((row, i) => {
      const trip = created[i];
      rewrite.push({ id: row.id, trip });
      audits.push({
        actorId: null,
        action: 'mission.leon-create',
        entity: 'mission',
        entityId: row.id,
        after: {
          tripNumber: row.tripNumber,
          status: row.status,
          buyerName: row.buyerName,
          aircraftType: row.aircraftType,
          departureDateTime: row.departureDateTime.toISOString(),
          legs: tripSnapshot(trip),
        },
        at: now,
      });
    });
  }
  if (rewrite.length) {
    // Legs are Leon's: replace a mission's own legs as a whole, in scheduled order. A leg is keyed by Leon's
    // flight id and belongs to one mission: a trip bringing a flight id that another mission holds is
    // refused (skipped and reported), never given that mission's leg.
    await tx.delete(missionLegs).where(
      inArray(
        missionLegs.missionId,
        rewrite.map((r) => r.id),
      ),
    );
    const nids = rewrite.flatMap((r) => r.trip.legs.map((l) => l.flightNid));
    const held = await storedFlights(tx, inArray(missionLegs.flightNid, nids));
    if (held.length) {
      const [first] = held;
      throw new SkipTrip(
        `Import impossible : le vol Leon ${first.flightNid} appartient déjà à la mission ${first.tripNumber ?? 'sans numéro'}`,
      );
    }
    const twice = nids.find((nid, i) => nids.indexOf(nid) !== i);
    if (twice !== undefined)
      throw new SkipTrip(`Import impossible : le vol Leon ${twice} figure deux fois dans le voyage`);
    const rows = rewrite.flatMap((r) => legRows(r.id, r.trip));
    for (let i = 0; i < rows.length; i += LEG_ROWS_PER_INSERT)
      await insertRows(tx, missionLegs, rows.slice(i, i + LEG_ROWS_PER_INSERT));
  }
  // With the trips, in their savepoint: a trip left out leaves no trace of a change.
  await auditAll(tx, audits);
  return outcomes;
}

/**
 * Leon's trips become missions. Its write: flights Leon deleted first (so that a trip of this run may take
 * a flight id they freed: trips are read after the list of deletions, what they hold is Leon's latest
 * word), then the trips, then the missions whose last leg went; then its bookkeeping: the skipped trips
 * kept for the next run and Leon's timestamp, committed with the data so that the timestamp never moves
 * past a trip left unreported. It reports the run's trip counts and skipped trips (`RunReport`).
 */
export const missionsStep: RunStep<TripReading> = {
  name: 'missions',
  phase: 'run',
  read: (source, db, run) =>
    readTrips(source, db, run, (pending) =>
      firstLoad(source, db, run, pending, (tx, trips, report) =>
        storeTrips(tx, trips, report, run.startedAt),
      ),
    ),
  async write(tx, reading, run) {
    const report = reading.report ?? new RunReport(reading.failures);
    const emptied = await removeDeletedLegs(tx, reading.deletedNids);
    await storeTrips(tx, reading.trips, report, run.startedAt);
    await deleteEmptiedMissions(tx, emptied, report, run.startedAt);
    await keepSkippedTrips(tx, report, run.startedAt);
    await storeTimestamp(tx, reading.timestamp, run);
    return report.result();
  },
};

/** Deletes the legs of flights Leon deleted; returns the missions that held them. */
async function removeDeletedLegs(tx: Tx, flightNids: number[]): Promise<Set<string>> {
  if (!flightNids.length) return new Set();
  const legs = await tx
    .delete(missionLegs)
    .where(inArray(missionLegs.flightNid, flightNids))
    .returning({ missionId: missionLegs.missionId });
  return new Set(legs.map((leg) => leg.missionId));
}

/**
 * Trips are written in batches, each in a savepoint; a batch that fails is retried trip by trip, so only
 * the failing trip is left out (skipped and reported).
 */
async function storeTrips(tx: Tx, trips: LeonTrip[], report: RunReport, now: Date): Promise<void> {
  for (let i = 0; i < trips.length; i += TRIPS_PER_BATCH) {
    const batch = trips.slice(i, i + TRIPS_PER_BATCH);
    try {
      const outcomes = await tx.transaction((sp) => upsertTrips(sp, batch, now));
      for (const [i, outcome] of outcomes.entries()) report.tripOutcome(batch[i].tripNumber, outcome);
      for (const trip of batch) report.stored(trip.tripNumber);
    } catch {
      for (const trip of batch) {
        try {
          const [outcome] = await tx.transaction((sp) => upsertTrips(sp, [trip], now));
          report.tripOutcome(trip.tripNumber, outcome);
          report.stored(trip.tripNumber);
        } catch (error) {
          if (!(error instanceof SkipTrip))
            logger.warn(`Leon sync: trip ${trip.tripNumber} not stored: ${(error as Error).message}`);
          report.skip({
            tripNumber: trip.tripNumber,
            tripNid: trip.tripNid,
            flightNid: null,
            reason: tripStoreFailure(error),
          });
        }
      }
    }
  }
}

/** A mission whose last leg Leon deleted is deleted, once this run's trips are written. */
async function deleteEmptiedMissions(
  tx: Tx,
  missionIds: Set<string>,
  report: RunReport,
  now: Date,
): Promise<void> {
  for (const missionId of missionIds) {
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(missionLegs)
      .where(eq(missionLegs.missionId, missionId));
    if (left.n === 0) {
      const done = await tx
        .update(missions)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(missions.id, missionId), isNull(missions.deletedAt)))
        .returning({ id: missions.id });
      report.count('deleted', done.length);
    }
  }
}

/** Skipped trips wait to be read again; stored ones stop waiting. */
async function keepSkippedTrips(tx: Tx, report: RunReport, now: Date): Promise<void> {
  // The few trips waiting, not every trip the run stored (a first load's may be more than a statement holds).
  const waited = await tx.select({ tripNumber: leonSkippedTrips.tripNumber }).from(leonSkippedTrips);
  const stored = waited.map((row) => row.tripNumber).filter((n) => report.hasStored(n));
  if (stored.length) await tx.delete(leonSkippedTrips).where(inArray(leonSkippedTrips.tripNumber, stored));
  const waiting = report.waiting;
  if (waiting.length)
    await tx
      .insert(leonSkippedTrips)
      .values(
        waiting.map((entry) => ({
          tripNumber: entry.tripNumber as string,
          tripNid: entry.tripNid,
          flightNid: entry.flightNid,
          reason: entry.reason,
          firstSkippedAt: now,
          lastSkippedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: leonSkippedTrips.tripNumber,
        set: {
          tripNid: sql`coalesce(excluded.trip_nid, ${leonSkippedTrips.tripNid})`,
          flightNid: sql`excluded.flight_nid`,
          reason: sql`excluded.reason`,
          lastSkippedAt: sql`excluded.last_skipped_at`,
          attempts: sql`${leonSkippedTrips.attempts} + 1`,
        },
      });
}

/** Leon's clock for the next run (null: keep the stored one, as update-data does). */
async function storeTimestamp(tx: Tx, timestamp: number | null, run: SyncRun): Promise<void> {
  if (timestamp === null) return;
  const now = run.startedAt;
  await tx
    .insert(leonState)
    .values({ id: 1, lastTimestamp: timestamp, updatedAt: now })
    .onConflictDoUpdate({ target: leonState.id, set: { lastTimestamp: timestamp, updatedAt: now } });
}
