// Public face of web/pilots: the 'Pilotes' screen, loaded on demand (its own chunk).
import { lazyScreen } from '../lib/lazy-screen';

export const PilotsScreen = lazyScreen(() => import('./pilots-screen').then((m) => m.PilotsScreen));
