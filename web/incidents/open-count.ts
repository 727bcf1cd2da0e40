// The menu's number of open incidents (GET /incidents/open-count), for staff only, refreshed when an
// incident changes or a sync brings new ones.
import { useRefreshed } from '../lib/use-refreshed';
import { liveSignal } from '../live';
import { missionsChanged } from '../sync';
import { fetchOpenIncidentsCount } from './api';
import { incidentsChanged } from './events';

const CHANGES = [incidentsChanged, missionsChanged, liveSignal('incident', 'mission')];

export function useOpenIncidentsCount(enabled: boolean): number | null {
  return useRefreshed(enabled, fetchOpenIncidentsCount, CHANGES);
}
