// GET /user/me: the signed-in user (also while a forced password change is pending).
import { Hono } from 'hono';
import { requireUser } from '../auth';
import type { AppEnv } from '../lib/context';

export const meRoutes = new Hono<AppEnv>().get(
  '/user/me',
  requireUser({ allowPendingPasswordChange: true }),
  (c) => {
    const { sessionId: _, ...me } = c.get('user');
    return c.json({ data: me });
  },
);
