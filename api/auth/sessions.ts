// Sessions on the server: opening one at sign-in, rotating its refresh token, revoking it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Me } from '../../contract/auth';
import type { Db } from '../db/client';
import { refreshTokens, sessions, users } from '../db/schema';
import type { Deps } from '../lib/context';
import { hashToken, newRefreshToken, REFRESH_TTL_SECONDS, setSessionCookies, signAccess } from './tokens';

export const meColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  hospitals: users.hospital,
  forceChangePassword: users.forceChangePassword,
};

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

/** Opens a session for `userId` and sets its cookies. */
export async function openSession(c: Context, deps: Deps, userId: string): Promise<string> {
  const now = deps.now();
  const { sessionId, refresh } = await deps.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ userId, createdAt: now, lastSeenAt: now })
      .returning({ id: sessions.id });
    return { sessionId: session.id, refresh: await issueRefresh(tx, session.id, now) };
  });
  setSessionCookies(
    c,
    deps.config,
    await signAccess(deps.config.sessionSecret, userId, sessionId, now),
    refresh,
  );
  return sessionId;
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
      ...meColumns,
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
  );
  const { id, firstName, lastName, email, phone, role, hospitals, forceChangePassword } = row;
  return { ok: true, user: { id, firstName, lastName, email, phone, role, hospitals, forceChangePassword } };
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
