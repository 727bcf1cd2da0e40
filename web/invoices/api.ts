// The invoices API as the invoice export screen calls it: paths from contract/invoices.ts (INVOICE_PATHS),
// bodies and answers typed by the contract. The list goes through usePagedList (web/lib) on
// INVOICE_PATHS.list.
import type { DataResponse } from '../../contract/http';
import {
  INVOICE_PATHS,
  INVOICES_CSV_FILE,
  type InvoiceExportInput,
  type InvoiceRetryResult,
} from '../../contract/invoices';
import { apiCall, download } from '../lib/api';

/** PUT /invoice/update-invoices-with-error: rebuilds the rows in error from Leon; what the retry did. */
export async function retryInvoicesInError(): Promise<InvoiceRetryResult> {
  return (await apiCall<DataResponse<InvoiceRetryResult>>(INVOICE_PATHS.updateWithError, { method: 'PUT' }))
    .data;
}

/** POST /invoice/export-csv for a period, saved as 'invoices.csv'. */
export const exportInvoicesCsv = (body: InvoiceExportInput) =>
  download(INVOICE_PATHS.exportCsv, INVOICES_CSV_FILE, { method: 'POST', body });
