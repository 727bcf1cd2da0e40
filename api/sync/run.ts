// A Leon sync run (architecture.md §4, decision 006): read Leon, then write everything it said in one
// transaction, as a list of steps, one per Leon entity (`steps` below). Incremental from Leon's stored
// timestamp, the same result when run twice, one instance at a time (an advisory lock), and one writer
// at a time even when that lock is lost (the lease checked in the write transaction, decision 030). Every run is recorded; a trip that
// cannot be stored is skipped, reported and read again at the next run until stored (decision 009).
import { and, eq, sql } from 'drizzle-orm';
import type { InvoiceSyncCounts, SkippedTrip, SyncKind, SyncResult } from '../../contract/missions';
import { type Db, type Tx, withAdvisoryLock } from '../db/client';
import { syncLease, syncRuns } from '../db/schema';
import { safetyReportsStep } from '../incidents';
import { invoicesStep } from '../invoices';
import { LeonError, type LeonSource } from '../leon';
import type { AfterCommitStep, RunStep, StepCounts, SyncRun } from '../lib/leon-step';
import { logger } from '../lib/log';
import { measureSyncRun } from '../lib/metrics';
import { missionsStep } from './missions';
import type { SyncOptions } from './options';
import {
  afterCommitFailure,
  cleanReason,
  LostLeaseError,
  RUN_INTERRUPTED,
  runFailure,
  SyncInterruptedError,
} from './reasons';

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

export const LOCK_KEY = 7_261_001;

/**
 * The steps of a run, one per Leon entity, in this order (the shape: api/lib/leon-step.ts). A run step's
 * read comes before the write transaction and its write inside it; an after-commit step (invoices) is
 * read and written once the run has committed. A new Leon entity is one file with its step and one line here.
 */
const steps = [missionsStep, safetyReportsStep, invoicesStep] as const;

/** A run step's write, bound to what its read answered; null when the step has nothing to write. */
type PendingWrite = ((tx: Tx) => Promise<StepCounts>) | null;

async function readStep(
  step: RunStep<unknown>,
  source: LeonSource,
  db: Db,
  run: SyncRun,
): Promise<PendingWrite> {
  const reading = await step.read(source, db, run);
  return reading === null ? null : (tx) => step.write(tx, reading, run);
}

/** What a run reports when no step said otherwise. */
const NO_COUNTS: SyncResult = { created: 0, updated: 0, deleted: 0, failed: 0, errors: [], skipped: [] };

/**
 * Writes what was read, in one transaction: the fence first, then each step's write in the list's order,
 * then the run's row with what the steps reported, so that the run commits whole or not at all.
 */
async function writeRun(tx: Tx, writes: PendingWrite[], run: SyncRun): Promise<SyncResult> {
  await holdLease(tx, run.runId);
  let result = { ...NO_COUNTS };
  for (const write of writes) if (write) result = { ...result, ...(await write(tx)) };
  await tx
    .update(syncRuns)
    .set({ finishedAt: run.now(), status: 'ok', reason: null, ...result })
    .where(eq(syncRuns.id, run.runId));
  return result;
}

/**
 * An after-commit step, read and written in a transaction of its own: its failure is logged and never
 * fails the run (the run's data are committed already; the step reads again at the next run).
 */
async function runAfterCommit(
  step: AfterCommitStep<unknown>,
  source: LeonSource,
  db: Db,
  run: SyncRun,
): Promise<InvoiceSyncCounts | null> {
  let counts: InvoiceSyncCounts | null;
  try {
    const reading = await step.read(source, db, run);
    if (reading === null) return null;
    const written = await db.transaction((tx) => step.write(tx, reading, run));
    counts = { ...written, failure: null };
  } catch (error) {
    const leonWords = error instanceof LeonError ? error.detail?.leonMessage : undefined;
    logger.warn(
      `Leon ${step.name} not synced: ${(error as Error)?.message ?? String(error)}${leonWords ? ` Leon: ${leonWords}` : ''}`,
    );
    counts = { created: 0, updated: 0, errors: 0, failure: afterCommitFailure(error) };
  }
  // Recorded on the run's row for the journal (decision 035); a failure here loses only the counts.
  await db
    .update(syncRuns)
    .set({ invoices: counts })
    .where(eq(syncRuns.id, run.runId))
    .catch((error: Error) => logger.warn(`Leon ${step.name}: counts not recorded: ${error.message}`));
  return counts;
}

/** Runs of this process that have not ended yet (the journal reads them 'en cours', decision 035). */
export const activeRuns = new Set<string>();

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
        activeRuns.add(runId);
        await takeLease(db, runId);
        const run: SyncRun = {
          kind,
          actorId,
          startedAt,
          now: options.now,
          runId,
          files: options.files,
          accounting: options.accounting,
          firstLoadMonthsBack: options.firstLoadMonthsBack,
          firstLoadMonthsAhead: options.firstLoadMonthsAhead,
          signal: options.signal,
          commitPart: (write) =>
            db.transaction(async (tx) => {
              await holdLease(tx, run.runId);
              return write(tx);
            }),
        };
        const writes: PendingWrite[] = [];
        for (const step of steps)
          if (step.phase === 'run')
            writes.push(await unlessAborted(readStep(step, source, db, run), options.signal));
        const result = await db.transaction((tx) => writeRun(tx, writes, run));
        // After-commit steps never fail the run (decision 018); a stopping server leaves them to the next run.
        // Invoices are the only one: their counts join the answer (the sync toast shows them).
        for (const step of steps)
          if (step.phase === 'afterCommit' && !options.signal?.aborted)
            result.invoices = await runAfterCommit(step, source, db, run);
        await releaseLease(db, runId);
        return result;
      } catch (error) {
        await recordFailure(db, runId, { kind, actorId, startedAt, finishedAt: options.now(), error });
        if (runId) await releaseLease(db, runId).catch(() => {});
        throw error;
      } finally {
        if (runId) activeRuns.delete(runId);
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
  const leonWords = run.error instanceof LeonError ? run.error.detail?.leonMessage : undefined;
  if (run.error instanceof LeonError)
    logger.warn(
      `Leon sync failed (${run.error.kind}): ${run.error.message}${leonWords ? ` Leon: ${leonWords}` : ''}`,
    );
  else if (!(run.error instanceof SyncInterruptedError))
    logger.warn(`Leon sync failed: ${(run.error as Error)?.message ?? String(run.error)}`);
  const failed = {
    finishedAt: run.finishedAt,
    status: 'failed' as const,
    reason: runFailure(run.error),
    // Leon's own words, for ADMIN in the journal (decision 061); the reason is French.
    leonDetail: leonWords ? cleanReason(leonWords) : null,
  };
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
