// The typed client of the journal of the sync runs (contract/sync.ts): its list path for the paged table,
// and 'Réessayer' (ADMIN).
import type { DataResponse } from '../../contract/http';
import type { SyncResult } from '../../contract/missions';
import { SYNC_JOURNAL_PATHS, SYNC_RUNS_PAGE_SIZE } from '../../contract/sync';
import { apiCall } from '../lib/api';

export const syncJournalApi = {
  /** GET /leon/sync-runs, paged, newest first (read by usePagedList). */
  runsPath: SYNC_JOURNAL_PATHS.runs,
  pageSize: SYNC_RUNS_PAGE_SIZE,
  /** POST /leon/sync-runs/:id/retry: an update sync that reads the kept skipped trips again. */
  retry: async (runId: string): Promise<SyncResult> =>
    (await apiCall<DataResponse<SyncResult>>(SYNC_JOURNAL_PATHS.retry(runId), { method: 'POST' })).data,
};
