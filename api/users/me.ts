// GET /user/me: the signed-in user (also while a forced password change or a second step is pending).
import { Hono } from 'hono';
import { requireUser } from '../auth';
import type { AppEnv } from '../lib/context';

export const meRoutes = new Hono<AppEnv>().get(
  '/user/me',
  requireUser({ allowPendingPasswordChange: true, allowSecondFactor: ['verify', 'enrol'] }),
  (c) => {
    const { sessionId: _, ...me } = c.get('user');
    return c.json({ data: me });
  },
);
