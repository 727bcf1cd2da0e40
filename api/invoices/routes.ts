// Invoices (requirements §7 'Invoices'; architecture.md §5: ADMIN and ACCOUNTING only): the paged list, the retry of
// ERROR rows from Leon's latest data, and the accounting CSV export.
import { Hono } from 'hono';
import {
  INVOICE_MESSAGES,
  INVOICE_PATHS,
  INVOICES_CSV_FILE,
  InvoiceExportBody,
  InvoiceListQuery,
} from '../../contract/invoices';
import { requireRoles } from '../auth';
import { LeonError } from '../leon';
import type { AppEnv } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams } from '../lib/paging';
import { body, query } from '../lib/validate';
import { exportInvoicesCsv, listInvoices, retryErrorInvoices } from './service';
import { invoiceReader } from './sync';

const accountants = requireRoles('ADMIN', 'ACCOUNTING');

export const invoicesRoutes = new Hono<AppEnv>()
  .get(INVOICE_PATHS.list, ...accountants, async (c) => {
    const input = query(c, InvoiceListQuery);
    const page = pageParams(input, 20);
    const sort = input.sort ? { column: input.sort, direction: input.direction ?? 'asc' } : undefined;
    return c.json({ data: await listInvoices(c.get('deps').db, page, sort) });
  })
  .put(INVOICE_PATHS.updateWithError, ...accountants, async (c) => {
    const { db, leon, config, now } = c.get('deps');
    const reader = invoiceReader(leon);
    if (!reader) fail(503, INVOICE_MESSAGES.leonNotConfigured);
    try {
      const result = await retryErrorInvoices(
        db,
        async (nids) => {
          const answer = await reader.byNid(nids);
          return answer.invoices;
        },
        { accounting: config.accounting, actorId: c.get('user').id, now: now() },
      );
      return c.json({ data: result });
    } catch (error) {
      if (error instanceof LeonError) {
        // Leon's own words to the log; the answer is the French message (decision 061).
        c.var.log.warn(
          `Invoice retry: Leon failed (${error.kind}): ${error.detail?.leonMessage ?? error.message}`,
        );
        fail(502, error.message);
      }
      throw error;
    }
  })
  // A POST: it marks the rows exported, so it must fall under the CSRF rule (decision 018).
  .post(INVOICE_PATHS.exportCsv, ...accountants, async (c) => {
    const period = await body(c, InvoiceExportBody);
    const { db, config, now } = c.get('deps');
    let file: Awaited<ReturnType<typeof exportInvoicesCsv>>;
    try {
      file = await exportInvoicesCsv(db, period, {
        accounting: config.accounting,
        actorId: c.get('user').id,
        now: now(),
      });
    } catch (error) {
      c.var.log.warn(`Invoice export failed: ${(error as Error)?.message ?? String(error)}`);
      fail(500, INVOICE_MESSAGES.exportFailed);
    }
    return c.body(file.csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${INVOICES_CSV_FILE}"`,
      'X-Exported-Rows': String(file.rows),
    });
  });
