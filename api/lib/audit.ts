// Writes an audit row for every mutation: who, when, what, and the state before and after.
import { type Db, insertRows } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  at?: Date;
}

/** `db` may be a transaction, so the audit row commits or rolls back with the change. */
export async function audit(db: Pick<Db, 'execute'>, entry: AuditEntry): Promise<void> {
  await auditAll(db, [entry]);
}

/** Several audit rows in one statement (a sync batch's creations and updates). */
export async function auditAll(db: Pick<Db, 'execute'>, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await insertRows(
    db,
    auditLog,
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      at: entry.at,
    })),
  );
}
