// The dashboard's calls (contract/dashboard.ts): its figures, read again whenever the period or the hospitals
// change (an answer to an older query, the filters changed meanwhile, is dropped), and their XLSX.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Period } from '../../contract/crew-and-fleet';
import { DASHBOARD_PATHS, type DashboardData, dashboardXlsxFile } from '../../contract/dashboard';
import type { DataResponse } from '../../contract/http';
import { apiCall, download, errorMessage } from '../lib/api';

export interface DashboardQuery {
  period: Period;
  hospitals: string[];
}

/** The query of both calls: the period's days and the hospitals comma-joined (none: every one). */
const queryOf = ({ period, hospitals }: DashboardQuery) => ({
  ...period,
  hospitals: hospitals.length ? hospitals.join(',') : undefined,
});

export const fetchDashboard = async (query: DashboardQuery, signal?: AbortSignal) =>
  (await apiCall<DataResponse<DashboardData>>(DASHBOARD_PATHS.data, { query: queryOf(query), signal })).data;

/** The same figures as tableau-de-bord-AAAA-MM-AAAA-MM.xlsx, saved by the browser. */
export const exportDashboardXlsx = (query: DashboardQuery) =>
  download(DASHBOARD_PATHS.exportXlsx, dashboardXlsxFile(query.period), { query: queryOf(query) });

export interface DashboardState {
  data: DashboardData | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/** The figures of `query` (null: a period the field refuses, nothing asked). */
export function useDashboard(query: DashboardQuery | null): DashboardState {
  const [state, setState] = useState<Omit<DashboardState, 'reload'>>({
    data: null,
    loading: true,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const key = query ? JSON.stringify(query) : null;
  useEffect(() => {
    if (!query) {
      setState({ data: null, loading: false, error: null });
      return;
    }
    const request = ++latest.current;
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true, error: null }));
    fetchDashboard(query, controller.signal).then(
      (data) => request === latest.current && setState({ data, loading: false, error: null }),
      (error: unknown) =>
        request === latest.current && setState({ data: null, loading: false, error: errorMessage(error) }),
    );
    return () => controller.abort();
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
