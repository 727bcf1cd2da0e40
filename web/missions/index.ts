// Public face of web/missions: the five mission lists and the mission details, each loaded on demand
// (its own chunk), so that the sign-in page downloads only the shell.
import { lazyScreen } from '../lib/lazy-screen';

export const MissionListScreen = lazyScreen(() =>
  import('./mission-list-screen').then((m) => m.MissionListScreen),
);
export const MissionDetailsScreen = lazyScreen(() =>
  import('./mission-details-screen').then((m) => m.MissionDetailsScreen),
);
