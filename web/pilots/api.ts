// The typed calls of the pilots screen (contract/crew-and-fleet.ts): the list, paged
// (web/lib/use-paged-list.ts), and the missions of one pilot.
import {
  ACTIVITY_MISSIONS_PAGE_SIZE,
  type ActivityMissionRow,
  CREW_AND_FLEET_PAGE_SIZE,
  PILOT_PATHS,
  type PilotRow,
} from '../../contract/crew-and-fleet';
import { type PeriodFilter, withQuery } from '../activity';
import { usePagedList } from '../lib/use-paged-list';

export const usePilotsList = (period: PeriodFilter) =>
  usePagedList<PilotRow>(PILOT_PATHS.list, CREW_AND_FLEET_PAGE_SIZE, { ...period });

/** The missions of one pilot (its row id) over `period`. */
export const usePilotMissions = (pilot: string, period: PeriodFilter) =>
  usePagedList<ActivityMissionRow>(
    withQuery(PILOT_PATHS.missions, { pilot, ...period }),
    ACTIVITY_MISSIONS_PAGE_SIZE,
  );
