// Public face of web/account: the 'Mon compte' screen, loaded on demand (its own chunk).
import { lazyScreen } from '../lib/lazy-screen';

export const AccountScreen = lazyScreen(() => import('./account-screen').then((m) => m.AccountScreen));
