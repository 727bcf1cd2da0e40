// requireUser() / requireRole(), which every feature's routes take from api/auth's index: the signed-in
// user of every protected route, checked against the database on each call so that logout, deletion and
// role changes apply at once.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MESSAGES, type SecondFactorStep } from '../../contract/auth';
import { FACTOR_MESSAGES } from '../../contract/factors';
import type { Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { AppEnv, CurrentUser, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { sessionMeColumns } from './sessions';
import { readAccess, verifyAccess } from './tokens';

function sessionUserQuery(db: Db) {
  return db
    .select({ ...sessionMeColumns, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(users.id, sql.placeholder('sub')),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .prepare('auth_session_user');
}

// Built once per database: drizzle then skips composing the SQL on each call, and PostgreSQL parses and
// plans the named statement once per connection (issue 18: GET /user/me's time went there, not to I/O).
// Nothing is cached but the statement: the row is read on each call, so revocation applies at once.
const prepared = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/** The session's user, or null when the access token is missing, expired, revoked or the user deleted. */
export async function currentUser(deps: Deps, token: string | undefined): Promise<CurrentUser | null> {
  if (!token) return null;
  const claims = await verifyAccess(deps.config.sessionSecret, token, deps.now());
  if (!claims) return null;
  let query = prepared.get(deps.db);
  if (!query) {
    query = sessionUserQuery(deps.db);
    prepared.set(deps.db, query);
  }
  const [row] = await query.execute({ sid: claims.sid, sub: claims.sub });
  return row ?? null;
}

export interface RequireUserOptions {
  /** Let a user who must still change their password through (the forced-change call itself, /user/me). */
  allowPendingPasswordChange?: boolean;
  /**
   * The second-factor steps a session may still be at (decision 070): the step's own calls and /user/me.
   * Any other call of a session that still needs a step is refused.
   */
  allowSecondFactor?: readonly SecondFactorStep[];
}

export const requireUser = (options: RequireUserOptions = {}) =>
  createMiddleware<AppEnv>(async function requireUserHandler(c, next) {
    const user = await currentUser(c.get('deps'), readAccess(c));
    if (!user) fail(401, MESSAGES.unauthenticated);
    if (user.secondFactor && !options.allowSecondFactor?.includes(user.secondFactor))
      fail(403, FACTOR_MESSAGES.stepRequired);
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

/** A signed-in user of one of `roles`: the guards a route spreads before its handler. */
export const requireRoles = (...roles: Role[]) => [requireUser(), requireRole(...roles)] as const;

/** When the request's access token expires (ms since the epoch), or null without a valid one. */
export async function accessExpiresAt(c: Context<AppEnv>): Promise<number | null> {
  const token = readAccess(c);
  if (!token) return null;
  const claims = await verifyAccess(c.get('deps').config.sessionSecret, token, c.get('deps').now());
  return claims ? claims.exp * 1000 : null;
}
