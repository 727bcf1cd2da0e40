// Leon's sales invoices and credit notes: the GraphQL documents, their mapping to `LeonSalesInvoice`, and
// the three reads the invoice sync makes (a period, the changes since Leon's timestamp, a list of ids).
//
// TO BE CHECKED AGAINST THE OPERATOR'S SCHEMA: Leon's public summary does not describe sales invoices.
// Every name below follows Leon's naming style (`flights { getModifiedFlightList }`, `*Nid` ids,
// `*List` filters) and must be validated against the staging schema JSON Leon publishes before the first
// run on a real operator: `salesInvoiceList(filter: { issueInterval, salesInvoiceNidList })`,
// `salesInvoices { getModifiedSalesInvoiceList(dateTime) }`, `SalesInvoice { salesInvoiceNid
// invoiceNumber invoiceType issueDate dueDate totalNet totalTax totalGross currency tag quoteRequestId
// correctedInvoice trip client }`, and on `Contact`: `accountingCode`, `address { street1 street2
// postalCode city country }`. The mapping is lenient on purpose: a missing or odd value becomes null (or
// NaN for an amount) and the invoice row builder turns it into an ERROR row with its French reason.
import { LEON_MESSAGES, LeonError } from './errors';
import { mapEach, withoutNul } from './mapping';
import { modifiedListQuery } from './queries';
import { leonInstant, splitIntoWindows } from './time';

const CONTACT_FIELDS = `contactNid name email phoneWork phoneMobile accountingCode
  address { street1 street2 postalCode city country }`;

export const SALES_INVOICE_FIELDS = `
  salesInvoiceNid
  invoiceNumber
  invoiceType
  issueDate
  dueDate
  totalNet
  totalTax
  totalGross
  currency
  tag
  quoteRequestId
  correctedInvoice { salesInvoiceNid invoiceNumber }
  trip { tripNumber flightList { startTimeUTC isCnl acft { registration } } }
  client { ${CONTACT_FIELDS} }
`;

/** Invoices issued in a window of at most 3 months, or the invoices of a list of ids. */
export const SALES_INVOICE_LIST_QUERY = `
query SalesInvoiceList($filter: SalesInvoiceFilter!) {
  salesInvoiceList(filter: $filter) { ${SALES_INVOICE_FIELDS} }
}`;

/** Incremental: invoices created or changed after `dateTime` (Leon's own timestamp, as for flights). */
export const MODIFIED_SALES_INVOICES_QUERY = modifiedListQuery('SalesInvoice', SALES_INVOICE_FIELDS);

/** The billing details of an invoice's client that Leon sends flat; the simulator stores the same. */
export interface InvoiceClientDetails {
  /** The third-party code of the accounting (Leon's contact accounting code). */
  accountingCode: string | null;
  street1: string | null;
  street2: string | null;
  postalCode: string | null;
  city: string | null;
  email: string | null;
}

export interface LeonInvoiceClient extends InvoiceClientDetails {
  contactNid: number | null;
  name: string | null;
  phone: string | null;
}

/** The fields of a sales invoice that Leon sends flat; the simulator stores the same. */
export interface SalesInvoiceFields {
  salesInvoiceNid: number;
  invoiceNumber: string | null;
  /** Calendar days `yyyy-MM-dd`, null when missing or not a day. */
  issueDate: string | null;
  dueDate: string | null;
  /** Euros as Leon sends them: null when missing, NaN when present but not a number. */
  totalNet: number | null;
  totalTax: number | null;
  totalGross: number | null;
  currency: string | null;
  tag: string | null;
  quoteRequestId: string | null;
  correctedInvoiceNid: number | null;
  tripNumber: string | null;
}

export interface LeonSalesInvoice extends SalesInvoiceFields {
  /** INVOICE, RECHARGE_INVOICE or CREDIT_NOTE; anything else is kept as Leon sent it. */
  invoiceType: string | null;
  correctedInvoiceNumber: string | null;
  /** The first active leg's scheduled departure (ISO 8601 UTC), and its aircraft. */
  departureUTC: string | null;
  registration: string | null;
  client: LeonInvoiceClient | null;
}

type Raw = Record<string, unknown> | null | undefined;

const obj = (value: unknown): Raw =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const clean = withoutNul(value).trim();
  return clean === '' ? null : clean;
};

const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

const day = (value: unknown): string | null => {
  const t = text(value);
  if (!t) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(t);
  if (!match) return null;
  const date = new Date(`${match[1]}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === match[1] ? match[1] : null;
};

const amount = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return Number.NaN;
};

/** One raw `SalesInvoice` → `LeonSalesInvoice`; throws a `mapping` LeonError only without an id. */
export function mapSalesInvoice(raw: unknown): LeonSalesInvoice {
  const invoice = obj(raw);
  const nid = int(invoice?.salesInvoiceNid);
  if (!invoice || nid === null || nid <= 0)
    throw new LeonError('mapping', `${LEON_MESSAGES.mapping('champ salesInvoiceNid absent ou invalide')}.`);
  const trip = obj(invoice.trip);
  const legs = Array.isArray(trip?.flightList) ? (trip.flightList as unknown[]).map(obj) : [];
  const active = legs.filter((leg) => leg && leg.isCnl !== true);
  const first = [...(active.length ? active : legs)]
    .filter((leg): leg is Record<string, unknown> => Boolean(leg))
    .sort((a, b) => String(a.startTimeUTC).localeCompare(String(b.startTimeUTC)))[0];
  const client = obj(invoice.client);
  const address = obj(client?.address);
  const corrected = obj(invoice.correctedInvoice);
  return {
    salesInvoiceNid: nid,
    invoiceNumber: text(invoice.invoiceNumber),
    invoiceType: text(invoice.invoiceType),
    issueDate: day(invoice.issueDate),
    dueDate: day(invoice.dueDate),
    totalNet: amount(invoice.totalNet),
    totalTax: amount(invoice.totalTax),
    totalGross: amount(invoice.totalGross),
    currency: text(invoice.currency),
    tag: text(invoice.tag),
    quoteRequestId: text(invoice.quoteRequestId),
    correctedInvoiceNid: int(corrected?.salesInvoiceNid),
    correctedInvoiceNumber: text(corrected?.invoiceNumber),
    tripNumber: text(trip?.tripNumber),
    departureUTC: text(first?.startTimeUTC),
    registration: text(obj(first?.acft)?.registration),
    client: client
      ? {
          contactNid: int(client.contactNid),
          name: text(client.name),
          accountingCode: text(client.accountingCode),
          street1: text(address?.street1),
          street2: text(address?.street2),
          postalCode: text(address?.postalCode),
          city: text(address?.city),
          email: text(client.email),
          phone: text(client.phoneWork) ?? text(client.phoneMobile),
        }
      : null,
  };
}

export interface InvoiceFailure {
  salesInvoiceNid: number | null;
  message: string;
}

export interface SalesInvoicesResult {
  invoices: LeonSalesInvoice[];
  failures: InvoiceFailure[];
}

function mapAll(list: unknown): SalesInvoicesResult {
  if (!Array.isArray(list))
    throw new LeonError('mapping', `${LEON_MESSAGES.mapping('la liste des factures est absente')}.`);
  const { mapped, failures } = mapEach(
    list,
    mapSalesInvoice,
    (raw, error): InvoiceFailure => ({
      salesInvoiceNid: int(obj(raw)?.salesInvoiceNid),
      message: error instanceof Error ? error.message : String(error),
    }),
  );
  return { invoices: mapped, failures };
}

type Graphql = <T = unknown>(query: string, variables?: Record<string, unknown>) => Promise<T>;

const IDS_PER_REQUEST = 50;

/** The invoice reads over a Leon client (anything with its `graphql`). */
export function leonInvoices(client: { graphql: Graphql }) {
  /** Invoices issued in [start, end), asked in windows of at most 3 months. */
  async function between(start: Date, end: Date): Promise<SalesInvoicesResult> {
    const out: SalesInvoicesResult = { invoices: [], failures: [] };
    for (const window of splitIntoWindows(start, end, 3)) {
      const data = await client.graphql<{ salesInvoiceList?: unknown }>(SALES_INVOICE_LIST_QUERY, {
        filter: { issueInterval: { start: leonInstant(window.start), end: leonInstant(window.end) } },
      });
      const part = mapAll(data?.salesInvoiceList);
      out.invoices.push(...part.invoices);
      out.failures.push(...part.failures);
    }
    return out;
  }

  /** Invoices created or changed after Leon's `timestamp`; store the answer's `timestamp`. */
  async function modifiedSince(timestamp: number): Promise<SalesInvoicesResult & { timestamp: number }> {
    const data = await client.graphql<{ salesInvoices?: { getModifiedSalesInvoiceList?: unknown } }>(
      MODIFIED_SALES_INVOICES_QUERY,
      { dateTime: Math.trunc(timestamp) },
    );
    const answer = obj(data?.salesInvoices?.getModifiedSalesInvoiceList);
    const stamp = answer?.timestamp;
    if (!answer || typeof stamp !== 'number' || !Number.isInteger(stamp))
      throw new LeonError(
        'mapping',
        `${LEON_MESSAGES.mapping('champ salesInvoices.getModifiedSalesInvoiceList invalide')}.`,
      );
    const created = mapAll(answer.created);
    const changed = mapAll(answer.changed);
    return {
      invoices: [...created.invoices, ...changed.invoices],
      failures: [...created.failures, ...changed.failures],
      timestamp: stamp,
    };
  }

  /** The latest Leon data of these invoices (those Leon no longer has are simply absent). */
  async function byNid(nids: readonly number[]): Promise<SalesInvoicesResult> {
    const unique = [...new Set(nids)];
    const out: SalesInvoicesResult = { invoices: [], failures: [] };
    for (let i = 0; i < unique.length; i += IDS_PER_REQUEST) {
      const data = await client.graphql<{ salesInvoiceList?: unknown }>(SALES_INVOICE_LIST_QUERY, {
        filter: { salesInvoiceNidList: unique.slice(i, i + IDS_PER_REQUEST) },
      });
      const part = mapAll(data?.salesInvoiceList);
      out.invoices.push(...part.invoices);
      out.failures.push(...part.failures);
    }
    return out;
  }

  return { between, modifiedSince, byNid };
}

export type LeonInvoiceReader = ReturnType<typeof leonInvoices>;
