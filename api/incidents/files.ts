// Housekeeping of the incident attachments copied from Leon. A sync copies them before its write
// transaction; a copy whose transaction then failed, or one whose attachment Leon no longer lists (the
// sync deletes its row), stays in the file store with nothing pointing to it. The sweep deletes the files
// under incidents/ older than a day that no attachment row points to; one API instance runs it at start
// and every few hours (incidentFilesSweepJob, a job of api/lib/jobs.ts).
import { inArray } from 'drizzle-orm';
import { incidentAttachments } from '../db/schema';
import type { Deps } from '../lib/context';
import { type Job, orphanSweepJob } from '../lib/jobs';
import type { SweepResult } from '../lib/storage';

export const INCIDENTS_PREFIX = 'incidents/';
/** A run copies, then writes: a day leaves room for any run still between the two. */
export const ORPHAN_AGE_MS = 24 * 3600_000;

export async function sweepIncidentFiles(
  deps: Pick<Deps, 'db' | 'files'>,
  olderThanMs = ORPHAN_AGE_MS,
): Promise<SweepResult> {
  return deps.files.sweepOrphans({
    prefix: INCIDENTS_PREFIX,
    olderThanMs,
    referenced: async (keys) => {
      const rows = await deps.db
        .select({ key: incidentAttachments.storageKey })
        .from(incidentAttachments)
        .where(inArray(incidentAttachments.storageKey, [...keys]));
      return rows.map((row) => row.key).filter((key): key is string => key !== null);
    },
  });
}

/** The sweep as a job (api/lib/jobs.ts): at start, then every `hours`, by one instance at a time. */
export const incidentFilesSweepJob = (deps: Pick<Deps, 'db' | 'files'>, hours = 6): Job =>
  orphanSweepJob('incident-files-sweep', 'Incident files', () => sweepIncidentFiles(deps), hours);
