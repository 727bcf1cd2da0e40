// The journal of the Leon sync runs (issue 25, decision 035): GET /leon/sync-runs for ADMIN, OPERATION and
// ACCOUNTING, newest first, and POST /leon/sync-runs/:id/retry (ADMIN), which runs an update sync that
// reads again the trips still kept as skipped (decision 009).
import type { IncidentSyncReport } from './incidents';
import {
  type InvoiceSyncCounts,
  MISSION_MESSAGES,
  type SkippedTrip,
  type SyncKind,
  type SyncResult,
  skippedText,
} from './missions';

export type { InvoiceSyncCounts };

import type { Role } from './roles';

export const SYNC_JOURNAL_PATHS = {
  runs: '/leon/sync-runs',
  retry: (id: string) => `/leon/sync-runs/${encodeURIComponent(id)}/retry`,
} as const;

/** Who may open the journal; only ADMIN may retry. */
export const SYNC_JOURNAL_ROLES: readonly Role[] = ['ADMIN', 'OPERATION', 'ACCOUNTING'];

/**
 * A run's result as the journal reads it: 'running' while its process still holds the sync's lock,
 * 'interrupted' when it stopped before its end (server stopped, process killed, taken over).
 */
export const SYNC_RUN_RESULTS = ['ok', 'failed', 'interrupted', 'running'] as const;
export type SyncRunResult = (typeof SYNC_RUN_RESULTS)[number];

export const SYNC_RUN_RESULT_LABELS: Record<SyncRunResult, string> = {
  ok: 'Réussie',
  failed: 'Échouée',
  interrupted: 'Interrompue',
  running: 'En cours',
};

export const SYNC_KIND_LABELS: Record<SyncKind, string> = {
  synchronize: 'Chargement nouvelles missions',
  update: 'Mise à jour informations',
  poll: 'Synchronisation automatique',
};

/** A skipped trip of a run, and whether it is still kept to be read again (decision 009). */
export interface JournalSkippedTrip extends SkippedTrip {
  waiting: boolean;
}

/** A row of GET /leon/sync-runs, newest first. */
export interface SyncRunRow {
  id: string;
  kind: SyncKind;
  status: SyncRunResult;
  /** Why the run failed or stopped (French), null when it ran or still runs. */
  reason: string | null;
  /** Leon's own words (English) when the run failed on Leon's answer: ADMIN only, null for the others. */
  leonDetail: string | null;
  /** Who started it; null for the background poll ('automatique'). */
  actorName: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** Missions. */
  created: number;
  updated: number;
  deleted: number;
  skipped: JournalSkippedTrip[];
  /** What the run did with incidents (Leon's safety reports), null when not synced. */
  incidents: IncidentSyncReport | null;
  invoices: InvoiceSyncCounts | null;
}

export const SYNC_RUNS_PAGE_SIZE = 20;

export const SYNC_JOURNAL_MESSAGES = {
  title: 'Journal des synchronisations',
  empty: 'Aucune synchronisation enregistrée',
  loadError: 'Le journal des synchronisations n’a pas pu être chargé',
  automatic: 'automatique',
  retryForbidden: 'Seul un administrateur peut relancer les missions ignorées',
  runNotFound: 'Synchronisation introuvable',
  nothingToRetry: 'Aucune mission ignorée de cette synchronisation n’est encore en attente',
  retryTitle: 'Réessayer les missions ignorées',
  retryText:
    'Réessayer relance la mise à jour des données depuis Leon : toutes les missions ignorées encore en attente sont relues, pas seulement celles de cette synchronisation. Continuer ?',
  retryDone: 'Mise à jour relancée',
  retryError: 'La mise à jour n’a pas pu être relancée',
  journalLink: 'Voir le journal',
  /** The journal's legend: the invoices' fourth figure is those stored in error, not skipped ones. */
  legend:
    'Missions et rapports de sécurité : créés / modifiés / supprimés / ignorés ; factures : créées / modifiées / — / en erreur ; « — » quand la synchronisation ne les a pas traités.',
  /** Under a run's figures, in its dialog. */
  countsNote:
    'Compteurs : créées / modifiées / supprimées / ignorées ; factures : créées / modifiées / — / en erreur.',
} as const;

/**
 * The note beside 'Réessayer' in a run's dialog, agreeing with how many of the run's skipped trips still
 * wait (`waiting`): the update reads them again with every other trip still kept (decision 009).
 */
export function retryNote(waiting: number): string {
  const start = 'Réessayer relance la mise à jour des données : ';
  const others = 'avec toutes les autres missions ignorées encore en attente.';
  if (waiting === 0)
    return `${start}aucune mission de cette synchronisation n’est en attente ; les autres missions ignorées encore en attente sont relues dans Leon.`;
  if (waiting === 1) return `${start}la mission en attente est relue dans Leon, ${others}`;
  return `${start}les ${waiting} missions en attente sont relues dans Leon, ${others}`;
}

/** How many missions, invoices and safety reports a run created, updated or deleted; null when not synced. */
export function runCounts(
  run: Pick<SyncResult, 'created' | 'updated' | 'deleted' | 'incidents' | 'invoices'>,
) {
  return {
    missions: run.created + run.updated + run.deleted,
    invoices: run.invoices ? run.invoices.created + run.invoices.updated : null,
    reports: run.incidents ? run.incidents.created + run.incidents.updated + run.incidents.deleted : null,
  };
}

/** The toast after a sync that failed: the French failure and the reason the API gave (the run's, in the journal). */
export const syncFailureText = (reason: string): string => `${MISSION_MESSAGES.syncError} : ${reason}`;

/**
 * The toast after a sync: 'Données synchronisées avec succès (missions : 3, factures : 2, rapports de
 * sécurité : 1), 2 missions ignorées' — what changed, the entities not synced left out.
 */
export function syncSummaryText(result: SyncResult | null | undefined): string {
  if (!result) return MISSION_MESSAGES.syncSuccess;
  const counts = runCounts(result);
  const parts = [`missions : ${counts.missions}`];
  if (counts.invoices !== null) parts.push(`factures : ${counts.invoices}`);
  if (counts.reports !== null) parts.push(`rapports de sécurité : ${counts.reports}`);
  const skipped = result.skipped?.length ?? result.failed ?? 0;
  return `${MISSION_MESSAGES.syncSuccess} (${parts.join(', ')})${skipped > 0 ? `, ${skippedText(skipped)}` : ''}`;
}
