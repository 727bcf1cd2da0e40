// The menu counts (GET /leon/records-count), hidden for HOSPITAL, refreshed whenever missions change.
import { useEffect, useState } from 'react';
import type { RecordsCount } from '../../contract/missions';
import { fetchRecordsCount } from './api';
import { missionsChanged } from './missions-events';

export type RecordsCountKey = keyof RecordsCount;

/** The menu counts, for staff only (hidden for HOSPITAL), refreshed whenever missions change. */
export function useRecordsCount(enabled: boolean): RecordsCount | null {
  const [counts, setCounts] = useState<RecordsCount | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const load = () =>
      fetchRecordsCount()
        .then(setCounts)
        .catch(() => setCounts(null));
    load();
    return missionsChanged.subscribe(load);
  }, [enabled]);
  return counts;
}
