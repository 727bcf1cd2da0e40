// The journal of the sync runs (issue 25, decision 035): every run, newest first, with its result as a
// reader should see it. A run's row says 'failed, interrupted' from its start (decision 020) until its
// end rewrites it, so a row without an end is read here: 'running' while its run is alive — a run of this
// process, or the run the sync lease names while the sync's advisory lock is held (another instance) —
// and 'interrupted' once its process died (its lock went with its connection).
import { desc, eq, sql } from 'drizzle-orm';
import type { Page } from '../../contract/http';
import type { JournalSkippedTrip, SyncRunResult, SyncRunRow } from '../../contract/sync';
import { type Db, rowsOf } from '../db/client';
import { leonSkippedTrips, syncLease, syncRuns, users } from '../db/schema';
import { toPage } from '../lib/paging';
import { RUN_FENCED, RUN_INTERRUPTED } from './reasons';
import { activeRuns, LOCK_KEY } from './run';

const STOPPED = new Set([RUN_INTERRUPTED, RUN_FENCED]);

/**
 * Whether the sync's advisory lock on this database is held by some session (another instance's run);
 * read-only. `pg_locks` lists the whole server's locks: a run on another database of the same server holds
 * a lock of the same key there, which says nothing of this one's runs.
 */
async function syncLockHeld(db: Db): Promise<boolean> {
  // A bigint advisory key below 2^32 shows as classid 0, objid key, objsubid 1.
  const [row] = await rowsOf<{ held: boolean }>(
    db,
    sql`select exists(select 1 from pg_locks where locktype = 'advisory' and granted and classid = 0 and objid = ${LOCK_KEY} and objsubid = 1 and database = (select oid from pg_database where datname = current_database())) as held`,
  );
  return row?.held === true;
}

interface StoredRun {
  id: string;
  status: 'ok' | 'failed';
  reason: string | null;
  finishedAt: Date | null;
}

/** The result the journal shows for a stored run. */
export function runResult(run: StoredRun, alive: (id: string) => boolean): SyncRunResult {
  if (run.finishedAt === null && run.status === 'failed' && run.reason === RUN_INTERRUPTED)
    return alive(run.id) ? 'running' : 'interrupted';
  if (run.status === 'ok') return 'ok';
  return run.reason !== null && STOPPED.has(run.reason) ? 'interrupted' : 'failed';
}

/**
 * A page of the journal, newest first. Leon's own words (a failed run's, a refused trip's) are given to
 * ADMIN only (`withLeonWords`); the others read the French reasons (decision 061).
 */
export async function journalPage(
  db: Db,
  pageSize: number,
  offset: number,
  withLeonWords = false,
): Promise<Page<SyncRunRow>> {
  const [rows, [{ total }], [lease], waiting] = await Promise.all([
    db
      .select({
        id: syncRuns.id,
        kind: syncRuns.kind,
        status: syncRuns.status,
        reason: syncRuns.reason,
        leonDetail: syncRuns.leonDetail,
        firstName: users.firstName,
        lastName: users.lastName,
        startedAt: syncRuns.startedAt,
        finishedAt: syncRuns.finishedAt,
        created: syncRuns.created,
        updated: syncRuns.updated,
        deleted: syncRuns.deleted,
        skipped: syncRuns.skipped,
        incidents: syncRuns.incidents,
        invoices: syncRuns.invoices,
      })
      .from(syncRuns)
      .leftJoin(users, eq(users.id, syncRuns.actorId))
      .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(syncRuns),
    db.select({ runId: syncLease.runId }).from(syncLease).where(eq(syncLease.id, 1)),
    db.select({ tripNumber: leonSkippedTrips.tripNumber }).from(leonSkippedTrips),
  ]);
  const unfinished = rows.some((run) => run.finishedAt === null && !activeRuns.has(run.id));
  const leased = lease?.runId ?? null;
  const lockHeld = unfinished && leased !== null && !activeRuns.has(leased) ? await syncLockHeld(db) : false;
  const alive = (id: string) => activeRuns.has(id) || (id === leased && lockHeld);
  const kept = new Set(waiting.map((w) => w.tripNumber));
  const page: SyncRunRow[] = rows.map(
    ({ firstName, lastName, startedAt, finishedAt, skipped, leonDetail, ...run }) => {
      const status = runResult({ ...run, finishedAt }, alive);
      return {
        ...run,
        status,
        reason: status === 'running' ? null : run.reason,
        leonDetail: withLeonWords ? leonDetail : null,
        actorName: firstName === null ? null : `${firstName} ${lastName}`,
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt?.toISOString() ?? null,
        skipped: (withLeonWords ? skipped : skipped.map(withoutLeonWords)).map(
          (trip): JournalSkippedTrip => ({
            ...trip,
            waiting: trip.tripNumber !== null && kept.has(trip.tripNumber),
          }),
        ),
        invoices: run.invoices ?? null,
      };
    },
  );
  return toPage(page, total, pageSize);
}

/** A skipped trip without Leon's own words, for the roles other than ADMIN. */
export function withoutLeonWords<T extends { leonMessage?: string }>({ leonMessage: _, ...trip }: T) {
  return trip;
}

/** The trips of a run still kept to be read again (decision 009); null when the run does not exist. */
export async function keptTripsOf(db: Db, runId: string): Promise<string[] | null> {
  const [run] = await db.select({ skipped: syncRuns.skipped }).from(syncRuns).where(eq(syncRuns.id, runId));
  if (!run) return null;
  const kept = new Set(
    (await db.select({ tripNumber: leonSkippedTrips.tripNumber }).from(leonSkippedTrips)).map(
      (w) => w.tripNumber,
    ),
  );
  return run.skipped.map((trip) => trip.tripNumber).filter((n): n is string => n !== null && kept.has(n));
}
