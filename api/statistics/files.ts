// Housekeeping of the statistics PDFs. A file is uploaded before its record points to it (step 2 of the
// upload, before update-pdf): a browser that never calls update-pdf, or an API killed between the two,
// leaves an orphan. The sweep deletes the files under statistics/ older than a day that no record points
// to; one API instance runs it at start and every few hours (statisticsSweepJob, a job of api/lib/jobs.ts).
import { statistics } from '../db/schema';
import { orphanFiles } from '../lib/jobs';
import { STATISTICS_PREFIX } from './service';

const statisticFiles = orphanFiles({
  prefix: STATISTICS_PREFIX,
  name: 'statistics-files-sweep',
  what: 'Statistics files',
  table: statistics,
  keyColumns: [statistics.flightPdfKey, statistics.airportPdfKey],
});

export const sweepStatisticFiles = statisticFiles.sweep;

/** The sweep as a job (api/lib/jobs.ts): at start, then every `hours`, by one instance at a time. */
export const statisticsSweepJob = statisticFiles.job;
