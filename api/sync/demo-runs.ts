// Past sync runs for the demo's journal (decision 035), written with the demo's first sync: a poll that
// ran, a manual update Leon failed, a poll the server's stop interrupted, and a load that skipped a trip.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { syncRuns, users } from '../db/schema';
import { RUN_INTERRUPTED } from './reasons';

const HOUR = 3600_000;
const report = (created: number, updated: number) => ({
  failure: null,
  created,
  updated,
  deleted: 0,
  attachmentsCopied: created,
  pendingAttachments: [],
  skippedReports: [],
});

/** Adds the demo's past runs before `now`, unless runs other than the first sync exist already. */
export async function seedDemoSyncRuns(db: Db, now: Date): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(syncRuns);
  if (count > 1) return 0;
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.test', 'operation@demo.test']));
  const idOf = (email: string) => staff.find((u) => u.email === email)?.id ?? null;
  const at = (hoursBefore: number, seconds = 0) =>
    new Date(now.getTime() - hoursBefore * HOUR + seconds * 1000);
  const rows: Array<typeof syncRuns.$inferInsert> = [
    {
      kind: 'poll',
      startedAt: at(50),
      finishedAt: at(50, 38),
      status: 'ok',
      created: 2,
      updated: 5,
      deleted: 1,
      incidents: report(1, 0),
      invoices: { created: 3, updated: 1, errors: 0, failure: null },
    },
    {
      kind: 'update',
      actorId: idOf('admin@demo.test'),
      startedAt: at(26),
      finishedAt: at(26, 12),
      status: 'failed',
      reason: 'Leon est injoignable, veuillez réessayer plus tard.',
    },
    { kind: 'poll', startedAt: at(8), finishedAt: null, status: 'failed', reason: RUN_INTERRUPTED },
    {
      kind: 'synchronize',
      actorId: idOf('operation@demo.test'),
      startedAt: at(3),
      finishedAt: at(3, 74),
      status: 'ok',
      created: 4,
      updated: 2,
      failed: 1,
      skipped: [
        {
          tripNumber: 'DEMO-0417',
          tripNid: 90417,
          flightNid: null,
          reason: 'Import impossible : un nombre dépasse la capacité de la base de données (code 22003)',
        },
      ],
      errors: [
        {
          tripNumber: 'DEMO-0417',
          message: 'Import impossible : un nombre dépasse la capacité de la base de données (code 22003)',
        },
      ],
      incidents: report(0, 1),
      invoices: { created: 1, updated: 0, errors: 1, failure: null },
    },
  ];
  await db.insert(syncRuns).values(rows);
  return rows.length;
}
