// A Leon sync run (architecture.md §4, decision 006): read Leon, then write everything it said in one
// transaction as a sequence of steps, one per feature fed by Leon. Incremental from Leon's stored
// timestamp, the same result when run twice, one instance at a time (an advisory lock), and one writer
// at a time even when that lock is lost (the lease checked in the write transaction, decision 030). Every run is recorded; a trip that
// cannot be stored is skipped, reported and read again at the next run until stored (decision 009).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SkippedTrip, SyncKind, SyncResult } from '../../contract/missions';
import { type Db, type Tx, withAdvisoryLock } from '../db/client';
import { leonSkippedTrips, leonState, syncLease, syncRuns } from '../db/schema';
import { type IncidentWriter, readIncidents } from '../incidents';
import { syncLeonInvoices } from '../invoices';
import { LeonError } from '../leon';
import { logger } from '../lib/log';
import { measureSyncRun } from '../lib/metrics';
import { syncMissions } from './missions';
import { type Reading, readLeon } from './read';
import { LostLeaseError, RUN_INTERRUPTED, runFailure, SyncInterruptedError } from './reasons';
import { RunReport } from './report';
import type { SyncOptions, SyncRun } from './types';

export type { SkippedTrip, SyncKind, SyncOptions, SyncResult, SyncRun };

/** Another sync runs (in this process or another instance): the caller answers 409 at once. */
export class SyncBusyError extends Error {}

/**
 * `work`, unless `signal` aborts first: then the run stops waiting for it (a Leon read left behind ends
 * on its own or with the process) and fails as interrupted.
 */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  work.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new SyncInterruptedError('sync interrupted: the server is stopping'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

const LOCK_KEY = 7_261_001;

/**
 * Writes what was read, in one transaction: each step below is one call, in this order, and a new
 * feature fed by Leon adds its own (e.g. `await syncIncidents(tx, run.source, run)`) before the bookkeeping.
 * The skipped trips, Leon's timestamp and the run's row commit with the data, so the timestamp never
 * moves past a trip left unreported.
 */
async function writeRun(
  tx: Tx,
  reading: Reading,
  run: SyncRun,
  incidents: IncidentWriter,
): Promise<SyncResult> {
  await holdLease(tx, run.runId);
  await syncMissions(tx, reading, run);
  const incidentReport = await incidents.write(tx, run.startedAt);
  await keepSkippedTrips(tx, run);
  await storeTimestamp(tx, reading.timestamp, run);
  return recordRun(tx, run, incidentReport ? { incidents: incidentReport } : {});
}

/**
 * The run names itself in the sync lease as it starts, holding the advisory lock. A lock lost mid-run (a
 * transaction-mode pooler, idle_session_timeout, a proxy cutting the idle connection) lets another run
 * start and take the lease: the first run then finds another id here and aborts before writing.
 */
async function takeLease(db: Db, runId: string): Promise<void> {
  await db
    .insert(syncLease)
    .values({ id: 1, runId, takenAt: sql`now()` })
    .onConflictDoUpdate({ target: syncLease.id, set: { runId, takenAt: sql`now()` } });
}

/**
 * The fence, first in the write transaction: the lease row is locked until the transaction ends (another
 * run cannot take it meanwhile) and must still name this run, else nothing is written.
 */
async function holdLease(tx: Tx, runId: string): Promise<void> {
  const [lease] = await tx.select().from(syncLease).where(eq(syncLease.id, 1)).for('update');
  if (lease?.runId !== runId) throw new LostLeaseError(`sync lease held by ${lease?.runId ?? 'nobody'}`);
}

/** The run gives the lease back at its end, unless another run took it over. */
async function releaseLease(db: Db, runId: string): Promise<void> {
  await db
    .update(syncLease)
    .set({ runId: null })
    .where(and(eq(syncLease.id, 1), eq(syncLease.runId, runId)));
}

/** Skipped trips wait to be read again; stored ones stop waiting. */
async function keepSkippedTrips(tx: Tx, run: SyncRun): Promise<void> {
  const now = run.startedAt;
  const stored = run.report.storedNumbers;
  if (stored.length) await tx.delete(leonSkippedTrips).where(inArray(leonSkippedTrips.tripNumber, stored));
  const waiting = run.report.waiting;
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

async function recordRun(tx: Tx, run: SyncRun, more: Partial<SyncResult>): Promise<SyncResult> {
  const result = { ...run.report.result(), ...more };
  await tx
    .update(syncRuns)
    .set({ finishedAt: run.now(), status: 'ok', reason: null, ...result })
    .where(eq(syncRuns.id, run.runId));
  return result;
}

/**
 * The run's row, committed before any work: 'failed' with the interruption reason and no end time. A
 * process killed mid-run (kill -9, a crash, a lost machine) leaves it so, while its write transaction is
 * rolled back whole; the run's end turns it into 'ok' (in the write transaction) or 'failed' with the
 * real reason (decision 020).
 */
async function openRun(db: Db, kind: SyncKind, actorId: string | null, startedAt: Date): Promise<string> {
  const [row] = await db
    .insert(syncRuns)
    .values({ kind, actorId, startedAt, finishedAt: null, status: 'failed', reason: RUN_INTERRUPTED })
    .returning({ id: syncRuns.id });
  return row.id;
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
  return measureSyncRun(
    kind,
    () => runSyncOnce(options, kind, actorId),
    (error) => error instanceof SyncBusyError,
  );
}

async function runSyncOnce(
  options: SyncOptions,
  kind: SyncKind,
  actorId: string | null,
): Promise<SyncResult> {
  const { db, source } = options;
  // Checked and taken before the first await, so that two calls in this process cannot both pass.
  if (running.has(db)) throw new SyncBusyError();
  running.add(db);
  try {
    const startedAt = options.now();
    const outcome = await withAdvisoryLock(db, LOCK_KEY, async () => {
      let runId: string | null = null;
      try {
        runId = await openRun(db, kind, actorId, startedAt);
        await takeLease(db, runId);
        const reading = await unlessAborted(readLeon(options, kind, startedAt), options.signal);
        // Incidents are read (and their attachments copied) before the transaction, like the trips.
        const incidents = await unlessAborted(readIncidents(options), options.signal);
        const run: SyncRun = {
          source,
          kind,
          actorId,
          startedAt,
          now: options.now,
          report: new RunReport(reading.failures),
          runId,
        };
        const result = await db.transaction((tx) => writeRun(tx, reading, run, incidents));
        // Invoices keep their own Leon timestamp and never fail the mission sync (decision 018); a stopping
        // server leaves them to the next run.
        if (!options.signal?.aborted) await syncLeonInvoices(options);
        await releaseLease(db, runId);
        return result;
      } catch (error) {
        await recordFailure(db, runId, { kind, actorId, startedAt, finishedAt: options.now(), error });
        if (runId) await releaseLease(db, runId).catch(() => {});
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
  runId: string | null,
  run: { kind: SyncKind; actorId: string | null; startedAt: Date; finishedAt: Date; error: unknown },
): Promise<void> {
  if (!(run.error instanceof LeonError) && !(run.error instanceof SyncInterruptedError))
    logger.warn(`Leon sync failed: ${(run.error as Error)?.message ?? String(run.error)}`);
  const failed = { finishedAt: run.finishedAt, status: 'failed' as const, reason: runFailure(run.error) };
  try {
    if (runId) await db.update(syncRuns).set(failed).where(eq(syncRuns.id, runId));
    else
      await db
        .insert(syncRuns)
        .values({ kind: run.kind, actorId: run.actorId, startedAt: run.startedAt, ...failed });
  } catch (error) {
    // The database itself is failing: the caller still gets the run's own error (and the row, if
    // written, still says the run was interrupted).
    logger.warn(`Leon sync: the failed run could not be recorded: ${(error as Error).message}`);
  }
}
