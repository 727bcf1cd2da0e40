// Public face of web/users: the users screen (ADMIN), loaded on demand (its own chunk).
import { lazyScreen } from '../lib/lazy-screen';

export const UsersScreen = lazyScreen(() => import('./users-screen').then((m) => m.UsersScreen));
