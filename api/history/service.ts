// A record's history (issue 25, decision 036): its audit rows, newest first, a page at a time, read through
// the index on (entity, entity id, time) of migration 0018, each formatted as the screens show values
// (contract/history.ts). Read only.
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  actionLabel,
  HISTORY_MESSAGES,
  type HistoryEntity,
  type HistoryEntry,
  historyChanges,
  LEON_ACTOR,
  parisDateTime,
  SYSTEM_ACTOR,
} from '../../contract/history';
import type { Page } from '../../contract/http';
import type { Db } from '../db/client';
import { auditLog, missions, statistics, users } from '../db/schema';
import { fail } from '../lib/errors';
import { toPage } from '../lib/paging';

/** Each record's table and the 404 of an id it does not hold. */
const RECORDS = {
  mission: { table: missions, notFound: HISTORY_MESSAGES.missionNotFound },
  statistic: { table: statistics, notFound: HISTORY_MESSAGES.statisticNotFound },
  user: { table: users, notFound: HISTORY_MESSAGES.userNotFound },
} as const;

/** Who made a change: the user's name; 'Leon' for what the sync wrote; 'Système' otherwise. */
function actorName(action: string, user: { firstName: string; lastName: string } | null): string {
  if (user) return `${user.firstName} ${user.lastName}`;
  return action.startsWith('mission.leon-') ? LEON_ACTOR : SYSTEM_ACTOR;
}

/** One page of the history of `entity` `id` (404 when no such record exists). */
export async function historyOf(
  db: Db,
  entity: HistoryEntity,
  id: string,
  page: { pageSize: number; offset: number },
): Promise<Page<HistoryEntry>> {
  const record = RECORDS[entity];
  const [found] = await db.select({ id: record.table.id }).from(record.table).where(eq(record.table.id, id));
  if (!found) fail(404, record.notFound);
  const where = and(eq(auditLog.entity, entity), eq(auditLog.entityId, id));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.pageSize)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  const entries = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    when: parisDateTime(row.at),
    actor: actorName(
      row.action,
      row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? '' },
    ),
    action: actionLabel(row.action),
    changes: historyChanges(entity, row.before, row.after),
  }));
  return toPage(entries, total, page.pageSize);
}
