// The typed calls of the pilots screen (contract/crew-and-fleet.ts): the list, paged, and the missions of
// one pilot.
import { PILOT_PATHS, type PilotRow } from '../../contract/crew-and-fleet';
import { type PeriodFilter, useActivityList, useActivityMissions } from '../activity';

export const usePilotsList = (period: PeriodFilter, search?: string) =>
  useActivityList<PilotRow>(PILOT_PATHS.list, period, search);

/** The missions of one pilot (its row id) over `period`. */
export const usePilotMissions = (pilot: string, period: PeriodFilter) =>
  useActivityMissions(PILOT_PATHS.missions, { pilot }, period);
