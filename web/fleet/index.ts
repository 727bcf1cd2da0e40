// Public face of web/fleet: the 'Flotte' screen, loaded on demand (its own chunk).
import { lazyScreen } from '../lib/lazy-screen';

export const FleetScreen = lazyScreen(() => import('./fleet-screen').then((m) => m.FleetScreen));
