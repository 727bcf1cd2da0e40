// The invoices step of a Leon sync run (`invoicesStep`): Leon's new and changed sales invoices and credit
// notes become accounting rows (service.ts). An after-commit step: the run reads and writes it once its
// own transaction has committed, in a transaction of its own, and a failure never fails the mission sync
// (decision 018). Incremental from Leon's own invoice timestamp; a first load reads the last 12 months of
// invoices in windows of 3 months.
import { addDays, subDays, subMonths } from 'date-fns';
import { eq } from 'drizzle-orm';
import { leonInvoiceState } from '../db/schema';
import { type LeonInvoiceReader, type LeonSalesInvoice, type LeonSource, leonInvoices } from '../leon';
import { audit } from '../lib/audit';
import type { AccountingConfig } from '../lib/config';
import type { AfterCommitStep } from '../lib/leon-step';
import { logger } from '../lib/log';
import { storeInvoices } from './service';

/** Leon's invoice reader over the source, or null when the source offers no GraphQL (a test's stand-in). */
export function invoiceReader(source: LeonSource | undefined): LeonInvoiceReader | null {
  const graphql = source?.graphql;
  return graphql ? leonInvoices({ graphql: graphql.bind(source) }) : null;
}

/** Leon refuses a modification list more than a week back: an older cursor means a new first load. */
const CURSOR_MAX_AGE_DAYS = 6;

/** The invoices a run read from Leon, the timestamp to store with them, and the instant it read them at. */
interface InvoiceReading {
  invoices: LeonSalesInvoice[];
  timestamp: number;
  accounting: AccountingConfig;
  at: Date;
}

/** Leon's sales invoices become accounting rows, when the source offers GraphQL and the run has the accounting constants. */
export const invoicesStep: AfterCommitStep<InvoiceReading> = {
  name: 'invoices',
  phase: 'afterCommit',
  async read(source, db, run) {
    const reader = invoiceReader(source);
    const { accounting } = run;
    if (!reader || !accounting) return null;
    const now = run.now();
    const [state] = await db.select().from(leonInvoiceState).where(eq(leonInvoiceState.id, 1));
    const fresh =
      state?.lastTimestamp !== null &&
      state?.lastTimestamp !== undefined &&
      state.updatedAt > subDays(now, CURSOR_MAX_AGE_DAYS);
    let reading: Awaited<ReturnType<LeonInvoiceReader['between']>>;
    let timestamp: number;
    if (fresh) {
      const modified = await reader.modifiedSince(state.lastTimestamp as number);
      reading = modified;
      timestamp = modified.timestamp;
    } else {
      reading = await reader.between(subMonths(now, 12), addDays(now, 2));
      timestamp = (await reader.modifiedSince(Math.floor(now.getTime() / 1000) - 60)).timestamp;
    }
    for (const failure of reading.failures)
      logger.warn(`Leon invoices: invoice ${failure.salesInvoiceNid ?? '?'} not read: ${failure.message}`);
    return { invoices: reading.invoices, timestamp, accounting, at: now };
  },
  async write(tx, { invoices, timestamp, accounting, at }) {
    const counts = await storeInvoices(tx, invoices, accounting, at);
    await tx
      .insert(leonInvoiceState)
      .values({ id: 1, lastTimestamp: timestamp, updatedAt: at })
      .onConflictDoUpdate({
        target: leonInvoiceState.id,
        set: { lastTimestamp: timestamp, updatedAt: at },
      });
    if (counts.created || counts.updated)
      await audit(tx, {
        actorId: null,
        action: 'invoice.leon-sync',
        entity: 'invoice',
        entityId: null,
        after: counts,
        at,
      });
    return { created: counts.created, updated: counts.updated, errors: counts.errors };
  },
};
