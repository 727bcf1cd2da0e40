// Public face of web/pilots: the 'Pilotes' screen, loaded on demand (its own chunk).
import { lazy } from 'react';

export const PilotsScreen = lazy(() => import('./pilots-screen').then((m) => ({ default: m.PilotsScreen })));
