// The accounting CSV (decision 018): UTF-8 with BOM, ';' separator, CRLF, one header row, the columns of
// INVOICE_CSV_COLUMNS in that order, days dd/MM/yyyy, amounts with a decimal comma and two decimals, and
// text that a spreadsheet could take for a formula prefixed with an apostrophe, piece by piece
// (api/lib/formula-guard.ts: blanks before the sign, full-width signs, `x,=1+1`).
// Each exported row gives two lines, so that debit equals credit over the file: the row on the account of
// its invoice type, then its counterpart on the customers' account with the two sides swapped.
import { stringify } from 'csv-stringify/sync';
import { INVOICE_CSV_COLUMNS, type InvoiceRow } from '../../contract/invoices';
import { csvSafeText } from '../lib/formula-guard';

const DAY_FIELDS = new Set(['invoiceDate', 'invoiceDueDate', 'departureDate']);
const AMOUNT_FIELDS = new Set(['debit', 'credit']);

/** `2026-03-02` → `02/03/2026`. */
export const frenchDay = (day: string | null): string => {
  if (!day) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`not a calendar day: ${day}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
};

/** Euros → `1234,50` (no thousands separator: accounting imports read it as text otherwise). */
export const frenchAmount = (euros: number): string => {
  if (!Number.isFinite(euros)) throw new Error(`not an amount: ${euros}`);
  return euros.toFixed(2).replace('.', ',');
};

/** A text cell no spreadsheet evaluates: the one guard of every export (api/lib/formula-guard.ts). */
export const safeCell = (text: string | null): string => (text === null ? '' : csvSafeText(text));

function cell(field: string, value: unknown): string {
  if (AMOUNT_FIELDS.has(field)) return frenchAmount(value as number);
  if (DAY_FIELDS.has(field)) return frenchDay(value as string | null);
  return safeCell(value === null || value === undefined ? null : String(value));
}

/** The file's text (with its BOM) for `rows`; throws on a value it cannot write, before anything is marked. */
export function writeInvoicesCsv(rows: readonly InvoiceRow[], customerAccount: string): string {
  const lines: string[][] = [];
  for (const row of rows) {
    const counterpart = { ...row, generalAccount: customerAccount, debit: row.credit, credit: row.debit };
    for (const line of [row, counterpart])
      lines.push(INVOICE_CSV_COLUMNS.map(({ field }) => cell(field, line[field])));
  }
  return stringify(lines, {
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    header: true,
    columns: INVOICE_CSV_COLUMNS.map(({ header }, i) => ({ key: String(i), header })),
  });
}
