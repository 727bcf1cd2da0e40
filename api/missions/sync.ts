// The Leon sync (DESIGN.md §4): incremental from Leon's stored timestamp (a first load reads flightList in
// windows of at most three months), all-or-nothing per trip, one instance at a time, the same result when
// run twice. Leon owns the trip, legs, times, crew, aircraft and requester; the back-office owns the medical
// fields and, once staff edited them, the status and aircraft type. A deleted mission stays deleted.
// Every run is recorded; a trip that cannot be stored is skipped, reported and read again at the next run
// until stored (decision 009); a leg belongs to one mission and never moves to another.
import { addMonths, subMonths } from 'date-fns';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MissionStatus, SkippedTrip, SyncKind, SyncResult } from '../../contract/missions';
import { type Db, withAdvisoryLock } from '../db/client';
import { hospitals, leonSkippedTrips, leonState, missionLegs, missions, syncRuns } from '../db/schema';
import { syncLeonInvoices } from '../invoices';
import { type LeonClient, LeonError, type LeonFailure, type LeonTrip, withoutNul } from '../leon';
import { audit } from '../lib/audit';
import type { AccountingConfig } from '../lib/config';
import { sqlState } from '../lib/errors';

export type LeonSource = Pick<LeonClient, 'flightsBetween' | 'modifiedSince' | 'tripsByNumber'>;
export type { SkippedTrip, SyncKind, SyncResult };

/** Another sync runs (in this process or another instance): the caller answers 409 at once. */
export class SyncBusyError extends Error {}

/** A trip we refuse to store, with the French reason shown to the admin. */
class SkipTrip extends Error {}

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
  const ids = [...existing.values()].map((m) => m.id);
  const storedLegs = new Map<string, number[]>();
  if (ids.length)
    for (const leg of await tx
      .select({ missionId: missionLegs.missionId, flightNid: missionLegs.flightNid })
      .from(missionLegs)
      .where(inArray(missionLegs.missionId, ids))
      .orderBy(missionLegs.flightNid))
      storedLegs.set(leg.missionId, [...(storedLegs.get(leg.missionId) ?? []), leg.flightNid]);
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
      const legsNow = storedLegs.get(mission.id) ?? [];
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
    const held = await tx
      .select({ flightNid: missionLegs.flightNid, tripNumber: missions.tripNumber })
      .from(missionLegs)
      .innerJoin(missions, eq(missions.id, missionLegs.missionId))
      .where(inArray(missionLegs.flightNid, nids));
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
  /** Accounting constants: with them, the run also turns Leon's invoices into rows (api/invoices). */
  accounting?: AccountingConfig;
}

/** What a run read from Leon, before anything is written. */
interface Reading {
  trips: LeonTrip[];
  failures: LeonFailure[];
  deletedNids: number[];
  /** Leon's timestamp to store, null to keep the stored one (update-data). */
  timestamp: number | null;
}

const NO_TRIPS = { trips: [], failures: [] };
const REASON_MAX = 500;

/** A reason as stored and shown: in French, without NUL (jsonb and text refuse it), of bounded length. */
function cleanReason(text: string): string {
  const clean = withoutNul(text).trim();
  return clean.length > REASON_MAX ? `${clean.slice(0, REASON_MAX - 1)}…` : clean;
}

/**
 * Why a trip could not be stored, in French. The database's own message names the SQL and its
 * parameters: it goes to the log, never to the admin.
 */
function storeFailure(error: unknown): string {
  if (error instanceof SkipTrip) return error.message;
  const state = sqlState(error);
  const why =
    state === '23505'
      ? 'une valeur existe déjà en base (contrainte d’unicité)'
      : state === '23503' || state === '23502' || state === '23514' || state === '23P01'
        ? 'une contrainte de la base de données est violée'
        : state === '22003'
          ? 'un nombre dépasse la capacité de la base de données'
          : state === '22001'
            ? 'un texte est trop long pour la base de données'
            : state === '22021' || state === '22P05'
              ? 'un texte contient un caractère que la base de données ne peut pas enregistrer'
              : 'erreur de la base de données';
  return `Import impossible : ${why}${state ? ` (code ${state})` : ''}`;
}

const leonIds = (failure: LeonFailure): Pick<SkippedTrip, 'tripNid' | 'flightNid'> => ({
  tripNid: failure.tripNid ?? null,
  flightNid: failure.flightNid ?? null,
});

/** Reads what the run will write from Leon, outside any transaction (PGlite serves nothing else meanwhile). */
async function readLeon(options: SyncOptions, kind: SyncKind, now: Date): Promise<Reading> {
  const { db, source } = options;
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
    const from = subMonths(now, options.firstLoadMonthsBack ?? 12);
    const to = addMonths(now, options.firstLoadMonthsAhead ?? 6);
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

/** Writes what was read in one transaction: the trips (each all-or-nothing), the skipped ones, Leon's
 * timestamp and the run's row commit together, so the timestamp never moves past a trip left unreported. */
async function writeRun(
  tx: Tx,
  reading: Reading,
  run: { kind: SyncKind; actorId: string | null; startedAt: Date; now: () => Date },
): Promise<SyncResult> {
  const now = run.startedAt;
  const counts = { created: 0, updated: 0, deleted: 0 };
  const count = (outcome: Outcome) => {
    if (outcome !== 'kept') counts[outcome]++;
  };
  const stored = new Set<string>();
  const skipped = new Map<string, SkippedTrip>();
  const noNumber: SkippedTrip[] = [];
  const skip = (entry: SkippedTrip) => {
    if (entry.tripNumber === null) noNumber.push(entry);
    else skipped.set(entry.tripNumber, entry);
  };
  for (const failure of reading.failures)
    skip({ tripNumber: failure.tripNumber, ...leonIds(failure), reason: cleanReason(failure.message) });
  // Flights Leon deleted go first, so that a trip of this run may take a flight id they freed (trips are
  // read after the list of deletions: what they hold is Leon's latest word).
  const { trips } = reading;
  const gone = reading.deletedNids;
  const emptied = gone.length
    ? new Set(
        (
          await tx
            .delete(missionLegs)
            .where(inArray(missionLegs.flightNid, gone))
            .returning({ missionId: missionLegs.missionId })
        ).map((leg) => leg.missionId),
      )
    : new Set<string>();
  // Trips are written in batches, each in a savepoint; a batch that fails is retried trip by trip, so
  // only the failing trip is left out (all-or-nothing per trip).
  for (let i = 0; i < trips.length; i += TRIPS_PER_BATCH) {
    const batch = trips.slice(i, i + TRIPS_PER_BATCH);
    try {
      for (const outcome of await tx.transaction((sp) => upsertTrips(sp, batch, now))) count(outcome);
      for (const trip of batch) stored.add(trip.tripNumber);
    } catch {
      for (const trip of batch) {
        try {
          for (const outcome of await tx.transaction((sp) => upsertTrips(sp, [trip], now))) count(outcome);
          stored.add(trip.tripNumber);
        } catch (error) {
          if (!(error instanceof SkipTrip))
            console.warn(`Leon sync: trip ${trip.tripNumber} not stored: ${(error as Error).message}`);
          skip({
            tripNumber: trip.tripNumber,
            tripNid: trip.tripNid,
            flightNid: null,
            reason: cleanReason(storeFailure(error)),
          });
        }
      }
    }
  }
  for (const tripNumber of stored) skipped.delete(tripNumber);
  // A mission whose last leg Leon deleted is deleted, once this run's trips are written.
  for (const missionId of emptied) {
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
      counts.deleted += done.length;
    }
  }
  // Skipped trips wait to be read again; stored ones stop waiting.
  if (stored.size) await tx.delete(leonSkippedTrips).where(inArray(leonSkippedTrips.tripNumber, [...stored]));
  const waiting = [...skipped.values()];
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
  if (reading.timestamp !== null) {
    const timestamp = reading.timestamp;
    await tx
      .insert(leonState)
      .values({ id: 1, lastTimestamp: timestamp, updatedAt: now })
      .onConflictDoUpdate({ target: leonState.id, set: { lastTimestamp: timestamp, updatedAt: now } });
  }
  const all = [...waiting, ...noNumber];
  const result: SyncResult = {
    ...counts,
    failed: all.length,
    errors: all.map((entry) => ({ tripNumber: entry.tripNumber, message: entry.reason })),
    skipped: all,
  };
  await tx.insert(syncRuns).values({
    kind: run.kind,
    actorId: run.actorId,
    startedAt: run.startedAt,
    finishedAt: run.now(),
    status: 'ok',
    ...result,
  });
  return result;
}

/** Why a run failed as a whole, in French (Leon's own messages are French already). */
export function runFailure(error: unknown): string {
  if (error instanceof LeonError) return cleanReason(error.message);
  const state = sqlState(error);
  return `La synchronisation a échoué : erreur de la base de données${state ? ` (code ${state})` : ''}.`;
}

const running = new WeakSet<object>();

/**
 * Runs one sync and records it, ok or failed. Throws SyncBusyError at once when another run holds the
 * lock — in this process (the only guard PGlite needs) or, on PostgreSQL, in another instance.
 */
export async function runSync(
  options: SyncOptions,
  kind: SyncKind,
  actorId: string | null,
): Promise<SyncResult> {
  const { db } = options;
  // Checked and taken before the first await, so that two calls in this process cannot both pass.
  if (running.has(db)) throw new SyncBusyError();
  running.add(db);
  try {
    const startedAt = options.now();
    const outcome = await withAdvisoryLock(db, LOCK_KEY, async () => {
      try {
        const reading = await readLeon(options, kind, startedAt);
        const result = await db.transaction((tx) =>
          writeRun(tx, reading, { kind, actorId, startedAt, now: options.now }),
        );
        await syncLeonInvoices(options);
        return result;
      } catch (error) {
        await recordFailure(db, { kind, actorId, startedAt, finishedAt: options.now(), error });
        throw error;
      }
    });
    if (!outcome.locked) throw new SyncBusyError();
    return outcome.value;
  } finally {
    running.delete(db);
  }
}

async function recordFailure(
  db: Db,
  run: { kind: SyncKind; actorId: string | null; startedAt: Date; finishedAt: Date; error: unknown },
): Promise<void> {
  if (!(run.error instanceof LeonError))
    console.warn(`Leon sync failed: ${(run.error as Error)?.message ?? String(run.error)}`);
  try {
    await db.insert(syncRuns).values({
      kind: run.kind,
      actorId: run.actorId,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      status: 'failed',
      reason: runFailure(run.error),
    });
  } catch (error) {
    // The database itself is failing: the caller still gets the run's own error.
    console.warn(`Leon sync: the failed run could not be recorded: ${(error as Error).message}`);
  }
}
