// The shapes a sync run hands its steps (api/sync/run.ts runs them; missions.ts and read.ts use them),
// in a module of their own so that the steps need not import the run.
import type { SyncKind } from '../../contract/missions';
import type { Db } from '../db/client';
import type { LeonSource } from '../leon';
import type { AccountingConfig } from '../lib/config';
import type { FileStore } from '../lib/storage';
import type { RunReport } from './report';

export interface SyncOptions {
  db: Db;
  source: LeonSource;
  now: () => Date;
  /** First load range: from this many months back to this many ahead. */
  firstLoadMonthsBack?: number;
  firstLoadMonthsAhead?: number;
  /** Where incident attachments are copied; without it, incidents are not synced. */
  files?: FileStore;
  /** Accounting constants: with them, the run also turns Leon's invoices into rows (api/invoices). */
  accounting?: AccountingConfig;
  /**
   * Aborted when the server stops: a run still reading Leon stops there and is recorded as interrupted;
   * a run already in its write transaction finishes it.
   */
  signal?: AbortSignal;
}

/** The run as each step sees it: Leon, who started the run, when, and the report every step adds to. */
export interface SyncRun {
  source: LeonSource;
  kind: SyncKind;
  actorId: string | null;
  startedAt: Date;
  now: () => Date;
  report: RunReport;
  /** Its sync_runs row, written 'failed, interrupted' as the run starts and completed in its transaction. */
  runId: string;
}
