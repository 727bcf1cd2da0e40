// The three reads the invoice sync makes of Leon's sales invoices: a period, the changes since Leon's
// timestamp, a list of ids.
import { integer, type, unknown } from 'superstruct';
import { checked } from './checked';
import {
  MODIFIED_SALES_INVOICES_QUERY,
  mapSalesInvoices,
  SALES_INVOICE_LIST_QUERY,
  type SalesInvoicesResult,
} from './invoices';
import { leonInstant, splitIntoWindows } from './time';
import type { Graphql } from './transport';

const IDS_PER_REQUEST = 50;

const ModifiedAnswer = type({ created: unknown(), changed: unknown(), timestamp: integer() });

/** The invoice reads over a Leon client (anything with its `graphql`). */
export function leonInvoices(client: { graphql: Graphql }) {
  /** The invoices of each filter, one request after the other. */
  async function listed(filters: Array<Record<string, unknown>>): Promise<SalesInvoicesResult> {
    const out: SalesInvoicesResult = { invoices: [], failures: [] };
    for (const filter of filters) {
      const data = await client.graphql<{ salesInvoiceList?: unknown }>(SALES_INVOICE_LIST_QUERY, { filter });
      const part = mapSalesInvoices(data?.salesInvoiceList);
      out.invoices.push(...part.invoices);
      out.failures.push(...part.failures);
    }
    return out;
  }

  /** Invoices issued in [start, end), asked in windows of at most 3 months. */
  async function between(start: Date, end: Date): Promise<SalesInvoicesResult> {
    return listed(
      splitIntoWindows(start, end, 3).map((window) => ({
        issueInterval: { start: leonInstant(window.start), end: leonInstant(window.end) },
      })),
    );
  }

  /** Invoices created or changed after Leon's `timestamp`; store the answer's `timestamp`. */
  async function modifiedSince(timestamp: number): Promise<SalesInvoicesResult & { timestamp: number }> {
    const data = await client.graphql<{ salesInvoices?: { getModifiedSalesInvoiceList?: unknown } }>(
      MODIFIED_SALES_INVOICES_QUERY,
      { dateTime: Math.trunc(timestamp) },
    );
    const answer = checked(data?.salesInvoices?.getModifiedSalesInvoiceList, ModifiedAnswer, {
      reason: 'champ salesInvoices.getModifiedSalesInvoiceList invalide',
    });
    const created = mapSalesInvoices(answer.created);
    const changed = mapSalesInvoices(answer.changed);
    return {
      invoices: [...created.invoices, ...changed.invoices],
      failures: [...created.failures, ...changed.failures],
      timestamp: answer.timestamp,
    };
  }

  /** The latest Leon data of these invoices (those Leon no longer has are simply absent). */
  async function byNid(nids: readonly number[]): Promise<SalesInvoicesResult> {
    const unique = [...new Set(nids)];
    const filters = [];
    for (let i = 0; i < unique.length; i += IDS_PER_REQUEST)
      filters.push({ salesInvoiceNidList: unique.slice(i, i + IDS_PER_REQUEST) });
    return listed(filters);
  }

  return { between, modifiedSince, byNid };
}

export type LeonInvoiceReader = ReturnType<typeof leonInvoices>;
