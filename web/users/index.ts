// Public face of web/users: the users screen (ADMIN), loaded on demand (its own chunk).
import { lazy } from 'react';

export const UsersScreen = lazy(() => import('./users-screen').then((m) => ({ default: m.UsersScreen })));
