// Saves made on a stale version (issue 50, decision 064): an edit names the version of the record it was
// made on; the update holds `version = $version` in its own WHERE, so that a record changed meanwhile is
// left as it is, and the caller answers 409 with the French message of contract/conflicts.ts, naming who
// changed the record last and when, as the audit log tells it.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type ConflictRecord, editConflictMessage, type LastChange } from '../../contract/conflicts';
import { LEON_ACTOR } from '../../contract/history';
import type { Db } from '../db/client';
import { auditLog, users } from '../db/schema';
import { fail } from './errors';

/** The condition an update made on `version` adds to its WHERE; none when the save named no version. */
export const onVersion = (column: PgColumn, version: number | undefined): SQL | undefined =>
  version === undefined ? undefined : eq(column, version);

/**
 * The newest audit row of `entity` `entityId`: the user who wrote it, 'Leon' for what the sync wrote
 * (actions `*.leon-*`), no name for the rest; and when. Null when the log holds none.
 */
export async function lastChange(
  db: Pick<Db, 'select'>,
  entity: string,
  entityId: string,
): Promise<LastChange | null> {
  const [row] = await db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const actor =
    row.firstName !== null
      ? `${row.firstName} ${row.lastName ?? ''}`.trim()
      : row.action.includes('.leon-')
        ? LEON_ACTOR
        : null;
  return { actor, at: row.at };
}

/**
 * Answers 409 for a save refused on its version, naming `record` and its last change. Thrown inside the
 * write's transaction (give it the transaction: PGlite serves nothing else while one is open), it rolls
 * the transaction back, so that nothing the save did before, its audit included, is kept.
 */
export async function refuseStale(
  db: Pick<Db, 'select'>,
  record: ConflictRecord,
  audited: { entity: string; entityId: string },
  now: Date,
): Promise<never> {
  fail(409, editConflictMessage(record, await lastChange(db, audited.entity, audited.entityId), now));
}
