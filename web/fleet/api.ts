// The typed calls of the fleet screen (contract/crew-and-fleet.ts): the list, paged, and the missions of
// one aircraft with their costs.
import { type AircraftMissionRow, type AircraftRow, FLEET_PATHS } from '../../contract/crew-and-fleet';
import { type PeriodFilter, useActivityList, useActivityMissions } from '../activity';

export const useFleetList = (period: PeriodFilter, search?: string) =>
  useActivityList<AircraftRow>(FLEET_PATHS.list, period, search);

/** The missions of one aircraft over `period`, each with its flight-time cost. */
export const useAircraftMissions = (registration: string, period: PeriodFilter) =>
  useActivityMissions<AircraftMissionRow>(FLEET_PATHS.missions, { registration }, period);
