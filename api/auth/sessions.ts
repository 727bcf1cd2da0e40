// Sessions on the server: opening one at sign-in, rotating its refresh token, revoking it.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Me, SecondFactorStep } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { refreshTokens, sessions, userFactors, users } from '../db/schema';
import { clientIp, shortAddress } from '../lib/client-ip';
import type { AppEnv, Deps } from '../lib/context';
import { hashToken, newRefreshToken, REFRESH_TTL_SECONDS, setSessionCookies, signAccess } from './tokens';

export const meColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  hospitals: users.hospitals,
  forceChangePassword: users.forceChangePassword,
};

/** The user columns of `Me` and what the session still needs (migration 0025). */
export const sessionMeColumns = { ...meColumns, secondFactor: sessions.secondFactor };

/**
 * What a session opened by the password alone still needs (decision 070): a code when the user has a
 * confirmed factor, a first factor when the role requires one, else nothing.
 */
export async function stepAfterPassword(
  deps: Deps,
  user: { id: string; role: Role },
): Promise<SecondFactorStep | null> {
  const [factor] = await deps.db
    .select({ id: userFactors.id })
    .from(userFactors)
    .where(and(eq(userFactors.userId, user.id), isNotNull(userFactors.confirmedAt)))
    .limit(1);
  if (factor) return 'verify';
  return deps.config.mfaRequiredRoles.includes(user.role) ? 'enrol' : null;
}

async function issueRefresh(db: Pick<Db, 'insert'>, sessionId: string, now: Date): Promise<string> {
  const token = newRefreshToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
  });
  return token;
}

/** What a session keeps of its client, for its user to recognise it in 'Mon compte' (migration 0023). */
export interface SessionClient {
  userAgent: string | null;
  address: string | null;
}

/** The longest user-agent kept: enough for any real browser's, bounded for a forged one. */
const USER_AGENT_MAX = 512;

/** The client of the request that opens a session: its user-agent and its address shortened. */
export function sessionClient(c: Context<AppEnv>): SessionClient {
  const userAgent = c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) || null;
  return { userAgent, address: shortAddress(clientIp(c)) };
}

/** A session opened in the database, whose cookies are still to be set. */
export interface OpenedSession {
  userId: string;
  sessionId: string;
  refresh: string;
}

async function insertSession(
  db: Pick<Db, 'insert'>,
  userId: string,
  now: Date,
  client: SessionClient,
  secondFactor: SecondFactorStep | null,
): Promise<OpenedSession> {
  const [session] = await db
    .insert(sessions)
    .values({ userId, createdAt: now, lastSeenAt: now, ...client, secondFactor })
    .returning({ id: sessions.id });
  return { userId, sessionId: session.id, refresh: await issueRefresh(db, session.id, now) };
}

/** Sets the cookies of a session opened by `insertSession` or `renewSessions` (after their commit). */
export async function setCookiesOf(c: Context, deps: Deps, opened: OpenedSession, now: Date): Promise<void> {
  setSessionCookies(
    c,
    deps.config,
    await signAccess(deps.config.sessionSecret, opened.userId, opened.sessionId, now),
    opened.refresh,
    now,
  );
}

/** Opens a session for `userId`, still needing `secondFactor` (null: complete), and sets its cookies. */
export async function openSession(
  c: Context<AppEnv>,
  deps: Deps,
  userId: string,
  secondFactor: SecondFactorStep | null,
): Promise<string> {
  const now = deps.now();
  const client = sessionClient(c);
  const opened = await deps.db.transaction((tx) => insertSession(tx, userId, now, client, secondFactor));
  await setCookiesOf(c, deps, opened, now);
  return opened.sessionId;
}

/**
 * After a password change, in its transaction: ends every session of the user, the caller's included
 * (whose tokens may have leaked with the old password), and opens a new one for the caller, still needing
 * what the caller's needed (`secondFactor`).
 */
export async function renewSessions(
  tx: Pick<Db, 'insert' | 'update'>,
  userId: string,
  reason: string,
  now: Date,
  client: SessionClient,
  secondFactor: SecondFactorStep | null = null,
): Promise<OpenedSession> {
  await revokeSessions(tx, { userId }, reason, now);
  return insertSession(tx, userId, now, client, secondFactor);
}

/**
 * The second step done, in its transaction: the session that needed it ends and a complete one replaces
 * it (new tokens: the privilege gained is not carried by tokens issued before it, ASVS V3.2.1). Its
 * cookies are set by `setCookiesOf` after the commit.
 */
export async function completeSession(
  tx: Pick<Db, 'insert' | 'update'>,
  c: Context<AppEnv>,
  me: { id: string; sessionId: string },
  reason: string,
  now: Date,
): Promise<OpenedSession> {
  await revokeSessions(tx, { sessionId: me.sessionId }, reason, now);
  return insertSession(tx, me.id, now, sessionClient(c), null);
}

export type RotateResult =
  | { ok: true; user: Me }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** Exchanges a refresh token for a new pair; a token presented twice revokes its whole session. */
export async function rotate(c: Context, deps: Deps, token: string): Promise<RotateResult> {
  const now = deps.now();
  const [row] = await deps.db
    .select({
      tokenId: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: sessions.revokedAt,
      deletedAt: users.deletedAt,
      ...sessionMeColumns,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt || row.deletedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (row.rotatedAt) {
    await revokeSessions(deps.db, { sessionId: row.sessionId }, 'refresh-token-reuse', now);
    return { ok: false, reason: 'reused' };
  }
  const refresh = await deps.db.transaction(async (tx) => {
    // Only one caller can rotate a token: a concurrent second one finds it rotated already.
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.id, row.tokenId), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return null;
    await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    return issueRefresh(tx, row.sessionId, now);
  });
  if (!refresh) {
    await revokeSessions(deps.db, { sessionId: row.sessionId }, 'refresh-token-reuse', now);
    return { ok: false, reason: 'reused' };
  }
  setSessionCookies(
    c,
    deps.config,
    await signAccess(deps.config.sessionSecret, row.id, row.sessionId, now),
    refresh,
    now,
  );
  const { id, firstName, lastName, email, phone, role, hospitals, forceChangePassword, secondFactor } = row;
  return {
    ok: true,
    user: { id, firstName, lastName, email, phone, role, hospitals, forceChangePassword, secondFactor },
  };
}

/** Revokes one session, or every open session of a user; an already revoked one keeps its reason. */
export async function revokeSessions(
  db: Pick<Db, 'update'>,
  which: { sessionId: string } | { userId: string },
  reason: string,
  now: Date,
): Promise<void> {
  const target = 'sessionId' in which ? eq(sessions.id, which.sessionId) : eq(sessions.userId, which.userId);
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(target, isNull(sessions.revokedAt)));
}

export async function sessionOfRefresh(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row?.sessionId ?? null;
}
