// A run of the journal in a dialog: its facts, its failure reason, the trips it skipped with their reasons
// and whether each is still kept; 'Réessayer' (ADMIN) when some are, which re-runs the update sync after
// a French confirmation (there is no single-trip import: the update reads every kept trip again).
import { useState } from 'react';
import {
  retryNote,
  SYNC_JOURNAL_MESSAGES,
  SYNC_KIND_LABELS,
  SYNC_RUN_RESULT_LABELS,
  type SyncRunRow,
  syncSummaryText,
} from '../../contract/sync';
import { useAction } from '../lib/use-action';
import { missionsChanged, syncRunEnded } from '../sync';
import { Badge } from '../ui/badge';
import { CloseActions, DialogActions, ModalDialog } from '../ui/dialog';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { syncJournalApi } from './api';
import {
  DASH,
  duration,
  invoiceCounts,
  missionCounts,
  parisDateTimeSeconds,
  RESULT_COLORS,
  reportCounts,
} from './format';
import * as ui from './sync-journal.css';

export function RunPanel({
  run,
  canRetry,
  onClose,
}: {
  run: SyncRunRow;
  canRetry: boolean;
  onClose: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const { pending, error, run: act } = useAction();
  const kept = run.skipped.filter((trip) => trip.waiting);
  const retry = () =>
    act(async () => {
      try {
        const result = await syncJournalApi.retry(run.id);
        toast.success(`${SYNC_JOURNAL_MESSAGES.retryDone} : ${syncSummaryText(result)}`);
        missionsChanged.emit();
        onClose();
      } finally {
        // A retry whose update ran and failed is in the journal too.
        syncRunEnded.emit();
      }
    });
  if (confirming)
    return (
      <ModalDialog
        title={SYNC_JOURNAL_MESSAGES.retryTitle}
        isOpen
        onClose={() => setConfirming(false)}
        isDismissable={!pending}
        role="alertdialog"
      >
        <p style={{ margin: 0 }}>{SYNC_JOURNAL_MESSAGES.retryText}</p>
        <DialogActions
          error={error}
          pending={pending}
          onCancel={() => setConfirming(false)}
          actionLabel="Réessayer"
          onAction={retry}
        />
      </ModalDialog>
    );
  const facts: Array<[string, React.ReactNode]> = [
    ['Type', SYNC_KIND_LABELS[run.kind]],
    ['Lancée par', run.actorName ?? SYNC_JOURNAL_MESSAGES.automatic],
    ['Début', parisDateTimeSeconds(run.startedAt)],
    ['Durée', run.status === 'running' ? 'en cours' : duration(run)],
    [
      'Résultat',
      <Badge key="result" label={SYNC_RUN_RESULT_LABELS[run.status]} color={RESULT_COLORS[run.status]} />,
    ],
    ['Raison', run.reason ?? DASH],
    // Leon's own words, in English: the API gives them to ADMIN only (decision 061).
    ...(run.leonDetail ? ([['Réponse de Leon', run.leonDetail]] as Array<[string, string]>) : []),
    ['Missions', missionCounts(run)],
    ['Factures', invoiceCounts(run)],
    ['Rapports de sécurité', reportCounts(run)],
  ];
  if (run.invoices?.failure) facts.push(['Factures : raison', run.invoices.failure]);
  if (run.incidents?.failure) facts.push(['Rapports : raison', run.incidents.failure]);
  return (
    <ModalDialog
      title={`Synchronisation du ${parisDateTimeSeconds(run.startedAt)}`}
      isOpen
      onClose={onClose}
      wide
    >
      <dl className={ui.facts}>
        {facts.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={css.definitionTerm}>{term}</dt>
            <dd className={ui.definition}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={ui.note}>{SYNC_JOURNAL_MESSAGES.countsNote}</p>
      <h3 className={ui.sectionTitle}>Missions ignorées ({run.skipped.length})</h3>
      {run.skipped.length === 0 ? (
        <p className={ui.note}>Aucune mission ignorée par cette synchronisation.</p>
      ) : (
        <ul className={ui.trips} aria-label="Missions ignorées">
          {run.skipped.map((trip, index) => (
            <li key={`${trip.tripNumber ?? 'nd'}-${index}`} className={ui.trip}>
              <div className={ui.tripHead}>
                <strong>Mission {trip.tripNumber ?? 'N.D'}</strong>
                <Badge
                  label={trip.waiting ? 'En attente' : 'Plus en attente'}
                  color={trip.waiting ? 'orange' : 'grey'}
                />
              </div>
              <span>{trip.reason}</span>
              {trip.leonMessage && <span className={ui.note}>Réponse de Leon : {trip.leonMessage}</span>}
            </li>
          ))}
        </ul>
      )}
      {canRetry && kept.length > 0 && <p className={ui.note}>{retryNote(kept.length)}</p>}
      <CloseActions onClose={onClose}>
        {canRetry && kept.length > 0 && (
          <button type="button" className={css.button.primary} onClick={() => setConfirming(true)}>
            Réessayer
          </button>
        )}
      </CloseActions>
    </ModalDialog>
  );
}
