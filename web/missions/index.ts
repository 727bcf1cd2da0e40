// Public face of web/missions: the five mission lists and the mission details, each loaded on demand
// (its own chunk), so that the sign-in page downloads only the shell.
import { lazy } from 'react';

export const MissionListScreen = lazy(() =>
  import('./mission-list-screen').then((m) => ({ default: m.MissionListScreen })),
);
export const MissionDetailsScreen = lazy(() =>
  import('./mission-details-screen').then((m) => ({ default: m.MissionDetailsScreen })),
);
