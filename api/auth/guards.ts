// requireUser() / requireRole(), which every feature's routes take from api/auth's index: the signed-in
// user of every protected route, checked against the database on each call so that logout, deletion and
// role changes apply at once.
import { and, eq, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { MESSAGES } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import { sessions, users } from '../db/schema';
import type { AppEnv, CurrentUser, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { meColumns } from './sessions';
import { readAccess, verifyAccess } from './tokens';

/** The session's user, or null when the access token is missing, expired, revoked or the user deleted. */
export async function currentUser(deps: Deps, token: string | undefined): Promise<CurrentUser | null> {
  if (!token) return null;
  const claims = await verifyAccess(deps.config.sessionSecret, token, deps.now());
  if (!claims) return null;
  const [row] = await deps.db
    .select({ ...meColumns, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(users.id, claims.sub),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
      ),
    );
  return row ?? null;
}

export interface RequireUserOptions {
  /** Let a user who must still change their password through (the forced-change call itself, /user/me). */
  allowPendingPasswordChange?: boolean;
}

export const requireUser = (options: RequireUserOptions = {}) =>
  createMiddleware<AppEnv>(async function requireUserHandler(c, next) {
    const user = await currentUser(c.get('deps'), readAccess(c));
    if (!user) fail(401, MESSAGES.unauthenticated);
    if (user.forceChangePassword && !options.allowPendingPasswordChange) fail(403, MESSAGES.forbidden);
    c.set('user', user);
    await next();
  });

/** Must follow requireUser(). */
export const requireRole = (...roles: Role[]) =>
  createMiddleware<AppEnv>(async function requireRoleHandler(c, next) {
    if (!roles.includes(c.get('user').role)) fail(403, MESSAGES.forbidden);
    await next();
  });
