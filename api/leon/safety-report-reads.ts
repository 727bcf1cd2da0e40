// The safety-report reads the incident sync makes: the reports declared in a date range, those changed
// since Leon's timestamp, and the bytes of their attachments (read with the access token, on Leon's origin
// only).
import { MODIFIED_SAFETY_REPORTS_QUERY, SAFETY_REPORT_LIST_QUERY } from './queries';
import { rawBetween, rawModifiedSince } from './reads';
import { type LeonReportFailure, type LeonSafetyReport, mapSafetyReports } from './safety-reports';
import type { LeonTransport } from './transport';

export interface SafetyReportsResult {
  reports: LeonSafetyReport[];
  failures: LeonReportFailure[];
}

export interface ModifiedSafetyReports extends SafetyReportsResult {
  deletedReportNids: number[];
  /** Leon's clock for safety reports: store it and pass it to the next call. */
  timestamp: number;
}

/** Why an attachment could not be read from Leon (French, shown on the sync run). */
export class LeonFileError extends Error {}

export function leonSafetyReports(transport: LeonTransport) {
  const { base, graphql, sendWithRateLimit, withToken } = transport;

  /** Safety reports declared in [start, end), asked in sequential windows of at most 3 months. */
  async function safetyReportsBetween(start: Date, end: Date): Promise<SafetyReportsResult> {
    return mapSafetyReports(
      await rawBetween(graphql, SAFETY_REPORT_LIST_QUERY, 'safetyReportList', 'safetyReportNid', start, end),
    );
  }

  /** Safety reports created, changed or deleted since Leon's `timestamp` (at most one week back). */
  async function modifiedSafetyReportsSince(timestamp: number): Promise<ModifiedSafetyReports> {
    const path = ['safetyReports', 'getModifiedSafetyReportList'];
    const raw = await rawModifiedSince(graphql, MODIFIED_SAFETY_REPORTS_QUERY, path, timestamp);
    const mapped = mapSafetyReports([...raw.created, ...raw.changed]);
    return { ...mapped, deletedReportNids: raw.deleted, timestamp: raw.timestamp };
  }

  /**
   * The bytes of an attachment Leon serves at `url` (relative to Leon's origin, or absolute on it: any
   * other host is refused, so that Leon's data cannot make us fetch elsewhere with its token).
   */
  async function attachment(url: string, maxBytes: number): Promise<Uint8Array> {
    let target: URL;
    try {
      target = new URL(url, `${base}/`);
    } catch {
      throw new LeonFileError('adresse du fichier invalide');
    }
    if (target.origin !== new URL(`${base}/`).origin)
      throw new LeonFileError(`adresse du fichier hors de Leon (${target.host})`);
    const get = (bearer: string) =>
      sendWithRateLimit(target.href, () => ({
        method: 'GET',
        headers: { authorization: `Bearer ${bearer}` },
      }));
    const response = await withToken(get);
    if (!response.ok) {
      await response.body?.cancel();
      throw new LeonFileError(`Leon a répondu ${response.status}`);
    }
    const announced = Number(response.headers.get('content-length'));
    if (Number.isFinite(announced) && announced > maxBytes) {
      await response.body?.cancel();
      throw new LeonFileError(`fichier trop volumineux (plus de ${Math.floor(maxBytes / 1048576)} Mo)`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      const reader = response.body?.getReader();
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw new LeonFileError(`fichier trop volumineux (plus de ${Math.floor(maxBytes / 1048576)} Mo)`);
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof LeonFileError) throw error;
      throw new LeonFileError('téléchargement interrompu');
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  }

  return { safetyReportsBetween, modifiedSafetyReportsSince, attachment };
}
