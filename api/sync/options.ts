// What a sync run is given (api/sync/run.ts), and the one place that builds it from the app's
// dependencies: the routes, the background poll and the demo's first sync all start runs with it.
import type { Db } from '../db/client';
import type { LeonSource } from '../leon';
import type { AccountingConfig } from '../lib/config';
import type { Deps } from '../lib/context';
import type { FileStore } from '../lib/storage';

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

/** A run's options from the app's dependencies, on `leon` (the caller checked that Leon is configured). */
export function syncOptions(deps: Deps, leon: LeonSource): SyncOptions {
  return {
    db: deps.db,
    source: leon,
    now: deps.now,
    files: deps.files,
    accounting: deps.config.accounting,
    signal: deps.shutdown,
  };
}
