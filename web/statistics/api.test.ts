// @vitest-environment happy-dom
// The statistics client: the upload target, the PDF data, the download link, the statuses, the toggle
// and the Excel export.
import { describe, expect, it } from 'vitest';
import { fakeApi, requestOf, savedFiles } from '../testing/fake-api';
import * as api from './api';

const ID = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';

describe('statistics client', () => {
  it('asks where to upload a PDF, with the file named and sized in the query', async () => {
    const target = {
      url: 'https://store/x',
      path: 'statistics/x.pdf',
      headers: {},
      expiresAt: '2026-01-01T00:00:00Z',
    };
    const { fetch } = fakeApi({ 'GET /media/get-media-path': () => ({ body: { data: target } }) });
    expect(await api.fetchUploadTarget({ id: ID, kind: 'flight', fileName: 'vol.pdf', size: 1200 })).toEqual(
      target,
    );
    expect(requestOf(fetch)).toEqual({
      path: '/media/get-media-path',
      query: { id: ID, kind: 'flight', fileName: 'vol.pdf', size: '1200' },
    });
  });

  it('saves and deletes PDF data, sets statuses and toggles a mission, each with its method and body', async () => {
    const { calls } = fakeApi({
      'PUT /statistic/update-pdf': () => ({ body: { data: {} } }),
      [`DELETE /statistic/delete-pdf-data/${ID}/airport`]: () => ({ body: { data: {} } }),
      'PUT /statistic/change-status': () => ({ body: { data: {} } }),
      [`PUT /missions/toggle-statistic/${ID}`]: () => ({ body: { data: {} } }),
    });
    await api.savePdfData({ id: ID, flightPdfPath: 'statistics/x.pdf', flightId: 'F-1' });
    await api.deletePdfData(ID, 'airport');
    await api.changeInvoiceStatuses({ selectedIds: [ID], flightStatus: 'PAID' });
    await api.toggleStatistic(ID);
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/statistic/update-pdf',
        body: { id: ID, flightPdfPath: 'statistics/x.pdf', flightId: 'F-1' },
      },
      { method: 'DELETE', path: `/statistic/delete-pdf-data/${ID}/airport`, body: undefined },
      { method: 'PUT', path: '/statistic/change-status', body: { selectedIds: [ID], flightStatus: 'PAID' } },
      { method: 'PUT', path: `/missions/toggle-statistic/${ID}`, body: undefined },
    ]);
  });

  it('gives the signed link of a flight or an airport PDF', async () => {
    const { fetch } = fakeApi({
      'GET /statistic/download-pdf': () => ({ body: { data: { url: 'https://store/read' } } }),
    });
    expect(await api.fetchPdfUrl(ID, 'flight')).toBe('https://store/read');
    expect(await api.fetchPdfUrl(ID, 'airport')).toBe('https://store/read');
    expect([requestOf(fetch, 0).query, requestOf(fetch, 1).query]).toEqual([
      { id: ID, type: 'FLIGHT' },
      { id: ID, type: 'AIRPORT' },
    ]);
  });

  it("saves the Excel export with the list's filters as 'statistiques.xlsx'", async () => {
    const files = savedFiles();
    const { fetch } = fakeApi({ 'GET /statistic/export-excel': () => ({ body: {} }) });
    await api.exportStatisticsExcel({ search: '2024', status: 'CLOTUREE' });
    expect(requestOf(fetch)).toEqual({
      path: '/statistic/export-excel',
      query: { search: '2024', status: 'CLOTUREE' },
    });
    expect(files).toEqual(['statistiques.xlsx']);
  });
});
