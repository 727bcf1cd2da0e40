// The two Leon buttons of the menu for staff (requirements §2): 'Chargement nouvelles missions' (synchronize)
// and 'Mise à jour informations' (update), both disabled while either runs; counts and lists refresh after.
// The success toast counts the missions, invoices and safety reports the run changed and the trips it
// skipped ('2 missions ignorées'); the failure toast gives the API's reason (the one the journal records),
// and a sync refused for being asked too often (429) says when to try again. Both link to the journal of
// the runs, which refreshes after either.
import { useState } from 'react';
import { href } from '../../contract/routes';
import { SYNC_JOURNAL_MESSAGES, syncFailureText, syncSummaryText } from '../../contract/sync';
import { ApiError, errorMessage } from '../lib/api';
import { menuButton } from '../ui/menu-button.css';
import { toast } from '../ui/toast';
import { type LeonRun, runLeonSync } from './api';
import { missionsChanged, syncRunEnded } from './missions-events';
import { SyncProgress } from './sync-progress';

const SYNC_BUTTONS: Array<[LeonRun, string]> = [
  ['synchronize', 'Chargement nouvelles missions'],
  ['update', 'Mise à jour informations'],
];

const journal = () => ({ href: href('syncJournal'), label: SYNC_JOURNAL_MESSAGES.journalLink });

export function SyncButtons() {
  const [running, setRunning] = useState<LeonRun | null>(null);
  const run = async (kind: LeonRun) => {
    setRunning(kind);
    try {
      toast.success(syncSummaryText(await runLeonSync(kind)), journal());
      missionsChanged.emit();
    } catch (failure) {
      // Asked too often (429): the server's French message says when to try again.
      if (failure instanceof ApiError && failure.status === 429) toast.error(failure.message, journal());
      else toast.error(syncFailureText(errorMessage(failure)), journal());
    } finally {
      setRunning(null);
      syncRunEnded.emit();
    }
  };
  return (
    <>
      {SYNC_BUTTONS.map(([kind, label]) => (
        <button
          key={kind}
          type="button"
          className={menuButton}
          disabled={running !== null}
          aria-busy={running === kind}
          onClick={() => run(kind)}
        >
          {label}
        </button>
      ))}
      <SyncProgress />
    </>
  );
}
