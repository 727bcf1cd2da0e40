// Public face of web/incidents: the list and the follow-up screens (each loaded on demand), and the
// menu's open-incident count for staff.
import { lazy } from 'react';
import { lazyScreen } from '../lib/lazy-screen';

export { incidentsChanged } from './events';
export { useOpenIncidentsCount } from './open-count';

export const IncidentListScreen = lazyScreen(() =>
  import('./incident-list-screen').then((m) => m.IncidentListScreen),
);
export const IncidentDetailsScreen = lazyScreen(() =>
  import('./incident-details-screen').then((m) => m.IncidentDetailsScreen),
);

/** One incident's follow-up card on its own (the flow player shows it with scripted calls). */
export const IncidentCard = lazy(() => import('./incident-card').then((m) => ({ default: m.IncidentCard })));
