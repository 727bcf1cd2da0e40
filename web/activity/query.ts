// The calls the pilots and fleet screens share (contract/crew-and-fleet.ts): a screen's rows over a period,
// paged (web/lib/use-paged-list.ts), and the missions of one row.
import {
  ACTIVITY_MISSIONS_PAGE_SIZE,
  type ActivityMissionRow,
  CREW_AND_FLEET_PAGE_SIZE,
  type Period,
} from '../../contract/crew-and-fleet';
import { usePagedList } from '../lib/use-paged-list';

/** What a list is filtered by: a period, or none (the API's default, the last 12 months). */
export type PeriodFilter = Partial<Period>;

/**
 * `path?key=value…`, absent values left out: a row's own parameters go in the path, so that each row's
 * missions are a paged list of their own.
 */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.append(key, value);
  return `${path}?${params}`;
}

/** A screen's rows (`path`: its list) over `period`, searched first for `search`. */
export const useActivityList = <Row>(path: string, period: PeriodFilter, search?: string) =>
  usePagedList<Row>(path, CREW_AND_FLEET_PAGE_SIZE, { ...period, search });

/**
 * The missions of one row over `period`: `row` names it in the query (`{ pilot }`, `{ registration }`);
 * `Mission` is what the path answers (an aircraft's missions carry their cost).
 */
export const useActivityMissions = <Mission extends ActivityMissionRow = ActivityMissionRow>(
  path: string,
  row: Record<string, string>,
  period: PeriodFilter,
) => usePagedList<Mission>(withQuery(path, { ...row, ...period }), ACTIVITY_MISSIONS_PAGE_SIZE);
