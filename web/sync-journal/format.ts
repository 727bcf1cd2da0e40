// How a run reads in the journal: its start to the second, its duration, its counts ('—' for what the run
// did not sync).
import { formatInTimeZone } from 'date-fns-tz';
import type { BadgeColor } from '../../contract/badges';
import type { SyncKind } from '../../contract/missions';
import type { SyncRunResult, SyncRunRow } from '../../contract/sync';
import { PARIS } from '../ui/format';

/** A run's start to the second (its dialog, its button's name): two runs may start in the same minute. */
export const parisDateTimeSeconds = (iso: string) =>
  formatInTimeZone(new Date(iso), PARIS, 'dd/MM/yyyy HH:mm:ss');

export const RESULT_COLORS: Record<SyncRunResult, BadgeColor> = {
  ok: 'green',
  failed: 'red',
  interrupted: 'orange',
  running: 'blue',
};

/** '42 s', '3 min 05 s'; '—' for a run without an end. */
export function duration(run: Pick<SyncRunRow, 'startedAt' | 'finishedAt'>): string {
  if (!run.finishedAt) return '—';
  const seconds = Math.max(0, Math.round((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

export const DASH = '—';

/** The kind of a run in the table, short (the run's dialog gives the menu button's name). */
export const KIND_SHORT: Record<SyncKind, string> = {
  synchronize: 'Chargement',
  update: 'Mise à jour',
  poll: 'Automatique',
};

/** Created / updated / deleted / skipped, as the journal's legend says. */
export const missionCounts = (run: SyncRunRow) =>
  `${run.created} / ${run.updated} / ${run.deleted} / ${run.skipped.length}`;

export const invoiceCounts = (run: SyncRunRow) =>
  run.invoices === null
    ? DASH
    : run.invoices.failure
      ? 'échec'
      : `${run.invoices.created} / ${run.invoices.updated} / ${DASH} / ${run.invoices.errors}`;

export const reportCounts = (run: SyncRunRow) =>
  run.incidents === null
    ? DASH
    : run.incidents.failure
      ? 'échec'
      : `${run.incidents.created} / ${run.incidents.updated} / ${run.incidents.deleted} / ${run.incidents.skippedReports.length}`;
