// The shape of one step of a Leon sync run: what a feature fed by Leon gives the run (api/sync/run.ts runs
// the steps of its list in order). It lives here, as the jobs' shape does in jobs.ts, because the run
// imports the features that give steps: a shape in api/sync would be an import cycle.
import type { SyncKind, SyncResult } from '../../contract/missions';
import type { Db, Tx } from '../db/client';
import type { LeonSource } from '../leon';
import type { AccountingConfig } from './config';
import type { FileStore } from './storage';

/** The run as each step sees it: who started it, when, and the settings the steps read. */
export interface SyncRun {
  kind: SyncKind;
  actorId: string | null;
  startedAt: Date;
  now: () => Date;
  /** Its sync_runs row, written 'failed, interrupted' as the run starts and completed in its transaction. */
  runId: string;
  /** Where incident attachments are copied; without it, incidents are not synced. */
  files?: FileStore;
  /** Accounting constants: without them, invoices are not synced. */
  accounting?: AccountingConfig;
  /** First load range of the trips: from this many months back to this many ahead. */
  firstLoadMonthsBack?: number;
  firstLoadMonthsAhead?: number;
  /** Aborted when the server is stopping: a step working in parts stops before its next part. */
  signal?: AbortSignal;
  /**
   * Writes one part of a run too large for one transaction (a first load's window of trips) in a
   * transaction of its own, behind the fence like the run's: committed at once, whatever the run's end
   * (decision 040). Called from a step's read, between its reads of Leon.
   */
  commitPart<T>(write: (tx: Tx) => Promise<T>): Promise<T>;
}

/** What a step reports on the run's result (and its sync_runs row): a part of `SyncResult`. */
export type StepCounts = Partial<SyncResult>;

interface StepReads<Reading> {
  /** Names the step in the logs. */
  readonly name: string;
  /**
   * Reads Leon (and what it needs of the database, `db`) outside any transaction: Leon and file copies
   * are slow, and PGlite serves nothing else while a transaction is open. Null: nothing to write this run
   * (the source does not offer this entity, or a setting is missing); `write` is then not called.
   * A `LeonError` thrown here fails the whole run, unless the step turns it into a reading of its own.
   */
  read(source: LeonSource, db: Db, run: SyncRun): Promise<Reading | null>;
}

/**
 * Written inside the run's transaction, after the fence (the lease still names the run, decision 030):
 * all or nothing with the run, so a step's own Leon timestamp never moves past what it wrote. A row that
 * may fail alone (a trip, a report) is written in a savepoint (`tx.transaction`), skipped and reported.
 */
export interface RunStep<Reading> extends StepReads<Reading> {
  readonly phase: 'run';
  /** Writes what was read; answers the counts it reports on the run's result. */
  write(tx: Tx, reading: Reading, run: SyncRun): Promise<StepCounts>;
}

/**
 * Read and written once the run's transaction has committed, in a transaction of its own and not behind
 * the fence; skipped when the server is stopping; any failure is logged and never fails the run, which is
 * recorded already (its counts are added to the run's row after). Only invoices are such a step (decision 018).
 */
export interface AfterCommitStep<Reading> extends StepReads<Reading> {
  readonly phase: 'afterCommit';
  /** Writes what was read; answers what it created and updated, recorded on the run's row afterwards. */
  write(tx: Tx, reading: Reading, run: SyncRun): Promise<AfterCommitCounts>;
}

/** What an after-commit step wrote: recorded on the run's row (sync_runs.invoices, migration 0017). */
export interface AfterCommitCounts {
  created: number;
  updated: number;
  errors: number;
}

export type LeonStep<Reading> = RunStep<Reading> | AfterCommitStep<Reading>;
