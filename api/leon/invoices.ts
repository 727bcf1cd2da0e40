// Leon's sales invoices and credit notes: the GraphQL documents and their mapping to `LeonSalesInvoice`
// (the reads the invoice sync makes are in invoice-reads.ts).
//
// TO BE CHECKED AGAINST THE OPERATOR'S SCHEMA: Leon's public summary does not describe sales invoices.
// Every name below follows Leon's naming style (`flights { getModifiedFlightList }`, `*Nid` ids,
// `*List` filters) and must be validated against the staging schema JSON Leon publishes before the first
// run on a real operator: `salesInvoiceList(filter: { issueInterval, salesInvoiceNidList })`,
// `salesInvoices { getModifiedSalesInvoiceList(dateTime) }`, `SalesInvoice { salesInvoiceNid
// invoiceNumber invoiceType issueDate dueDate totalNet totalTax totalGross currency tag quoteRequestId
// correctedInvoice trip client }`, and on `Contact`: `accountingCode`, `address { street1 street2
// postalCode city country }`. The mapping is lenient on purpose: only the id is required; a missing or odd
// value becomes null (or NaN for an amount) and the invoice row builder turns it into an ERROR row with its
// French reason.
import {
  array,
  coerce,
  define,
  type Infer,
  integer,
  min,
  nullable,
  string,
  type,
  unknown,
} from 'superstruct';
import { checked, integerOrNull, mapEach, withoutNul } from './checked';
import { modifiedListQuery } from './queries';

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

type Raw = Record<string, unknown> | null;

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

// ——— Lenient readings: each accepts anything and reads it as the value or null (NaN for an amount). ———

const lenientText = coerce(nullable(string()), unknown(), text);
const lenientDay = coerce(nullable(string()), unknown(), day);
const lenientInt = coerce(nullable(integer()), unknown(), integerOrNull);
const lenientAmount = coerce(
  define<number | null>('amount', (v) => v === null || typeof v === 'number'),
  unknown(),
  amount,
);
/** An object read with `schema`, or null when Leon sent anything else. */
const lenientObject = <S extends Parameters<typeof type>[0]>(schema: S) =>
  coerce(nullable(type(schema)), unknown(), obj);

const RawLeg = type({
  startTimeUTC: unknown(),
  isCnl: unknown(),
  acft: lenientObject({ registration: lenientText }),
});

const RawSalesInvoice = type({
  salesInvoiceNid: min(integer(), 1),
  invoiceNumber: lenientText,
  invoiceType: lenientText,
  issueDate: lenientDay,
  dueDate: lenientDay,
  totalNet: lenientAmount,
  totalTax: lenientAmount,
  totalGross: lenientAmount,
  currency: lenientText,
  tag: lenientText,
  quoteRequestId: lenientText,
  correctedInvoice: lenientObject({ salesInvoiceNid: lenientInt, invoiceNumber: lenientText }),
  trip: lenientObject({
    tripNumber: lenientText,
    flightList: coerce(array(nullable(RawLeg)), unknown(), (v) => (Array.isArray(v) ? v.map(obj) : [])),
  }),
  client: lenientObject({
    contactNid: lenientInt,
    name: lenientText,
    accountingCode: lenientText,
    email: lenientText,
    phoneWork: lenientText,
    phoneMobile: lenientText,
    address: lenientObject({
      street1: lenientText,
      street2: lenientText,
      postalCode: lenientText,
      city: lenientText,
    }),
  }),
});

/** The first active leg by scheduled departure (any leg when all are cancelled). */
function firstLeg(legs: Array<Infer<typeof RawLeg> | null>): Infer<typeof RawLeg> | undefined {
  const active = legs.filter((leg) => leg && leg.isCnl !== true);
  return [...(active.length ? active : legs)]
    .filter((leg): leg is Infer<typeof RawLeg> => Boolean(leg))
    .sort((a, b) => String(a.startTimeUTC).localeCompare(String(b.startTimeUTC)))[0];
}

/** One raw `SalesInvoice` → `LeonSalesInvoice`; throws a `mapping` LeonError only without an id. */
export function mapSalesInvoice(raw: unknown): LeonSalesInvoice {
  const invoice = checked(raw, RawSalesInvoice, {
    coerce: true,
    reason: 'champ salesInvoiceNid absent ou invalide',
  });
  const { trip, client, correctedInvoice: corrected } = invoice;
  const first = firstLeg(trip?.flightList ?? []);
  return {
    salesInvoiceNid: invoice.salesInvoiceNid,
    invoiceNumber: invoice.invoiceNumber,
    invoiceType: invoice.invoiceType,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    totalNet: invoice.totalNet,
    totalTax: invoice.totalTax,
    totalGross: invoice.totalGross,
    currency: invoice.currency,
    tag: invoice.tag,
    quoteRequestId: invoice.quoteRequestId,
    correctedInvoiceNid: corrected?.salesInvoiceNid ?? null,
    correctedInvoiceNumber: corrected?.invoiceNumber ?? null,
    tripNumber: trip?.tripNumber ?? null,
    departureUTC: text(first?.startTimeUTC),
    registration: first?.acft?.registration ?? null,
    client: client
      ? {
          contactNid: client.contactNid,
          name: client.name,
          accountingCode: client.accountingCode,
          street1: client.address?.street1 ?? null,
          street2: client.address?.street2 ?? null,
          postalCode: client.address?.postalCode ?? null,
          city: client.address?.city ?? null,
          email: client.email,
          phone: client.phoneWork ?? client.phoneMobile,
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

/** A list of raw invoices → the mapped ones and the failures (an invoice without an id). */
export function mapSalesInvoices(list: unknown): SalesInvoicesResult {
  const raws = checked(list, array(unknown()), { reason: 'la liste des factures est absente' });
  const { mapped, failures } = mapEach(
    raws,
    mapSalesInvoice,
    (raw, error): InvoiceFailure => ({
      salesInvoiceNid: integerOrNull(obj(raw)?.salesInvoiceNid),
      message: error instanceof Error ? error.message : String(error),
    }),
  );
  return { invoices: mapped, failures };
}
