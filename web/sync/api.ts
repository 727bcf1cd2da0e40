// The Leon sync API as the menu calls it: paths from contract/missions.ts (MISSION_PATHS), answers typed by
// the contract.
import type { DataResponse } from '../../contract/http';
import { MISSION_PATHS, type RecordsCount, type SyncResult } from '../../contract/missions';
import { apiCall } from '../lib/api';

/** GET /leon/records-count: the menu counts. */
export async function fetchRecordsCount(): Promise<RecordsCount> {
  return (await apiCall<DataResponse<RecordsCount>>(MISSION_PATHS.recordsCount)).data;
}

/** The two Leon runs of the menu: new missions (synchronize) or fresh information on known ones (update). */
export type LeonRun = 'synchronize' | 'update';

/** PUT /leon/synchronize-data or /leon/update-data: what the run did (none when the answer says nothing). */
export async function runLeonSync(run: LeonRun): Promise<SyncResult | undefined> {
  const path = run === 'synchronize' ? MISSION_PATHS.synchronize : MISSION_PATHS.update;
  const answer = await apiCall<Partial<DataResponse<SyncResult>> | undefined>(path, { method: 'PUT' });
  return answer?.data;
}
