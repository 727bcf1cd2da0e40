// The menu's number of open incidents (GET /incidents/open-count), for staff only, refreshed when an
// incident changes or a sync brings new ones.
import { useEffect, useState } from 'react';
import { subscribeAll } from '../lib/signal';
import { missionsChanged } from '../sync';
import { fetchOpenIncidentsCount } from './api';
import { incidentsChanged } from './events';

export function useOpenIncidentsCount(enabled: boolean): number | null {
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const load = () =>
      fetchOpenIncidentsCount()
        .then(setOpen)
        .catch(() => setOpen(null));
    load();
    return subscribeAll([incidentsChanged, missionsChanged], load);
  }, [enabled]);
  return open;
}
