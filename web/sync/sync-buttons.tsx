// The two Leon buttons of the menu for staff (requirements §2): 'Chargement nouvelles missions' (synchronize)
// and 'Mise à jour informations' (update), both disabled while either runs; counts and lists refresh after.
// The success toast counts the missions, invoices and safety reports the run changed and the trips it
// skipped ('2 missions ignorées'), with a link to the journal of the runs. A sync refused for being asked
// too often (429) shows the server's French message, which says when to try again.
import { useState } from 'react';
import { MISSION_MESSAGES } from '../../contract/missions';
import { href } from '../../contract/routes';
import { SYNC_JOURNAL_MESSAGES, syncSummaryText } from '../../contract/sync';
import { ApiError } from '../lib/api';
import { menuButton } from '../ui/menu-button.css';
import { toast } from '../ui/toast';
import { type LeonRun, runLeonSync } from './api';
import { missionsChanged } from './missions-events';

const SYNC_BUTTONS: Array<[LeonRun, string]> = [
  ['synchronize', 'Chargement nouvelles missions'],
  ['update', 'Mise à jour informations'],
];

export function SyncButtons() {
  const [running, setRunning] = useState<LeonRun | null>(null);
  const run = async (kind: LeonRun) => {
    setRunning(kind);
    try {
      toast.success(syncSummaryText(await runLeonSync(kind)), {
        href: href('syncJournal'),
        label: SYNC_JOURNAL_MESSAGES.journalLink,
      });
      missionsChanged.emit();
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 429 ? error.message : MISSION_MESSAGES.syncError,
      );
    } finally {
      setRunning(null);
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
    </>
  );
}
