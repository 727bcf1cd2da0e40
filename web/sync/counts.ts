// The menu counts (GET /leon/records-count), hidden for HOSPITAL, refreshed whenever missions change.
import type { RecordsCount } from '../../contract/missions';
import { useRefreshed } from '../lib/use-refreshed';
import { liveSignal } from '../live';
import { fetchRecordsCount } from './api';
import { missionsChanged } from './missions-events';

export type RecordsCountKey = keyof RecordsCount;

const CHANGES = [missionsChanged, liveSignal('mission', 'sync_run')];

/** The menu counts, for staff only (hidden for HOSPITAL), refreshed whenever missions change. */
export function useRecordsCount(enabled: boolean): RecordsCount | null {
  return useRefreshed(enabled, fetchRecordsCount, CHANGES);
}
