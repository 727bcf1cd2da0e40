// Public face of web/statistics: the 'Statistiques' screen, loaded on demand (its own chunk).
import { lazy } from 'react';
import { lazyScreen } from '../lib/lazy-screen';

export const StatisticsScreen = lazyScreen(() =>
  import('./statistics-screen').then((m) => m.StatisticsScreen),
);

/** The 'Mise à jour PDF' dialog on its own (the flow player shows it with scripted calls). */
export const PdfDialog = lazy(() => import('./pdf-dialog').then((m) => ({ default: m.PdfDialog })));
