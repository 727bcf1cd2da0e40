// Housekeeping of the incident attachments copied from Leon. A sync copies them before its write
// transaction; a copy whose transaction then failed, or one whose attachment Leon no longer lists (the
// sync deletes its row), stays in the file store with nothing pointing to it. The sweep deletes the files
// under incidents/ older than a day that no attachment row points to; one API instance runs it at start
// and every few hours (incidentFilesSweepJob, a job of api/lib/jobs.ts).
import { incidentAttachments } from '../db/schema';
import { orphanFiles } from '../lib/jobs';

export const INCIDENTS_PREFIX = 'incidents/';

const incidentFiles = orphanFiles({
  prefix: INCIDENTS_PREFIX,
  name: 'incident-files-sweep',
  what: 'Incident files',
  table: incidentAttachments,
  keyColumns: [incidentAttachments.storageKey],
});

export const sweepIncidentFiles = incidentFiles.sweep;

/** The sweep as a job (api/lib/jobs.ts): at start, then every `hours`, by one instance at a time. */
export const incidentFilesSweepJob = incidentFiles.job;
