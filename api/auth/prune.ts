// What the pruning job (api/server.ts, a job of api/lib/jobs.ts) removes of authentication: refresh tokens
// past their expiry, sessions with no token left that are revoked or unseen for a day, and reset codes a
// day after they expired. None of them can sign anyone in any more; the audit log keeps what happened.
import { and, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResetCodes, refreshTokens, sessions } from '../db/schema';

const DAY_MS = 24 * 3600_000;

export async function pruneAuth(
  db: Db,
  now: Date,
): Promise<{ refreshTokens: number; sessions: number; resetCodes: number }> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const tokens = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, now))
    .returning({ id: refreshTokens.id });
  const ended = await db
    .delete(sessions)
    .where(
      and(
        notExists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(sql`${refreshTokens.sessionId} = ${sessions.id}`),
        ),
        or(
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo)),
          lt(sessions.lastSeenAt, dayAgo),
        ),
      ),
    )
    .returning({ id: sessions.id });
  const codes = await db
    .delete(passwordResetCodes)
    .where(lt(passwordResetCodes.expiresAt, dayAgo))
    .returning({ id: passwordResetCodes.id });
  return { refreshTokens: tokens.length, sessions: ended.length, resetCodes: codes.length };
}
