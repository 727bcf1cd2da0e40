// The typed calls of the fleet screen (contract/crew-and-fleet.ts): the list, paged
// (web/lib/use-paged-list.ts), and the missions of one aircraft.
import {
  ACTIVITY_MISSIONS_PAGE_SIZE,
  type ActivityMissionRow,
  type AircraftRow,
  CREW_AND_FLEET_PAGE_SIZE,
  FLEET_PATHS,
} from '../../contract/crew-and-fleet';
import { type PeriodFilter, withQuery } from '../activity';
import { usePagedList } from '../lib/use-paged-list';

export const useFleetList = (period: PeriodFilter) =>
  usePagedList<AircraftRow>(FLEET_PATHS.list, CREW_AND_FLEET_PAGE_SIZE, { ...period });

/** The missions of one aircraft over `period`. */
export const useAircraftMissions = (registration: string, period: PeriodFilter) =>
  usePagedList<ActivityMissionRow>(
    withQuery(FLEET_PATHS.missions, { registration, ...period }),
    ACTIVITY_MISSIONS_PAGE_SIZE,
  );
