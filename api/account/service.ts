// The signed-in user's own sessions: listed, ended one by one, or all but the current one. A session ends
// by its revocation (api/auth), which every later call of it meets (its guard reads the session on each
// call), and its change feed stream closes on the audit event (entity 'session').
import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { SessionRow } from '../../contract/account';
import { revokeSessions } from '../auth';
import { sessions } from '../db/schema';
import { auditAll } from '../lib/audit';
import type { CurrentUser, Deps } from '../lib/context';
import type { PageParams } from '../lib/paging';
import { describeClient } from './user-agent';

/** The reason a session ended from 'Mon compte' keeps (sessions.revoked_reason). */
const ENDED_BY_USER = 'ended-by-user';

/** A page of the user's open sessions, the most recently active first, and how many there are. */
export async function listSessions(
  deps: Deps,
  me: CurrentUser,
  page: PageParams,
): Promise<{ rows: SessionRow[]; total: number }> {
  const open = and(eq(sessions.userId, me.id), isNull(sessions.revokedAt));
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        userAgent: sessions.userAgent,
        address: sessions.address,
      })
      .from(sessions)
      .where(open)
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), sessions.id)
      .limit(page.pageSize)
      .offset(page.offset),
    deps.db.select({ total: count() }).from(sessions).where(open),
  ]);
  return {
    total,
    rows: rows.map(({ userAgent, createdAt, lastSeenAt, ...row }) => ({
      ...row,
      ...describeClient(userAgent),
      createdAt: createdAt.toISOString(),
      lastSeenAt: lastSeenAt.toISOString(),
      current: row.id === me.sessionId,
    })),
  };
}

/**
 * Ends the open sessions of the user that `which` names (one, or every one but the current), each
 * audited in the same transaction; the ids ended.
 */
async function endSessions(deps: Deps, me: CurrentUser, which: 'others' | string): Promise<string[]> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, me.id),
          isNull(sessions.revokedAt),
          which === 'others' ? ne(sessions.id, me.sessionId) : eq(sessions.id, which),
        ),
      )
      .for('update');
    for (const { id } of rows) await revokeSessions(tx, { sessionId: id }, ENDED_BY_USER, now);
    await auditAll(
      tx,
      rows.map(({ id }) => ({
        actorId: me.id,
        action: 'session.end',
        entity: 'session',
        entityId: id,
        at: now,
        after: { revokedReason: ENDED_BY_USER },
      })),
    );
    return rows.map(({ id }) => id);
  });
}

/** Ends one of the user's open sessions (the current one too); false when it is not one of them. */
export async function endSession(deps: Deps, me: CurrentUser, id: string): Promise<boolean> {
  return (await endSessions(deps, me, id)).length === 1;
}

/** Ends every open session of the user but the current one; how many. */
export async function endOtherSessions(deps: Deps, me: CurrentUser): Promise<number> {
  return (await endSessions(deps, me, 'others')).length;
}
