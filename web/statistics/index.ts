// Public face of web/statistics: the 'Statistiques' screen, loaded on demand (its own chunk).
import { lazy } from 'react';

export const StatisticsScreen = lazy(() =>
  import('./statistics-screen').then((m) => ({ default: m.StatisticsScreen })),
);
