// The invoice part of a Leon sync run: Leon's new and changed sales invoices and credit notes become
// accounting rows (service.ts). The run (runSync) calls `syncLeonInvoices` once its missions are written;
// everything about invoices stays here. Incremental from Leon's own invoice timestamp; a first load reads
// the last 12 months of invoices in windows of 3 months.
import { addDays, subDays, subMonths } from 'date-fns';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leonInvoiceState } from '../db/schema';
import { type LeonInvoiceReader, leonInvoices } from '../leon';
import { audit } from '../lib/audit';
import type { AccountingConfig } from '../lib/config';
import { logger } from '../lib/log';
import { type StoreCounts, storeInvoices } from './service';

type Graphql = Parameters<typeof leonInvoices>[0]['graphql'];

export interface InvoiceSyncOptions {
  db: Db;
  /** The run's Leon source; invoices are read when it is a full client (it has `graphql`). */
  source: unknown;
  now: () => Date;
  /** Without the accounting constants (tests of missions alone), invoices are not synced. */
  accounting?: AccountingConfig;
}

/** Leon's invoice reader over the run's source, or null when the source cannot read invoices. */
export function invoiceReader(source: unknown): LeonInvoiceReader | null {
  const graphql = (source as { graphql?: unknown } | null | undefined)?.graphql;
  return typeof graphql === 'function' ? leonInvoices({ graphql: graphql.bind(source) as Graphql }) : null;
}

/** Leon refuses a modification list more than a week back: an older cursor means a new first load. */
const CURSOR_MAX_AGE_DAYS = 6;

export async function syncLeonInvoices(options: InvoiceSyncOptions): Promise<StoreCounts | null> {
  const reader = invoiceReader(options.source);
  if (!reader || !options.accounting) return null;
  const { db } = options;
  const now = options.now();
  try {
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
    return await db.transaction(async (tx) => {
      const counts = await storeInvoices(tx, reading.invoices, options.accounting!, now);
      await tx
        .insert(leonInvoiceState)
        .values({ id: 1, lastTimestamp: timestamp, updatedAt: now })
        .onConflictDoUpdate({
          target: leonInvoiceState.id,
          set: { lastTimestamp: timestamp, updatedAt: now },
        });
      if (counts.created || counts.updated)
        await audit(tx, {
          actorId: null,
          action: 'invoice.leon-sync',
          entity: 'invoice',
          entityId: null,
          after: counts,
          at: now,
        });
      return counts;
    });
  } catch (error) {
    // The missions of the run are stored already; invoices are read again at the next run.
    logger.warn(`Leon invoices not synced: ${(error as Error)?.message ?? String(error)}`);
    return null;
  }
}
