// Public face of web/incidents: the list and the follow-up screens (each loaded on demand), and the
// menu's open-incident count for staff.
import { lazy } from 'react';

export { incidentsChanged } from './events';
export { useOpenIncidentsCount } from './open-count';

export const IncidentListScreen = lazy(() =>
  import('./incident-list-screen').then((m) => ({ default: m.IncidentListScreen })),
);
export const IncidentDetailsScreen = lazy(() =>
  import('./incident-details-screen').then((m) => ({ default: m.IncidentDetailsScreen })),
);

/** One incident's follow-up card on its own (the flow player shows it with scripted calls). */
export const IncidentCard = lazy(() => import('./incident-card').then((m) => ({ default: m.IncidentCard })));
