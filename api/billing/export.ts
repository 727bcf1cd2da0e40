// The billing check's XLSX (ecarts-de-facturation.xlsx): the filtered rows of the period, each with its
// breakdown — the cost lines and the invoices one by one — through the exports' text workbook, whose
// string cells a spreadsheet never evaluates (architecture.md §3, api/lib/formula-guard.ts). Amounts are
// numbers in a euro format and the day a date cell, as in the statistics export, so that they add up and
// sort; the lists of airports and invoices stay one text each.
import type { Context } from 'hono';
import { BILLING_VERDICT_BADGES, BILLING_XLSX_FILE, type BillingRow } from '../../contract/billing';
import { frenchDay } from '../../contract/validation';
import { DAY_FORMAT, dayCell, EURO_FORMAT, textWorkbook, xlsxResponse } from '../lib/spreadsheet';

const FRENCH_EUROS = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (euros: number) => `${FRENCH_EUROS.format(euros)} €`;
const day = (value: string | null) => (value ? frenchDay(value) : '');
const TYPES: Record<string, string> = {
  INVOICE: 'Facture',
  RECHARGE_INVOICE: 'Refacturation',
  CREDIT_NOTE: 'Avoir',
};

const COLUMNS = [
  { header: 'N° de mission', key: 'tripNumber', width: 16 },
  { header: 'Verdict', key: 'verdict', width: 22 },
  { header: 'Date', key: 'day', width: 12, style: { numFmt: DAY_FORMAT } },
  { header: 'Hôpital', key: 'hospital', width: 40 },
  { header: 'Facturé HT (€)', key: 'invoiced', width: 16, style: { numFmt: EURO_FORMAT } },
  { header: 'Coût calculé (€)', key: 'computed', width: 16, style: { numFmt: EURO_FORMAT } },
  { header: 'Écart (€)', key: 'difference', width: 14, style: { numFmt: EURO_FORMAT } },
  { header: 'Écart (%)', key: 'differencePercent', width: 10, style: { numFmt: '0.0' } },
  { header: 'Motif', key: 'reason', width: 60 },
  { header: 'Ligne en écart', key: 'suspect', width: 26 },
  { header: 'Temps de vol (€)', key: 'flight', width: 16, style: { numFmt: EURO_FORMAT } },
  { header: 'Régulation (€)', key: 'regulation', width: 14, style: { numFmt: EURO_FORMAT } },
  { header: 'Repas (€)', key: 'meals', width: 12, style: { numFmt: EURO_FORMAT } },
  { header: 'Aéroports', key: 'airports', width: 50 },
  { header: 'Factures et avoirs', key: 'invoices', width: 70 },
] as const;
type Key = (typeof COLUMNS)[number]['key'];

export function billingWorkbook(rows: readonly BillingRow[]) {
  return textWorkbook<Key>(
    'Écarts de facturation',
    COLUMNS.map((c) => ({ ...c, ...('style' in c ? { style: { ...c.style } } : {}) })),
    rows.map((r) => {
      const line = (key: string) => r.costLines.find((l) => l.key === key);
      const amountOf = (key: string) => {
        const l = line(key);
        return l ? (l.computed ?? l.missing ?? '') : '';
      };
      return {
        tripNumber: r.tripNumber ?? '',
        verdict: BILLING_VERDICT_BADGES[r.verdict].label,
        day: dayCell(r.day),
        hospital: r.hospital ?? '',
        invoiced: r.invoiced,
        computed: r.computed ?? '',
        difference: r.difference ?? '',
        differencePercent: r.differencePercent ?? '',
        reason: r.reason,
        suspect: r.suspectLine ? (line(r.suspectLine)?.label ?? '') : '',
        flight: amountOf('flight'),
        regulation: amountOf('regulation'),
        meals: amountOf('meals'),
        airports: r.costLines
          .filter((l) => l.key.startsWith('airport:'))
          .map((l) => `${l.label} : ${l.computed === null ? l.missing : money(l.computed)}`)
          .join(' ; '),
        invoices: r.invoices
          .map(
            (i) =>
              `${TYPES[i.invoiceType] ?? i.invoiceType} ${i.invoiceNumber ?? ''} (${day(i.invoiceDate)}) : ${money(i.net)}`,
          )
          .join(' ; '),
      };
    }),
  );
}

/** ecarts-de-facturation.xlsx as the answer. */
export const billingXlsx = (c: Context, rows: readonly BillingRow[]) =>
  xlsxResponse(c, billingWorkbook(rows), BILLING_XLSX_FILE);
