// Invoice rows in the database: storing what Leon sent (built by build.ts), the paged list, the retry of
// ERROR rows and the CSV export that marks what it wrote SUCCESS in the same transaction (decision 018).
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../contract/http';
import type {
  InvoiceExportInput,
  InvoiceRetryResult,
  InvoiceRow,
  InvoiceSort,
  InvoiceStatus,
  InvoiceType,
} from '../../contract/invoices';
import type { Db, Tx } from '../db/client';
import { invoices } from '../db/schema';
import type { LeonSalesInvoice } from '../leon';
import { audit } from '../lib/audit';
import type { AccountingConfig } from '../lib/config';
import { containsPattern, type PageParams, toPage } from '../lib/paging';
import { buildInvoiceRow } from './build';
import { writeInvoicesCsv } from './csv';

type InvoiceRecord = typeof invoices.$inferSelect;

/** Exports wait for each other (a transaction-scoped advisory lock): no row is exported twice. */
const EXPORT_LOCK = 7_261_018;

const ROWS_PER_INSERT = 500;

/** On conflict, every column the builder decides takes the new value (`excluded`), and updated_at. */
const REBUILT_COLUMNS = Object.fromEntries(
  (
    [
      'status',
      'invoiceType',
      'errorMessage',
      'society',
      'journal',
      'invoiceDate',
      'invoiceNumber',
      'invoiceNumber2',
      'quoteRequestId',
      'generalAccount',
      'phoneBookContactCode',
      'requesterTripNumber',
      'invoiceDueDate',
      'debitCents',
      'creditCents',
      'netCents',
      'type',
      'invoiceTag',
      'section2',
      'section3',
      'aircraftRegistration',
      'section5',
      'tax',
      'departureDate',
      'requester',
      'address1',
      'address2',
      'postalCode',
      'city',
      'workEmail',
      'workPhone',
      'invoiceId1',
      'invoiceId2',
      'updatedAt',
    ] as const
  ).map((key) => [key, sql.raw(`excluded."${invoices[key].name}"`)]),
);

export interface StoreCounts {
  created: number;
  updated: number;
  errors: number;
  /** Already exported: an exported row is never rewritten. */
  kept: number;
}

/**
 * Writes the rows of Leon's invoices: new ones inserted, PENDING and ERROR ones rebuilt from the latest
 * data, SUCCESS ones left as exported. The same invoice twice in one batch counts once (the last wins).
 */
export async function storeInvoices(
  tx: Tx,
  leonInvoices: readonly LeonSalesInvoice[],
  accounting: AccountingConfig,
  now: Date,
): Promise<StoreCounts> {
  const counts: StoreCounts = { created: 0, updated: 0, errors: 0, kept: 0 };
  const latest = new Map(leonInvoices.map((invoice) => [invoice.salesInvoiceNid, invoice]));
  if (latest.size === 0) return counts;
  const existing = new Map(
    (
      await tx
        .select({ nid: invoices.leonInvoiceNid, status: invoices.status })
        .from(invoices)
        .where(inArray(invoices.leonInvoiceNid, [...latest.keys()]))
    ).map((row) => [row.nid, row.status]),
  );
  const built = [...latest.values()]
    .filter((invoice) => existing.get(invoice.salesInvoiceNid) !== 'SUCCESS')
    .map((invoice) => buildInvoiceRow(invoice, accounting));
  counts.kept += latest.size - built.length;
  // A few hundred rows a statement (34 parameters each, PostgreSQL takes 65,535).
  for (let i = 0; i < built.length; i += ROWS_PER_INSERT) {
    const chunk = built.slice(i, i + ROWS_PER_INSERT);
    const written = await tx
      .insert(invoices)
      .values(chunk.map((row) => ({ ...row, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: invoices.leonInvoiceNid,
        set: REBUILT_COLUMNS,
        // An export may have marked it meanwhile: an exported row stays as exported.
        setWhere: sql`${invoices.status} <> 'SUCCESS'`,
      })
      .returning({ nid: invoices.leonInvoiceNid });
    const done = new Set(written.map((row) => row.nid));
    for (const row of chunk) {
      if (!done.has(row.leonInvoiceNid)) counts.kept++;
      else {
        if (existing.has(row.leonInvoiceNid)) counts.updated++;
        else counts.created++;
        if (row.status === 'ERROR') counts.errors++;
      }
    }
  }
  return counts;
}

const cents = (value: number) => value / 100;

export function toInvoiceRow(record: InvoiceRecord): InvoiceRow {
  const { leonInvoiceNid, debitCents, creditCents, exportedAt, createdAt, updatedAt, ...rest } = record;
  return {
    ...rest,
    status: rest.status as InvoiceStatus,
    invoiceType: rest.invoiceType as InvoiceType,
    debit: cents(debitCents),
    credit: cents(creditCents),
  };
}

const SORT_COLUMNS: Record<InvoiceSort, SQL | typeof invoices.status> = {
  status: sql`${invoices.status}`,
  invoiceType: sql`${invoices.invoiceType}`,
  invoiceDate: sql`${invoices.invoiceDate}`,
  invoiceNumber: sql`${invoices.invoiceNumber}`,
  requesterTripNumber: sql`${invoices.requesterTripNumber}`,
  debit: sql`${invoices.debitCents}`,
  credit: sql`${invoices.creditCents}`,
  requester: sql`${invoices.requester}`,
};

/** The list of requirements §7: newest first (invoice date, then Leon's id), or by a sortable column. */
export async function listInvoices(
  db: Db,
  page: PageParams,
  sort?: { column: InvoiceSort; direction: 'asc' | 'desc' },
): Promise<Page<InvoiceRow>> {
  const where = page.search
    ? sql`${invoices.requesterTripNumber} ilike ${containsPattern(page.search)}`
    : undefined;
  const newest = [sql`${invoices.invoiceDate} desc nulls last`, desc(invoices.leonInvoiceNid)];
  const order = sort
    ? [
        sql`${SORT_COLUMNS[sort.column]} ${sql.raw(sort.direction === 'asc' ? 'asc nulls first' : 'desc nulls last')}`,
        ...newest,
      ]
    : newest;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(invoices).where(where),
  ]);
  return toPage(rows.map(toInvoiceRow), total, page.pageSize);
}

export const LEON_GONE = 'Facture introuvable dans Leon';

/**
 * Rebuilds every ERROR row from Leon's latest data (`fetch` reads the invoices by id) and answers how
 * many were fixed and how many remain.
 */
export async function retryErrorInvoices(
  db: Db,
  fetch: (nids: number[]) => Promise<LeonSalesInvoice[]>,
  context: { accounting: AccountingConfig; actorId: string | null; now: Date },
): Promise<InvoiceRetryResult> {
  const errors = await db
    .select({ nid: invoices.leonInvoiceNid })
    .from(invoices)
    .where(eq(invoices.status, 'ERROR'));
  const nids = errors.map((row) => row.nid);
  const fresh = nids.length ? await fetch(nids) : [];
  return db.transaction(async (tx) => {
    await storeInvoices(tx, fresh, context.accounting, context.now);
    const found = new Set(fresh.map((invoice) => invoice.salesInvoiceNid));
    const gone = nids.filter((nid) => !found.has(nid));
    if (gone.length)
      await tx
        .update(invoices)
        .set({ errorMessage: LEON_GONE, updatedAt: context.now })
        .where(and(inArray(invoices.leonInvoiceNid, gone), eq(invoices.status, 'ERROR')));
    const [{ remaining }] = await tx
      .select({ remaining: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.status, 'ERROR'));
    const stillError = nids.length
      ? (
          await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(invoices)
            .where(and(inArray(invoices.leonInvoiceNid, nids), eq(invoices.status, 'ERROR')))
        )[0].n
      : 0;
    const result = {
      fixed: nids.length - stillError,
      stillInError: stillError,
      retried: nids.length,
      remaining,
    };
    await audit(tx, {
      actorId: context.actorId,
      action: 'invoice.retry-errors',
      entity: 'invoice',
      entityId: null,
      after: result,
      at: context.now,
    });
    return result;
  });
}

export interface CsvExport {
  csv: string;
  rows: number;
}

/**
 * The CSV of the period's PENDING rows (and SUCCESS ones when asked), which become SUCCESS in the same
 * transaction: if writing the file fails, nothing is marked. Exports wait for each other, so that two at
 * once never write the same PENDING row twice. ERROR rows are never exported.
 */
export async function exportInvoicesCsv(
  db: Db,
  period: InvoiceExportInput,
  context: {
    accounting: AccountingConfig;
    actorId: string;
    now: Date;
    /** The file writer; tests give a failing one. */
    write?: typeof writeInvoicesCsv;
  },
): Promise<CsvExport> {
  const write = context.write ?? writeInvoicesCsv;
  const statuses: InvoiceStatus[] = period.exportSuccess === true ? ['PENDING', 'SUCCESS'] : ['PENDING'];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK})`);
    const records = await tx
      .select()
      .from(invoices)
      .where(
        and(
          inArray(invoices.status, statuses),
          gte(invoices.invoiceDate, period.startDate),
          lte(invoices.invoiceDate, period.endDate),
        ),
      )
      .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber), asc(invoices.leonInvoiceNid))
      .for('update');
    const csv = write(records.map(toInvoiceRow), context.accounting.customerAccount);
    const ids = records.map((record) => record.id);
    if (ids.length)
      await tx
        .update(invoices)
        .set({ status: 'SUCCESS', exportedAt: context.now, updatedAt: context.now })
        .where(inArray(invoices.id, ids));
    await audit(tx, {
      actorId: context.actorId,
      action: 'invoice.export',
      entity: 'invoice',
      entityId: null,
      after: {
        startDate: period.startDate,
        endDate: period.endDate,
        exportSuccess: period.exportSuccess === true,
        rows: ids.length,
      },
      at: context.now,
    });
    return { csv, rows: ids.length };
  });
}
