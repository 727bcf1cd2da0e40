// The safety-reports step of a Leon sync run (`safetyReportsStep`, issue #13): Leon's safety reports, new
// and changed since the incident sync's own Leon timestamp (a first load, or one after more than six days,
// reads the last 12 months), each written all-or-nothing in its own savepoint; their attachments copied
// into the file storage. A copy that fails is stored as waiting (storage_key null), reported on the run
// and tried again at every run until it succeeds: never dropped. The step reads (and copies) before the
// run's write transaction and writes inside it, so that incidents, their timestamp and the run's row
// commit together.
import { subMonths } from 'date-fns';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { IncidentSyncReport, PendingAttachment, SkippedReport } from '../../contract/incidents';
import type { Db, Tx } from '../db/client';
import { incidentAttachments, incidentSyncState, incidents } from '../db/schema';
import {
  LeonError,
  LeonFileError,
  type LeonReportFailure,
  type LeonSafetyReport,
  type LeonSafetyReportSource,
  offersSafetyReports,
  withoutNul,
} from '../leon';
import { audit } from '../lib/audit';
import { sqlState } from '../lib/errors';
import type { RunStep } from '../lib/leon-step';
import { logger } from '../lib/log';
import type { FileStore } from '../lib/storage';
import { INCIDENTS_PREFIX } from './files';

/** Attachments larger than this are not copied (reported, tried again). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Copies one run makes, one after the other: each is a request to Leon, whose quota is 150 a minute. The
 * others wait (reported as 'Copie en attente') for the next runs.
 */
export const ATTACHMENT_COPIES_PER_RUN = 50;
const FIRST_LOAD_MONTHS = 12;
/** Leon's modified list reaches one week back; past six days, read the whole range again. */
const MAX_INCREMENTAL_AGE_S = 6 * 24 * 3600;
const REASON_MAX = 300;

const clean = (text: string) => {
  const value = withoutNul(text).trim();
  return value.length > REASON_MAX ? `${value.slice(0, REASON_MAX - 1)}…` : value;
};

/** The storage key of an attachment: made by us, never from Leon's file name (decision 012). */
export function attachmentKey(reportNid: number, attachmentNid: number, fileName: string): string {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? 'bin';
  return `${INCIDENTS_PREFIX}${reportNid}/${attachmentNid}.${extension}`;
}

type Copy = { ok: true; key: string; size: number } | { ok: false; reason: string };

/** The safety reports a run read from Leon, with the attachments it copied. */
interface SafetyReportReading {
  reports: LeonSafetyReport[];
  failures: LeonReportFailure[];
  deletedNids: number[];
  timestamp: number;
  copies: Map<number, Copy>;
}

/** A Leon that refused the safety-report reads: the French reason, reported on the run. */
interface SafetyReportsRefused {
  refused: string;
}

/**
 * Leon's safety reports become incidents; the step runs when the source offers the safety-report reads
 * and the run has a file storage for the attachments. It reports `incidents` on the run's result.
 */
export const safetyReportsStep: RunStep<SafetyReportReading | SafetyReportsRefused> = {
  name: 'safety reports',
  phase: 'run',
  async read(source, db, run) {
    if (!run.files || !offersSafetyReports(source)) return null;
    try {
      return await readSafetyReports(db, source, run.files, run.now());
    } catch (error) {
      // Missions matter more: a Leon that refuses safety reports (a key without that scope…) is reported
      // on the run, the incident timestamp stays, and the next run tries again.
      if (!(error instanceof LeonError)) throw error;
      // Leon's own words to the log; the run shows the French message (decision 061).
      logger.warn(
        `Incident sync: Leon refused the safety reports (${error.kind}): ${error.detail?.leonMessage ?? error.message}`,
      );
      return { refused: clean(error.message) };
    }
  },
  async write(tx, reading, run) {
    if ('refused' in reading) return { incidents: { ...(await emptyReport(tx)), failure: reading.refused } };
    return { incidents: await writeIncidents(tx, reading, run.startedAt) };
  },
};

async function readSafetyReports(
  db: Db,
  source: LeonSafetyReportSource,
  files: FileStore,
  now: Date,
): Promise<SafetyReportReading> {
  const [state] = await db.select().from(incidentSyncState).where(eq(incidentSyncState.id, 1));
  const nowS = Math.floor(now.getTime() / 1000);
  let reading: Omit<SafetyReportReading, 'copies'>;
  const last = state?.lastTimestamp ?? null;
  if (last === null || nowS - last > MAX_INCREMENTAL_AGE_S) {
    const end = new Date(now.getTime() + 24 * 3600_000);
    const all = await source.safetyReportsBetween(subMonths(now, FIRST_LOAD_MONTHS), end);
    const { timestamp } = await source.modifiedSafetyReportsSince(nowS - 60);
    reading = { ...all, deletedNids: [], timestamp };
  } else {
    const modified = await source.modifiedSafetyReportsSince(last);
    reading = {
      reports: modified.reports,
      failures: modified.failures,
      deletedNids: modified.deletedReportNids,
      timestamp: modified.timestamp,
    };
  }
  // What to copy: the reports' attachments not copied yet, and every copy still waiting from earlier runs.
  const nids = reading.reports.flatMap((r) => r.attachments.map((a) => a.attachmentNid));
  const copied = new Set(
    nids.length
      ? (
          await db
            .select({ nid: incidentAttachments.leonAttachmentNid })
            .from(incidentAttachments)
            .where(
              and(
                inArray(incidentAttachments.leonAttachmentNid, nids),
                sql`${incidentAttachments.storageKey} is not null`,
              ),
            )
        ).map((row) => row.nid)
      : [],
  );
  const wanted = new Map<number, { reportNid: number; fileName: string; contentType: string; url: string }>();
  for (const report of reading.reports)
    for (const a of report.attachments)
      if (!copied.has(a.attachmentNid))
        wanted.set(a.attachmentNid, {
          reportNid: report.reportNid,
          fileName: a.fileName,
          contentType: a.contentType ?? 'application/octet-stream',
          url: a.url,
        });
  const waiting = await db
    .select({
      nid: incidentAttachments.leonAttachmentNid,
      fileName: incidentAttachments.fileName,
      contentType: incidentAttachments.contentType,
      url: incidentAttachments.sourceUrl,
      reportNid: incidents.leonReportNid,
    })
    .from(incidentAttachments)
    .innerJoin(incidents, eq(incidents.id, incidentAttachments.incidentId))
    .where(and(isNull(incidentAttachments.storageKey), isNull(incidents.deletedAt)));
  const gone = new Set(reading.deletedNids);
  for (const row of waiting)
    if (!wanted.has(row.nid) && !gone.has(row.reportNid))
      wanted.set(row.nid, {
        reportNid: row.reportNid,
        fileName: row.fileName,
        contentType: row.contentType,
        url: row.url,
      });
  const copies = new Map<number, Copy>();
  for (const [nid, file] of [...wanted].slice(0, ATTACHMENT_COPIES_PER_RUN)) {
    try {
      const bytes = await source.attachment(file.url, ATTACHMENT_MAX_BYTES);
      const key = attachmentKey(file.reportNid, nid, file.fileName);
      await files.put(key, bytes, file.contentType);
      copies.set(nid, { ok: true, key, size: bytes.byteLength });
    } catch (error) {
      const why =
        error instanceof LeonFileError || error instanceof LeonError
          ? error.message
          : 'erreur du stockage des fichiers';
      if (!(error instanceof LeonFileError || error instanceof LeonError))
        logger.warn(`Incident sync: attachment ${nid} not stored: ${(error as Error)?.message}`);
      copies.set(nid, { ok: false, reason: clean(`Copie impossible : ${why}`) });
    }
  }
  return { ...reading, copies };
}

/** Why a report could not be stored, in French (the database's own message goes to the log only). */
function reportStoreFailure(error: unknown): string {
  const state = sqlState(error);
  return `Import impossible : erreur de la base de données${state ? ` (code ${state})` : ''}`;
}

async function pendingAttachments(tx: Tx): Promise<PendingAttachment[]> {
  const rows = await tx
    .select({
      reportNumber: incidents.reportNumber,
      fileName: incidentAttachments.fileName,
      failure: incidentAttachments.failure,
    })
    .from(incidentAttachments)
    .innerJoin(incidents, eq(incidents.id, incidentAttachments.incidentId))
    .where(and(isNull(incidentAttachments.storageKey), isNull(incidents.deletedAt)))
    .orderBy(incidents.reportNumber, incidentAttachments.position);
  return rows.map((row) => ({
    reportNumber: row.reportNumber,
    fileName: row.fileName,
    reason: row.failure ?? 'Copie en attente',
  }));
}

async function emptyReport(tx: Tx): Promise<IncidentSyncReport> {
  return {
    failure: null,
    created: 0,
    updated: 0,
    deleted: 0,
    attachmentsCopied: 0,
    pendingAttachments: await pendingAttachments(tx),
    skippedReports: [],
  };
}

/** The columns Leon owns, from a report. */
const leonColumns = (report: LeonSafetyReport) => ({
  reportNumber: report.reportNumber,
  tripNumber: report.tripNumber,
  declaredAt: new Date(report.declaredAt),
  category: report.category,
  title: report.title,
  description: report.description,
  cause: report.cause,
  leonStatus: report.status,
  leonUpdatedAt: new Date(report.lastModified),
});

async function writeReport(
  tx: Tx,
  report: LeonSafetyReport,
  copies: Map<number, Copy>,
  at: Date,
): Promise<'created' | 'updated' | 'kept'> {
  const [existing] = await tx.select().from(incidents).where(eq(incidents.leonReportNid, report.reportNid));
  let id: string;
  let outcome: 'created' | 'updated' | 'kept';
  if (!existing) {
    // Leon's corrective action, when the report came closed with one, stands as the proposed action.
    const response = report.correctiveAction ? report.correctiveAction.slice(0, 5000) : null;
    const [row] = await tx
      .insert(incidents)
      .values({
        leonReportNid: report.reportNid,
        ...leonColumns(report),
        status: report.status,
        response,
        responseAt: response ? new Date(report.lastModified) : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: incidents.id });
    id = row.id;
    outcome = 'created';
  } else {
    id = existing.id;
    const next = leonColumns(report);
    // The status follows Leon until staff validated the action here; then it stays closed.
    const status = existing.validatedAt ? 'CLOSED' : report.status;
    const same =
      existing.deletedAt === null &&
      existing.status === status &&
      existing.leonUpdatedAt.getTime() === next.leonUpdatedAt.getTime() &&
      existing.reportNumber === next.reportNumber &&
      existing.tripNumber === next.tripNumber &&
      existing.declaredAt.getTime() === next.declaredAt.getTime() &&
      existing.category === next.category &&
      existing.title === next.title &&
      existing.description === next.description &&
      existing.cause === next.cause &&
      existing.leonStatus === next.leonStatus;
    if (same) outcome = 'kept';
    else {
      await tx
        .update(incidents)
        .set({ ...next, status, deletedAt: null, updatedAt: at })
        .where(eq(incidents.id, id));
      outcome = 'updated';
    }
  }
  const nids = report.attachments.map((a) => a.attachmentNid);
  // Files Leon no longer lists go from the record (their copies are left to the storage's orphan sweep).
  await tx
    .delete(incidentAttachments)
    .where(
      nids.length
        ? and(eq(incidentAttachments.incidentId, id), notInArray(incidentAttachments.leonAttachmentNid, nids))
        : eq(incidentAttachments.incidentId, id),
    );
  for (const [position, a] of report.attachments.entries()) {
    const copy = copies.get(a.attachmentNid);
    const done = copy?.ok ? copy : null;
    const failed = copy && !copy.ok ? copy.reason : null;
    await tx
      .insert(incidentAttachments)
      .values({
        incidentId: id,
        leonAttachmentNid: a.attachmentNid,
        position,
        fileName: a.fileName,
        contentType: a.contentType ?? 'application/octet-stream',
        sourceUrl: a.url,
        storageKey: done?.key ?? null,
        size: done?.size ?? null,
        copiedAt: done ? at : null,
        failure: failed,
        attempts: copy ? 1 : 0,
      })
      .onConflictDoUpdate({
        target: incidentAttachments.leonAttachmentNid,
        set: {
          incidentId: id,
          position,
          fileName: a.fileName,
          contentType: a.contentType ?? 'application/octet-stream',
          sourceUrl: a.url,
          ...(done ? { storageKey: done.key, size: done.size, copiedAt: at, failure: null } : {}),
          ...(failed ? { failure: failed } : {}),
          ...(copy ? { attempts: sql`${incidentAttachments.attempts} + 1` } : {}),
        },
      });
  }
  return outcome;
}

async function writeIncidents(tx: Tx, reading: SafetyReportReading, at: Date): Promise<IncidentSyncReport> {
  const report = { created: 0, updated: 0, deleted: 0 };
  const skipped: SkippedReport[] = reading.failures.map((f) => ({
    reportNid: f.reportNid,
    reportNumber: f.reportNumber,
    reason: clean(f.message),
  }));
  if (reading.deletedNids.length) {
    const gone = await tx
      .update(incidents)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(inArray(incidents.leonReportNid, reading.deletedNids), isNull(incidents.deletedAt)))
      .returning();
    for (const before of gone)
      await audit(tx, {
        actorId: null,
        action: 'incident.leon-delete',
        entity: 'incident',
        entityId: before.id,
        before,
        at,
      });
    report.deleted = gone.length;
  }
  const written = new Set<number>();
  for (const leon of reading.reports) {
    try {
      const outcome = await tx.transaction((sp) => writeReport(sp, leon, reading.copies, at));
      if (outcome !== 'kept') report[outcome]++;
      for (const a of leon.attachments) written.add(a.attachmentNid);
    } catch (error) {
      logger.warn(`Incident sync: report ${leon.reportNumber} not stored: ${(error as Error).message}`);
      skipped.push({
        reportNid: leon.reportNid,
        reportNumber: leon.reportNumber,
        reason: reportStoreFailure(error),
      });
    }
  }
  // Copies retried for reports Leon did not send again this time.
  for (const [nid, copy] of reading.copies) {
    if (written.has(nid)) continue;
    await tx
      .update(incidentAttachments)
      .set(
        copy.ok
          ? {
              storageKey: copy.key,
              size: copy.size,
              copiedAt: at,
              failure: null,
              attempts: sql`${incidentAttachments.attempts} + 1`,
            }
          : { failure: copy.reason, attempts: sql`${incidentAttachments.attempts} + 1` },
      )
      .where(and(eq(incidentAttachments.leonAttachmentNid, nid), isNull(incidentAttachments.storageKey)));
  }
  const attachmentsCopied = [...reading.copies.values()].filter((c) => c.ok).length;
  // A report not read or not stored holds the timestamp: the next run asks Leon for it again.
  if (skipped.length === 0)
    await tx
      .insert(incidentSyncState)
      .values({ id: 1, lastTimestamp: reading.timestamp, updatedAt: at })
      .onConflictDoUpdate({
        target: incidentSyncState.id,
        set: { lastTimestamp: reading.timestamp, updatedAt: at },
      });
  return {
    failure: null,
    ...report,
    attachmentsCopied,
    pendingAttachments: await pendingAttachments(tx),
    skippedReports: skipped,
  };
}
