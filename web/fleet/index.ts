// Public face of web/fleet: the 'Flotte' screen, loaded on demand (its own chunk).
import { lazy } from 'react';

export const FleetScreen = lazy(() => import('./fleet-screen').then((m) => ({ default: m.FleetScreen })));
