// The typed client of a record's history (contract/history.ts): one page of its audited changes.
import {
  HISTORY_PAGE_SIZE,
  HISTORY_PATHS,
  type HistoryEntity,
  type HistoryEntry,
} from '../../contract/history';
import type { DataResponse, Page } from '../../contract/http';
import { apiCall } from '../lib/api';

/** GET /history/<records>/:id: page `pageNumber` (from 1) of the record's changes, newest first. */
export async function fetchHistory(
  entity: HistoryEntity,
  id: string,
  pageNumber: number,
): Promise<Page<HistoryEntry>> {
  return (
    await apiCall<DataResponse<Page<HistoryEntry>>>(HISTORY_PATHS[entity](id), {
      query: { pageNumber, pageSize: HISTORY_PAGE_SIZE },
    })
  ).data;
}
