// The simulator's safety reports (our incidents) and their attachments, and the changes a test or the
// demo makes to them: each change ticks the clock, as Leon does.
import { instant, type SimClock, SimulatorInputError } from './clock';
import { isoAt, type SimReportStatus, type SimSafetyReport, type SimTrip } from './model';
import { attachmentOf, generateReports, type ReportIds, SAMPLE_PNG, samplePdf } from './reports';

export interface AddReportInput {
  tripNumber?: string | null;
  reportDateUTC?: string;
  status?: SimReportStatus;
  category?: string;
  title?: string;
  description?: string;
  presumedCauses?: string;
  correctiveAction?: string | null;
  /** Files attached; `kind` picks a sample PDF or PNG. Default: one PDF. */
  attachments?: Array<{ fileName: string; kind?: 'pdf' | 'png' }>;
}

export type ChangeReportInput = Omit<AddReportInput, 'attachments'>;

export interface ModifiedReports {
  created: SimSafetyReport[];
  changed: SimSafetyReport[];
  deleted: number[];
  timestamp: number;
}

export function createReportStore(options: {
  now: () => number;
  clock: SimClock;
  seed: number;
  initialTrips: SimTrip[];
  /** Safety reports to start with; default: generated on the initial trips. */
  initialReports?: SimSafetyReport[];
}) {
  const { now } = options;
  const { tick, current, checkModifiedSince } = options.clock;
  let reports = new Map<number, SimSafetyReport>();
  const reportIds: ReportIds = { reportNid: 8001, reportNumber: 26001, attachmentNid: 9001 };
  const initialReports =
    options.initialReports ??
    generateReports(options.initialTrips, { seed: options.seed, now: now(), ids: reportIds, at: current() });
  function loadReports(list: SimSafetyReport[]): void {
    reports = new Map(list.map((r) => [r.safetyReportNid, { ...structuredClone(r), isDeleted: false }]));
    for (const r of reports.values()) {
      reportIds.reportNid = Math.max(reportIds.reportNid, r.safetyReportNid + 1);
      for (const a of r.attachments)
        reportIds.attachmentNid = Math.max(reportIds.attachmentNid, a.attachmentNid + 1);
    }
  }
  loadReports(initialReports);

  /** Back to the initial reports at clock `at`: all show as changed, reports added since as deleted. */
  function reset(at: number): void {
    const reportsBefore = [...reports.values()];
    loadReports(initialReports);
    for (const r of reports.values()) r.modifiedAt = at;
    for (const r of reportsBefore)
      if (!reports.has(r.safetyReportNid))
        reports.set(r.safetyReportNid, { ...r, isDeleted: true, modifiedAt: at });
  }

  function getReport(reportNid: number): SimSafetyReport {
    const report = reports.get(reportNid);
    if (!report || report.isDeleted) throw new SimulatorInputError(`Unknown safety report ${reportNid}`, 404);
    return report;
  }

  function addReport(input: AddReportInput = {}): SimSafetyReport {
    const at = tick();
    const declared = input.reportDateUTC ? instant(input.reportDateUTC, 'reportDateUTC') : now();
    const number = `SR-${reportIds.reportNumber++}`;
    const report: SimSafetyReport = {
      safetyReportNid: reportIds.reportNid++,
      reportNumber: number,
      tripNumber: input.tripNumber === undefined ? null : input.tripNumber,
      reportDateUTC: isoAt(declared),
      status: input.status ?? 'OPEN',
      category: input.category ?? 'Sécurité des vols',
      title: input.title ?? 'Événement signalé',
      description: input.description ?? '',
      presumedCauses: input.presumedCauses ?? '',
      correctiveAction: input.correctiveAction ?? null,
      attachments: (input.attachments ?? [{ fileName: `Rapport ${number}.pdf` }]).map((a) =>
        a.kind === 'png'
          ? attachmentOf(reportIds, a.fileName, 'image/png', SAMPLE_PNG)
          : attachmentOf(reportIds, a.fileName, 'application/pdf', samplePdf(`${number} ${a.fileName}`)),
      ),
      lastModificationTime: isoAt(now()),
      isDeleted: false,
      createdAt: at,
      modifiedAt: at,
    };
    reports.set(report.safetyReportNid, report);
    return report;
  }

  function changeReport(reportNid: number, patch: ChangeReportInput): SimSafetyReport {
    const report = getReport(reportNid);
    const at = tick();
    if (patch.reportDateUTC !== undefined)
      report.reportDateUTC = isoAt(instant(patch.reportDateUTC, 'reportDateUTC'));
    for (const key of [
      'tripNumber',
      'status',
      'category',
      'title',
      'description',
      'presumedCauses',
      'correctiveAction',
    ] as const)
      if (patch[key] !== undefined) (report as unknown as Record<string, unknown>)[key] = patch[key];
    report.modifiedAt = at;
    report.lastModificationTime = isoAt(now());
    return report;
  }

  function removeReport(reportNid: number): SimSafetyReport {
    const report = getReport(reportNid);
    report.isDeleted = true;
    report.modifiedAt = tick();
    return report;
  }

  const liveReports = () => [...reports.values()].filter((r) => !r.isDeleted);

  /** Reports declared in [start, end). */
  function reportsBetween(start: number, end: number): SimSafetyReport[] {
    return liveReports()
      .filter((r) => {
        const at = Date.parse(r.reportDateUTC);
        return at >= start && at < end;
      })
      .sort((a, b) => a.reportDateUTC.localeCompare(b.reportDateUTC));
  }

  function modifiedReportsSince(dateTime: number): ModifiedReports {
    checkModifiedSince(dateTime);
    const created: SimSafetyReport[] = [];
    const changed: SimSafetyReport[] = [];
    const deletedNids: number[] = [];
    for (const r of reports.values()) {
      if (r.isDeleted) {
        if (r.modifiedAt > dateTime) deletedNids.push(r.safetyReportNid);
      } else if (r.createdAt > dateTime) created.push(r);
      else if (r.modifiedAt > dateTime) changed.push(r);
    }
    return { created, changed, deleted: deletedNids.sort((a, b) => a - b), timestamp: current() };
  }

  function attachmentFile(attachmentNid: number) {
    for (const r of liveReports()) {
      const file = r.attachments.find((a) => a.attachmentNid === attachmentNid);
      if (file) return file;
    }
    return undefined;
  }

  return {
    reset,
    addReport,
    changeReport,
    removeReport,
    report: (reportNid: number) => reports.get(reportNid),
    reports: liveReports,
    reportsBetween,
    modifiedReportsSince,
    attachmentFile,
  };
}
