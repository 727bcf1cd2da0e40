// The hospitals a list can be filtered on (GET /missions/hospitals: every hospital for staff, a HOSPITAL
// user's own), shared by the mission lists and the statistics screen.
import { useEffect, useState } from 'react';
import type { DataResponse } from '../../contract/http';
import { MISSION_PATHS } from '../../contract/missions';
import { apiCall } from './api';

/** Their names, once loaded when `enabled`; none if the list cannot be had (the filter then stays empty). */
export function useHospitalNames(enabled = true): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (!enabled) return;
    apiCall<DataResponse<Array<{ name: string }>>>(MISSION_PATHS.hospitals)
      .then((answer) => setNames(answer.data.map((h) => h.name)))
      .catch(() => setNames([]));
  }, [enabled]);
  return names;
}
