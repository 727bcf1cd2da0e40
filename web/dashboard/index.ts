// Public face of web/dashboard: the 'Tableau de bord' screen (every role), loaded on demand with its charts
// (decision 068).
import { lazyScreen } from '../lib/lazy-screen';

export const DashboardScreen = lazyScreen(() => import('./dashboard-screen').then((m) => m.DashboardScreen));
