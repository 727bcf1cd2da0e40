// Housekeeping of the statistics PDFs. A file is uploaded before its record points to it (step 2 of the
// upload, before update-pdf): a browser that never calls update-pdf, or an API killed between the two,
// leaves an orphan. The sweep deletes the files under statistics/ older than a day that no record points
// to; one API instance runs it at start and every few hours (statisticsSweepJob, a job of api/lib/jobs.ts).
import { inArray, or } from 'drizzle-orm';
import { statistics } from '../db/schema';
import type { Deps } from '../lib/context';
import { type Job, orphanSweepJob } from '../lib/jobs';
import type { SweepResult } from '../lib/storage';
import { STATISTICS_PREFIX } from './service';

/** Upload URLs live 5 minutes; a day leaves room for any upload still on its way to update-pdf. */
export const ORPHAN_AGE_MS = 24 * 3600_000;

export async function sweepStatisticFiles(
  deps: Pick<Deps, 'db' | 'files'>,
  olderThanMs = ORPHAN_AGE_MS,
): Promise<SweepResult> {
  return deps.files.sweepOrphans({
    prefix: STATISTICS_PREFIX,
    olderThanMs,
    referenced: async (keys) => {
      const rows = await deps.db
        .select({ flight: statistics.flightPdfKey, airport: statistics.airportPdfKey })
        .from(statistics)
        .where(or(inArray(statistics.flightPdfKey, [...keys]), inArray(statistics.airportPdfKey, [...keys])));
      return rows.flatMap((r) => [r.flight, r.airport]).filter((k): k is string => k !== null);
    },
  });
}

/** The sweep as a job (api/lib/jobs.ts): at start, then every `hours`, by one instance at a time. */
export const statisticsSweepJob = (deps: Pick<Deps, 'db' | 'files'>, hours = 6): Job =>
  orphanSweepJob('statistics-files-sweep', 'Statistics files', () => sweepStatisticFiles(deps), hours);
