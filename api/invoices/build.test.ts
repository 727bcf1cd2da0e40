// The row builder: a complete Leon invoice gives a PENDING row with the accounting constants; each missing
// or absurd piece gives an ERROR row whose French reason names it.
import { describe, expect, it } from 'vitest';
import { invoiceRow } from '../../contract/testing/invoices';
import { INVOICE_CLIENTS, type LeonSalesInvoice } from '../leon';
import { loadConfig } from '../lib/config';
import { buildInvoiceRow } from './build';

const accounting = loadConfig({ NODE_ENV: 'test' }).accounting;

// The simulator's CHU de Bordeaux – Hôpital Pellegrin (9001), as Leon sends a client.
const { phoneWork, ...bordeaux } = INVOICE_CLIENTS.find((c) => c.contactNid === 9001)!;

const invoice = (patch: Partial<LeonSalesInvoice> = {}): LeonSalesInvoice => ({
  salesInvoiceNid: 800123,
  invoiceNumber: 'FA2026-00042',
  invoiceType: 'INVOICE',
  issueDate: '2026-02-27',
  dueDate: '2026-03-29',
  totalNet: 4125.5,
  totalTax: 825.1,
  totalGross: 4950.6,
  currency: 'EUR',
  tag: 'TRANSPORT-ORGANES',
  quoteRequestId: 'QR-5012',
  correctedInvoiceNid: null,
  correctedInvoiceNumber: null,
  tripNumber: '24012',
  departureUTC: '2026-02-26T23:30:00Z',
  registration: 'F-HBMV',
  client: { ...bordeaux, phone: phoneWork },
  ...patch,
});

describe('buildInvoiceRow', () => {
  it('builds the 33 fields of a complete invoice as a PENDING row on the credit side', () => {
    // The texts of the sample wire row but for the departure day (23:30 UTC on the 26th is the 27th in
    // Paris) and the second address line; the amounts in cents.
    const { id, debit, credit, ...texts } = invoiceRow({
      departureDate: '2026-02-27',
      address2: 'Service des finances',
    });
    expect(buildInvoiceRow(invoice(), accounting)).toEqual({
      ...texts,
      leonInvoiceNid: 800123,
      debitCents: 0,
      creditCents: 495060,
      netCents: 412550,
    });
  });

  it('puts a credit note on the debit side of its own account, with the invoice it corrects', () => {
    const row = buildInvoiceRow(
      invoice({
        invoiceType: 'CREDIT_NOTE',
        invoiceNumber: 'AV2026-00003',
        totalNet: -100,
        totalTax: -20,
        totalGross: -120,
        correctedInvoiceNid: 800100,
        correctedInvoiceNumber: 'FA2026-00040',
      }),
      accounting,
    );
    expect(row).toMatchObject({
      status: 'PENDING',
      generalAccount: '709000',
      type: 'AV',
      debitCents: 12000,
      creditCents: 0,
      netCents: 10000,
      invoiceNumber2: 'FA2026-00040',
      invoiceId2: '800100',
    });
    expect(buildInvoiceRow(invoice({ invoiceType: 'RECHARGE_INVOICE' }), accounting)).toMatchObject({
      generalAccount: '708500',
      type: 'FR',
      creditCents: 495060,
    });
  });

  const reasonOf = (patch: Partial<LeonSalesInvoice>) => {
    const row = buildInvoiceRow(invoice(patch), accounting);
    expect(row.status).toBe('ERROR');
    // The amount is kept for the screen unless the amount itself is the problem.
    if (/^Montant/.test(row.errorMessage ?? '')) expect(row.debitCents + row.creditCents).toBe(0);
    return row.errorMessage;
  };
  const client = invoice().client!;

  it.each([
    [
      { client: { ...client, accountingCode: null } },
      'Code tiers manquant pour le client CHU de Bordeaux – Hôpital Pellegrin',
    ],
    [{ client: null }, 'Client manquant sur la facture FA2026-00042'],
    [
      { client: { ...client, postalCode: null, city: null } },
      'Adresse incomplète pour le client CHU de Bordeaux – Hôpital Pellegrin (code postal, ville manquant)',
    ],
    [{ totalGross: null }, 'Montant manquant sur la facture FA2026-00042'],
    [{ totalGross: Number.NaN }, 'Montant illisible sur la facture FA2026-00042'],
    [{ totalGross: 0, totalNet: 0, totalTax: 0 }, 'Montant nul sur la facture FA2026-00042'],
    [{ totalGross: -10 }, 'Montant négatif sur la facture FA2026-00042 : -10,00 €'],
    [{ totalGross: 2_000_000 }, 'Montant invalide sur la facture FA2026-00042 : 2000000,00 €'],
    [
      { totalGross: 10.005 },
      'Montant invalide (plus de deux décimales : 10.005) sur la facture FA2026-00042',
    ],
    [{ totalGross: 5000 }, 'Montant incohérent sur la facture FA2026-00042 : HT + TVA ≠ TTC'],
    [{ invoiceNumber: null }, 'Numéro de facture manquant (facture Leon 800123)'],
    [{ issueDate: null }, 'Date de facture manquante sur la facture FA2026-00042'],
    [
      { dueDate: '2026-01-01' },
      "Date d'échéance antérieure à la date de facture sur la facture FA2026-00042",
    ],
    [{ currency: 'USD' }, 'Devise non prise en charge sur la facture FA2026-00042 : USD'],
    [{ invoiceType: 'PROFORMA' }, 'Type de facture inconnu : PROFORMA'],
  ] as Array<[Partial<LeonSalesInvoice>, string]>)('%o → ERROR "%s"', (patch, reason) => {
    expect(reasonOf(patch)).toBe(reason);
  });

  it('names every problem of an invoice at once', () => {
    expect(reasonOf({ totalGross: null, client: { ...client, accountingCode: null } })).toBe(
      'Code tiers manquant pour le client CHU de Bordeaux – Hôpital Pellegrin ; Montant manquant sur la facture FA2026-00042',
    );
  });
});
