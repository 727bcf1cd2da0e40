// The statistics API as the statistics screen and its dialogs call it: paths from contract/statistics.ts
// (STATISTIC_PATHS), bodies, queries and answers typed by the contract. The list goes through usePagedList
// (web/lib) on STATISTIC_PATHS.list.
import type { Infer } from 'superstruct';
import type { DataResponse } from '../../contract/http';
import {
  type ChangeStatusInput,
  type MediaPath,
  type MediaPathQuery,
  type PdfDownload,
  type PdfKind,
  STATISTIC_PATHS,
  type UpdatePdfInput,
} from '../../contract/statistics';
import { apiCall, download } from '../lib/api';

/** GET /media/get-media-path: where to PUT one PDF (a signed URL and its headers), and the path to save. */
export async function fetchUploadTarget(query: Infer<typeof MediaPathQuery>): Promise<MediaPath> {
  return (await apiCall<DataResponse<MediaPath>>(STATISTIC_PATHS.mediaPath, { query })).data;
}

/** PUT /statistic/update-pdf: saves the uploaded PDFs' paths and the invoice ids of a row. */
export async function savePdfData(body: UpdatePdfInput): Promise<void> {
  await apiCall<unknown>(STATISTIC_PATHS.updatePdf, { method: 'PUT', body });
}

/** DELETE /statistic/delete-pdf-data/:id/:kind: removes a row's flight or airport PDF and its id. */
export async function deletePdfData(id: string, kind: PdfKind): Promise<{ id: string; version: number }> {
  return (
    await apiCall<DataResponse<{ id: string; version: number }>>(STATISTIC_PATHS.deletePdfData(id, kind), {
      method: 'DELETE',
    })
  ).data;
}

/** GET /statistic/download-pdf: a signed URL to read a row's flight or airport PDF. */
export async function fetchPdfUrl(id: string, kind: PdfKind): Promise<string> {
  const query = { id, type: kind === 'flight' ? 'FLIGHT' : 'AIRPORT' };
  return (await apiCall<DataResponse<PdfDownload>>(STATISTIC_PATHS.downloadPdf, { query })).data.url;
}

/** PUT /statistic/change-status: the flight and/or airport invoice status of the selected rows. */
export async function changeInvoiceStatuses(body: ChangeStatusInput): Promise<void> {
  await apiCall<unknown>(STATISTIC_PATHS.changeStatus, { method: 'PUT', body });
}

/** PUT /missions/toggle-statistic/:id: counts a mission in the statistics, or no longer. */
export async function toggleStatistic(missionId: string): Promise<void> {
  await apiCall<unknown>(STATISTIC_PATHS.toggle(missionId), { method: 'PUT' });
}

/** GET /statistic/export-excel with the list's filters and search, saved as 'statistiques.xlsx'. */
export const exportStatisticsExcel = (query: Record<string, string>) =>
  download(STATISTIC_PATHS.exportExcel, 'statistiques.xlsx', { query });
