// Builds the accounting row (requirements §3 'Invoice export row') of one Leon sales invoice or credit note, with
// the accounting constants of the configuration. A row that cannot be built is ERROR with French reasons
// naming what is missing; a complete one is PENDING (decision 018).
import { formatInTimeZone } from 'date-fns-tz';
import {
  INVOICE_TYPES,
  type InvoiceStatus,
  type InvoiceTexts,
  type InvoiceType,
} from '../../contract/invoices';
import { isOneOf } from '../../contract/validation';
import type { LeonSalesInvoice } from '../leon';
import type { AccountingConfig } from '../lib/config';

/** The columns of an `invoices` row that the builder decides (the database adds id and timestamps). */
export interface BuiltInvoice extends InvoiceTexts {
  leonInvoiceNid: number;
  status: Exclude<InvoiceStatus, 'SUCCESS'>;
  invoiceType: string;
  errorMessage: string | null;
  debitCents: number;
  creditCents: number;
  /** The net amount (HT), positive, for the billing check; null when Leon's cannot be read. */
  netCents: number | null;
}

/** Beyond this an amount is absurd for one organ-transport invoice (and near PostgreSQL's integer). */
export const MAX_INVOICE_CENTS = 100_000_000;
const TEXT_MAX = 200;
/** The piece type of each invoice type: invoice, recharge invoice, credit note (avoir). */
export const PIECE_TYPES: Record<InvoiceType, string> = {
  INVOICE: 'FA',
  RECHARGE_INVOICE: 'FR',
  CREDIT_NOTE: 'AV',
};

const isType = (value: string | null): value is InvoiceType => isOneOf(INVOICE_TYPES, value);

const cut = (value: string | null): string | null =>
  value === null ? null : value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX - 1)}…` : value;

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

/** Integer cents of a Leon amount in euros, or the French reason it cannot be one. */
function cents(value: number | null, label: string): { cents: number } | { problem: string } {
  if (value === null) return { problem: `${label} manquant` };
  if (!Number.isFinite(value)) return { problem: `${label} illisible` };
  const scaled = Math.round(value * 100);
  if (Math.abs(value * 100 - scaled) > 1e-6)
    return { problem: `${label} invalide (plus de deux décimales : ${value})` };
  return { cents: scaled };
}

/** The Paris calendar day of an ISO instant, or null. */
function parisDay(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatInTimeZone(date, 'Europe/Paris', 'yyyy-MM-dd');
}

export function buildInvoiceRow(invoice: LeonSalesInvoice, accounting: AccountingConfig): BuiltInvoice {
  const reasons: string[] = [];
  const number = invoice.invoiceNumber;
  const ofInvoice = number ? ` sur la facture ${number}` : ` sur la facture Leon ${invoice.salesInvoiceNid}`;
  const type = isType(invoice.invoiceType) ? invoice.invoiceType : null;
  if (!type) reasons.push(`Type de facture inconnu : ${invoice.invoiceType ?? 'absent'}`);
  if (!number) reasons.push(`Numéro de facture manquant (facture Leon ${invoice.salesInvoiceNid})`);
  if (!invoice.issueDate) reasons.push(`Date de facture manquante${ofInvoice}`);
  if (!invoice.dueDate) reasons.push(`Date d'échéance manquante${ofInvoice}`);
  else if (invoice.issueDate && invoice.dueDate < invoice.issueDate)
    reasons.push(`Date d'échéance antérieure à la date de facture${ofInvoice}`);
  if (invoice.currency !== null && invoice.currency !== 'EUR')
    reasons.push(`Devise non prise en charge${ofInvoice} : ${invoice.currency}`);

  const client = invoice.client;
  const clientName = client?.name ?? null;
  const who = clientName ?? (client?.contactNid ? `Leon ${client.contactNid}` : 'inconnu');
  if (!client) reasons.push(`Client manquant${ofInvoice}`);
  else {
    if (!clientName) reasons.push(`Nom du client manquant (contact Leon ${client.contactNid ?? 'inconnu'})`);
    if (!client.accountingCode) reasons.push(`Code tiers manquant pour le client ${who}`);
    const missing = [
      client.street1 ? null : 'adresse',
      client.postalCode ? null : 'code postal',
      client.city ? null : 'ville',
    ].filter(Boolean);
    if (missing.length)
      reasons.push(`Adresse incomplète pour le client ${who} (${missing.join(', ')} manquant)`);
  }

  // The amount is the gross total (TTC). Leon may send a credit note's total negative: its side says
  // that it is a credit note, so its absolute value is kept.
  let amountCents = 0;
  const gross = cents(invoice.totalGross, 'Montant');
  if ('problem' in gross) reasons.push(`${gross.problem}${ofInvoice}`);
  else {
    const value = type === 'CREDIT_NOTE' ? Math.abs(gross.cents) : gross.cents;
    if (value < 0) reasons.push(`Montant négatif${ofInvoice} : ${euros(value)}`);
    else if (value === 0) reasons.push(`Montant nul${ofInvoice}`);
    else if (value > MAX_INVOICE_CENTS) reasons.push(`Montant invalide${ofInvoice} : ${euros(value)}`);
    else {
      const net = cents(invoice.totalNet, 'Montant HT');
      const tax = cents(invoice.totalTax, 'TVA');
      if ('cents' in net && 'cents' in tax && Math.abs(Math.abs(net.cents + tax.cents) - value) > 1)
        reasons.push(`Montant incohérent${ofInvoice} : HT + TVA ≠ TTC`);
      else amountCents = value;
    }
  }

  // The net (HT) for the billing check (decision 033), kept even on an ERROR row: it is what was invoiced.
  const netRead = cents(invoice.totalNet, 'Montant HT');
  const netCents =
    'cents' in netRead && Math.abs(netRead.cents) <= MAX_INVOICE_CENTS ? Math.abs(netRead.cents) : null;

  const status = reasons.length ? 'ERROR' : 'PENDING';
  return {
    leonInvoiceNid: invoice.salesInvoiceNid,
    status,
    invoiceType: cut(invoice.invoiceType) ?? 'INCONNU',
    errorMessage: reasons.length ? reasons.join(' ; ').slice(0, 1000) : null,
    society: accounting.society,
    journal: accounting.journal,
    invoiceDate: invoice.issueDate,
    invoiceNumber: cut(number),
    invoiceNumber2: cut(invoice.correctedInvoiceNumber),
    quoteRequestId: cut(invoice.quoteRequestId),
    generalAccount: type ? accounting.accounts[type] : null,
    phoneBookContactCode: cut(client?.accountingCode ?? null),
    requesterTripNumber: cut(invoice.tripNumber),
    invoiceDueDate: invoice.dueDate,
    // The row is the line of the invoice type's own account: a sale is a credit, a credit note a debit.
    debitCents: type === 'CREDIT_NOTE' ? amountCents : 0,
    creditCents: type === 'CREDIT_NOTE' ? 0 : amountCents,
    netCents,
    type: type ? PIECE_TYPES[type] : null,
    invoiceTag: cut(invoice.tag),
    section2: accounting.section2,
    section3: accounting.section3,
    aircraftRegistration: cut(invoice.registration),
    section5: accounting.section5,
    tax: accounting.taxCode,
    departureDate: parisDay(invoice.departureUTC),
    requester: cut(clientName),
    address1: cut(client?.street1 ?? null),
    address2: cut(client?.street2 ?? null),
    postalCode: cut(client?.postalCode ?? null),
    city: cut(client?.city ?? null),
    workEmail: cut(client?.email ?? null),
    workPhone: cut(client?.phone ?? null),
    invoiceId1: String(invoice.salesInvoiceNid),
    invoiceId2: invoice.correctedInvoiceNid === null ? null : String(invoice.correctedInvoiceNid),
  };
}
