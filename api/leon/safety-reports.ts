// Leon's safety reports (our incidents) → the typed `LeonSafetyReport` the incident sync stores, checked
// field by field. TO BE CHECKED AGAINST THE OPERATOR'S SCHEMA: Leon's public summary does not describe
// safety reports; the field names (queries.ts, SAFETY_REPORT_FIELDS) follow Leon's naming style and the
// simulator's SDL. A report we cannot map is a failure of that report alone.
import { array, enums, integer, min, string, type, union } from 'superstruct';
import {
  checked,
  instant,
  integerOrNull,
  iso,
  mapEach,
  maybe,
  messageOf,
  nonBlank,
  withoutNul,
} from './checked';

export const LEON_REPORT_STATUSES = ['OPEN', 'CLOSED'] as const;
export type LeonReportStatus = (typeof LEON_REPORT_STATUSES)[number];

export interface LeonAttachment {
  attachmentNid: number;
  fileName: string;
  contentType: string | null;
  size: number | null;
  /** Where Leon serves the file (absolute, or relative to Leon's origin); read with the access token. */
  url: string;
}

export interface LeonSafetyReport {
  reportNid: number;
  reportNumber: string;
  /** The trip it concerns, when Leon ties it to one. */
  tripNumber: string | null;
  /** The declared date, ISO 8601 UTC. */
  declaredAt: string;
  status: LeonReportStatus;
  category: string;
  title: string;
  description: string;
  /** Leon's presumedCauses. */
  cause: string;
  /** Leon's correctiveAction, if the report was closed in Leon with one. */
  correctiveAction: string | null;
  attachments: LeonAttachment[];
  lastModified: string;
}

export interface LeonReportFailure {
  reportNid: number | null;
  reportNumber: string | null;
  message: string;
}

const RawAttachment = type({
  attachmentNid: integer(),
  fileName: nonBlank,
  contentType: maybe(string()),
  size: maybe(min(integer(), 0)),
  downloadUrl: nonBlank,
});

const RawSafetyReport = type({
  safetyReportNid: integer(),
  reportNumber: union([nonBlank, integer()]),
  reportDateUTC: instant,
  status: enums(LEON_REPORT_STATUSES),
  category: maybe(type({ name: maybe(string()) })),
  title: maybe(string()),
  description: maybe(string()),
  presumedCauses: maybe(string()),
  correctiveAction: maybe(string()),
  trip: maybe(type({ tripNumber: maybe(union([string(), integer()])) })),
  attachmentList: maybe(array(RawAttachment)),
  lastModificationTime: instant,
});

function reportWhere(reportNumber: string | null): string {
  return reportNumber ? ` (rapport ${reportNumber})` : '';
}

/** One Leon safety report → a `LeonSafetyReport`. Throws a `LeonError` of kind `mapping` naming the field. */
export function mapSafetyReport(input: unknown): LeonSafetyReport {
  const raw = withoutNul(input);
  const n = (raw as { reportNumber?: unknown } | null)?.reportNumber;
  const number = typeof n === 'string' || typeof n === 'number' ? String(n).trim() : null;
  const r = checked(raw, RawSafetyReport, { where: reportWhere(number) });
  const trip = r.trip?.tripNumber;
  const tripNumber = trip === undefined || trip === null ? null : String(trip).trim() || null;
  const text = (value: string | null | undefined) => value?.trim() ?? '';
  return {
    reportNid: r.safetyReportNid,
    reportNumber: String(r.reportNumber).trim(),
    tripNumber,
    declaredAt: iso(r.reportDateUTC),
    status: r.status,
    category: text(r.category?.name) || 'N.D',
    title: text(r.title) || 'N.D',
    description: text(r.description),
    cause: text(r.presumedCauses),
    correctiveAction: text(r.correctiveAction) || null,
    attachments: (r.attachmentList ?? []).map((a) => ({
      attachmentNid: a.attachmentNid,
      fileName: a.fileName.trim(),
      contentType: a.contentType?.trim() || null,
      size: a.size ?? null,
      url: a.downloadUrl.trim(),
    })),
    lastModified: iso(r.lastModificationTime),
  };
}

/** Maps raw reports one by one: a bad one becomes a failure and leaves the others alone. */
export function mapSafetyReports(raws: unknown[]): {
  reports: LeonSafetyReport[];
  failures: LeonReportFailure[];
} {
  const { mapped, failures } = mapEach(raws, mapSafetyReport, (raw, error): LeonReportFailure => {
    const value = withoutNul(raw) as { safetyReportNid?: unknown; reportNumber?: unknown } | null;
    const n = value?.reportNumber;
    return {
      reportNid: integerOrNull(value?.safetyReportNid),
      reportNumber: typeof n === 'string' || typeof n === 'number' ? String(n).trim() || null : null,
      message: messageOf(error),
    };
  });
  return { reports: mapped, failures };
}
