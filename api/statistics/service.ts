// What the statistics routes do, one function a route: the list with its costs, bulk invoice statuses, the
// two-step PDF upload, downloads, deletes, the hospital flag and the XLSX export. Each finds the records
// as the user may see them (records.ts), applies the rules and, for a write, runs it in a transaction with
// its audit entry; files are deleted only once the record no longer points to them.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Infer } from 'superstruct';
import type { Page } from '../../contract/http';
import {
  type ChangeStatusInput,
  DOWNLOAD_TYPES,
  type DownloadPdfQuery,
  type MediaPath,
  type MediaPathQuery,
  type PdfKind,
  STATISTIC_MESSAGES,
  STATISTIC_PDF_MAX_BYTES,
  STATISTICS_PAGE_SIZE,
  type StatisticRow,
  type StatisticsExportQuery,
  type StatisticsListQueryInput,
  type UpdatePdfInput,
} from '../../contract/statistics';
import { billingVerdicts } from '../billing';
import { missions, statistics } from '../db/schema';
import { audit } from '../lib/audit';
import { onVersion, refuseStale } from '../lib/conflicts';
import type { CurrentUser, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams, toPage } from '../lib/paging';
import { hit, type Limit } from '../lib/rate-limit';
import { loadPriceBook, priceBookAt } from '../prices';
import {
  countAndPriceBookVersion,
  filtersWhere,
  findRecord,
  type RecordRow,
  readPage,
  toRows,
  visibleTo,
} from './records';

/**
 * Upload links a user may ask for per hour: each lets 20 MB in, and a file no record points to is swept
 * only after a day, so links without a limit would let one account fill the disk (decision 012).
 */
export const MEDIA_PATH_LIMIT = (userId: string): Limit => ({
  key: `media-path:${userId}`,
  max: 60,
  windowMs: 3600_000,
});

/** Where each kind of invoice PDF of a record lives: `statistics/<record id>/<kind>/<uuid>.pdf`. */
export const STATISTICS_PREFIX = 'statistics/';
const keyFor = (id: string, kind: PdfKind) => `${STATISTICS_PREFIX}${id}/${kind}/${randomUUID()}.pdf`;
const KEY = /^statistics\/([0-9a-f-]{36})\/(flight|airport)\/[0-9a-f-]{36}\.pdf$/;
const belongsTo = (key: string, id: string, kind: PdfKind) => {
  const match = KEY.exec(key);
  return match !== null && match[1] === id.toLowerCase() && match[2] === kind;
};

const KIND_NAMES: Record<PdfKind, string> = { flight: 'facture-vol', airport: 'facture-aeroport' };
const downloadName = (record: RecordRow, kind: PdfKind) =>
  `${KIND_NAMES[kind]}-${record.tripNumber ?? record.id}.pdf`;

const columnsOf = (kind: PdfKind) =>
  kind === 'flight'
    ? { key: 'flightPdfKey', name: 'flightPdfName', invoiceId: 'flightInvoiceId' }
    : { key: 'airportPdfKey', name: 'airportPdfName', invoiceId: 'airportInvoiceId' };

/** What the audit keeps of a record. */
const auditView = (r: typeof statistics.$inferSelect | RecordRow) => ({
  flightStatus: r.flightStatus,
  airportStatus: r.airportStatus,
  showForHospital: r.showForHospital,
  flightInvoiceId: r.flightInvoiceId,
  airportInvoiceId: r.airportInvoiceId,
  flightPdfKey: r.flightPdfKey,
  airportPdfKey: r.airportPdfKey,
});

/** A record the user may see, or a 404. */
async function recordOr404(deps: Deps, user: CurrentUser, id: string): Promise<RecordRow> {
  const record = await findRecord(deps.db, user, id);
  if (!record) fail(404, STATISTIC_MESSAGES.notFound);
  return record;
}

/** GET /statistic/all: one page of the rows of requirements §3 the user may see, with their costs. */
export async function listStatistics(
  deps: Deps,
  user: CurrentUser,
  q: StatisticsListQueryInput,
): Promise<Page<StatisticRow>> {
  const { db, config } = deps;
  const { pageSize, offset } = pageParams(q, STATISTICS_PAGE_SIZE);
  const where = filtersWhere(user, q);
  // The page and its legs beside the exact count; the prices are read again only if they changed.
  const [{ records, legs }, { total, prices }] = await Promise.all([
    readPage(db, where, pageSize, offset),
    countAndPriceBookVersion(db, where),
  ]);
  const book = await priceBookAt(db, prices);
  const rows = toRows(user, records, legs, book, config.costRules);
  // Staff see the billing check's verdict of each mission (decision 033).
  if (user.role !== 'HOSPITAL') {
    const verdicts = await billingVerdicts(db, records, legs, book, deps.now(), config.costRules);
    for (const row of rows) {
      const verdict = verdicts.get(row.missionId ?? '');
      row.billingVerdict = verdict?.verdict;
      row.billingReason = verdict?.reason;
    }
  }
  return toPage(rows, total, pageSize);
}

/** PUT /statistic/change-status: the flight and/or airport status of the selected records, all or none. */
export async function changeStatuses(deps: Deps, user: CurrentUser, input: ChangeStatusInput) {
  const ids = [...new Set(input.selectedIds.map((id) => id.toLowerCase()))];
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Locked, so that two bulk changes do not interleave their audit rows.
    const before = await tx
      .select()
      .from(statistics)
      .innerJoin(missions, eq(missions.id, statistics.missionId))
      .where(and(inArray(statistics.id, ids), visibleTo(user)))
      .for('update', { of: statistics });
    if (before.length !== ids.length) fail(404, STATISTIC_MESSAGES.someNotFound);
    // Made on the versions the rows were shown at (decision 064): the rows are locked, so that none
    // changes between this check and the update.
    const versions = new Map(Object.entries(input.versions ?? {}).map(([id, v]) => [id.toLowerCase(), v]));
    const stale = before.find(({ statistics: r }) => versions.has(r.id) && versions.get(r.id) !== r.version);
    if (stale)
      await refuseStale(
        tx,
        ids.length === 1 ? 'statistic' : 'statistics',
        { entity: 'statistic', entityId: stale.statistics.id },
        now,
      );
    const set: Partial<typeof statistics.$inferInsert> = { updatedAt: now };
    if (input.flightStatus) set.flightStatus = input.flightStatus;
    if (input.airportStatus) set.airportStatus = input.airportStatus;
    const after = await tx.update(statistics).set(set).where(inArray(statistics.id, ids)).returning();
    const byId = new Map(after.map((r) => [r.id, r]));
    for (const { statistics: record } of before)
      await audit(tx, {
        actorId: user.id,
        action: 'statistic.change-status',
        entity: 'statistic',
        entityId: record.id,
        before: { flightStatus: record.flightStatus, airportStatus: record.airportStatus },
        after: {
          flightStatus: byId.get(record.id)?.flightStatus,
          airportStatus: byId.get(record.id)?.airportStatus,
        },
        at: now,
      });
    return after.map((r) => ({ id: r.id, flightStatus: r.flightStatus, airportStatus: r.airportStatus }));
  });
}

/** Step 1 of an upload: a short-lived URL signed for one key of this record, this kind and this size. */
export async function mediaPath(
  deps: Deps,
  user: CurrentUser,
  q: Infer<typeof MediaPathQuery>,
): Promise<MediaPath> {
  const limit = MEDIA_PATH_LIMIT(user.id);
  if ((await hit(deps.db, limit, deps.now())) > limit.max) fail(429, STATISTIC_MESSAGES.tooManyUploads);
  const record = await recordOr404(deps, user, q.id);
  if (q.kind === 'airport' && record.airportStatus === 'NOT_APPLICABLE')
    fail(400, STATISTIC_MESSAGES.airportDisabled);
  const path = keyFor(record.id, q.kind);
  const signed = await deps.files.signUpload({
    key: path,
    contentType: 'application/pdf',
    maxBytes: STATISTIC_PDF_MAX_BYTES,
    size: q.size,
  });
  return { url: signed.url, path, headers: signed.headers, expiresAt: signed.expiresAt.toISOString() };
}

/**
 * Step 3: the uploaded files are checked (a real PDF of the announced size, under this record's keys),
 * then recorded with their invoice ids in one write; any refusal leaves the record as it was and deletes
 * the new files.
 */
export async function updatePdfs(deps: Deps, user: CurrentUser, input: UpdatePdfInput) {
  const uploads: Array<{ kind: PdfKind; key: string }> = [];
  if (input.flightPdfPath) uploads.push({ kind: 'flight', key: input.flightPdfPath });
  if (input.airportPdfPath) uploads.push({ kind: 'airport', key: input.airportPdfPath });
  // A key of another record is not this caller's to delete: nothing is touched.
  const record = await recordOr404(deps, user, input.id);
  // Only the files this call brings may be discarded: never a key the record points to (sent again
  // beside a refused file, it must survive the refusal).
  const stored = new Set([record.flightPdfKey, record.airportPdfKey].filter((k) => k !== null));
  const discard = async () => {
    for (const u of uploads)
      if (KEY.test(u.key) && !stored.has(u.key)) await deps.files.delete(u.key).catch(() => {});
  };
  for (const u of uploads)
    if (!belongsTo(u.key, record.id, u.kind)) fail(400, STATISTIC_MESSAGES.pathForeign);
  if (input.airportPdfPath && record.airportStatus === 'NOT_APPLICABLE') {
    await discard();
    fail(400, STATISTIC_MESSAGES.airportDisabled);
  }
  for (const u of uploads) {
    if (u.key === record.flightPdfKey || u.key === record.airportPdfKey) continue;
    const verdict = await deps.files.verifyUpload(u.key, {
      contentType: 'application/pdf',
      maxBytes: STATISTIC_PDF_MAX_BYTES,
    });
    if (!verdict.ok) {
      await discard();
      fail(verdict.status, verdict.status === 415 ? STATISTIC_MESSAGES.notPdf : verdict.message);
    }
  }
  const now = deps.now();
  const set: Record<string, unknown> = { updatedAt: now };
  const replaced: string[] = [];
  for (const kind of ['flight', 'airport'] as const) {
    const cols = columnsOf(kind);
    const key = kind === 'flight' ? input.flightPdfPath : input.airportPdfPath;
    const invoiceId = kind === 'flight' ? input.flightId : input.airportId;
    if (!key || !invoiceId) continue;
    set[cols.key] = key;
    set[cols.name] = downloadName(record, kind);
    set[cols.invoiceId] = invoiceId;
    const old = record[cols.key as 'flightPdfKey' | 'airportPdfKey'];
    if (old && old !== key) replaced.push(old);
  }
  const after = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(statistics)
      .set(set as Partial<typeof statistics.$inferInsert>)
      // Made on the version the dialog was opened on, if it says which (decision 064).
      .where(
        and(
          eq(statistics.id, record.id),
          eq(statistics.active, true),
          onVersion(statistics.version, input.version),
        ),
      )
      .returning();
    if (!row) return null;
    await audit(tx, {
      actorId: user.id,
      action: 'statistic.update-pdf',
      entity: 'statistic',
      entityId: record.id,
      before: auditView(record),
      after: auditView(row),
      at: now,
    });
    return row;
  });
  if (!after) {
    // Nothing written: the files this call brought are not kept.
    await discard();
    if (input.version !== undefined && (await findRecord(deps.db, user, record.id)))
      await refuseStale(deps.db, 'statistic', { entity: 'statistic', entityId: record.id }, now);
    fail(404, STATISTIC_MESSAGES.notFound);
  }
  // The record no longer points to the files it replaced.
  for (const key of replaced) await deps.files.delete(key).catch(() => {});
  return {
    id: after.id,
    flightInvoicePdf: after.flightPdfKey !== null,
    flightInvoiceNumber: after.flightInvoiceId,
    airportInvoicePdf: after.airportPdfKey !== null,
    airportInvoiceNumber: after.airportInvoiceId,
  };
}

/** GET /statistic/download-pdf: a signed download URL of one of the record's PDFs. */
export async function downloadUrl(
  deps: Deps,
  user: CurrentUser,
  q: Infer<typeof DownloadPdfQuery>,
): Promise<string> {
  const kind = DOWNLOAD_TYPES[q.type];
  const record = await recordOr404(deps, user, q.id);
  const key = kind === 'flight' ? record.flightPdfKey : record.airportPdfKey;
  if (!key) fail(404, STATISTIC_MESSAGES.noPdf);
  return deps.files.signDownload({ key, fileName: downloadName(record, kind) });
}

/** DELETE /statistic/delete-pdf-data/:id/:kind: the record forgets the PDF and its invoice id, then the file goes. */
export async function deletePdf(deps: Deps, user: CurrentUser, id: string, kind: PdfKind) {
  const record = await recordOr404(deps, user, id);
  const cols = columnsOf(kind);
  const now = deps.now();
  const key = kind === 'flight' ? record.flightPdfKey : record.airportPdfKey;
  const row = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(statistics)
      .set({ [cols.key]: null, [cols.name]: null, [cols.invoiceId]: null, updatedAt: now })
      .where(eq(statistics.id, record.id))
      .returning();
    await audit(tx, {
      actorId: user.id,
      action: `statistic.delete-${kind}-pdf`,
      entity: 'statistic',
      entityId: record.id,
      before: auditView(record),
      after: auditView(row),
      at: now,
    });
    return row;
  });
  if (key) await deps.files.delete(key);
  // The record's new version, on which the dialog that deleted the PDF saves next (decision 064).
  return { id: record.id, version: row.version };
}

/** The hospital visibility flag of a mission's statistic, turned over (the id is the mission's). */
export async function toggleHospitalVisibility(deps: Deps, user: CurrentUser, missionId: string) {
  const now = deps.now();
  const after = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: statistics.id, showForHospital: statistics.showForHospital })
      .from(statistics)
      .innerJoin(missions, eq(missions.id, statistics.missionId))
      .where(and(eq(statistics.missionId, missionId), visibleTo(user)))
      .for('update', { of: statistics });
    if (!before) fail(404, STATISTIC_MESSAGES.notFound);
    const [row] = await tx
      .update(statistics)
      .set({ showForHospital: sql`not ${statistics.showForHospital}`, updatedAt: now })
      .where(eq(statistics.id, before.id))
      .returning({ id: statistics.id, showForHospital: statistics.showForHospital });
    await audit(tx, {
      actorId: user.id,
      action: 'statistic.toggle-hospital',
      entity: 'statistic',
      entityId: before.id,
      before: { showForHospital: before.showForHospital },
      after: { showForHospital: row.showForHospital },
      at: now,
    });
    return row;
  });
  return { id: missionId, statisticId: after.id, showForHospital: after.showForHospital };
}

/** GET /statistic/export-excel: statistiques.xlsx of the user's records under the list's filters. */
export async function exportStatistics(
  deps: Deps,
  user: CurrentUser,
  q: Infer<typeof StatisticsExportQuery>,
): Promise<Response> {
  const where = filtersWhere(user, q);
  // Read before answering, so that a database failure is still a 500 with a message.
  const book = await loadPriceBook(deps.db);
  // The exporter (and exceljs) load on the first export, not with the API.
  const { writeStatisticsWorkbook } = await import('./export');
  return writeStatisticsWorkbook(deps.db, user, where, book, deps.config.costRules);
}
