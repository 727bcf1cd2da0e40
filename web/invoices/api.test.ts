// @vitest-environment happy-dom
// The invoices client: the retry of the rows in error and the CSV export.
import { describe, expect, it } from 'vitest';
import { fakeApi, savedFiles } from '../testing/fake-api';
import { exportInvoicesCsv, retryInvoicesInError } from './api';

describe('invoices client', () => {
  it('retries the rows in error with PUT and gives back what the retry did', async () => {
    const result = { fixed: 2, stillInError: 1, retried: 3, inError: 1 };
    const { calls } = fakeApi({
      'PUT /invoice/update-invoices-with-error': () => ({ body: { data: result } }),
    });
    expect(await retryInvoicesInError()).toEqual(result);
    expect(calls).toEqual([{ method: 'PUT', path: '/invoice/update-invoices-with-error', body: undefined }]);
  });

  it("posts the period and saves the export as 'invoices.csv'", async () => {
    const files = savedFiles();
    const { calls } = fakeApi({ 'POST /invoice/export-csv': () => ({ body: {} }) });
    const body = { startDate: '2025-01-01', endDate: '2025-01-31', exportSuccess: true };
    await exportInvoicesCsv(body);
    expect(calls).toEqual([{ method: 'POST', path: '/invoice/export-csv', body }]);
    expect(files).toEqual(['invoices.csv']);
  });
});
