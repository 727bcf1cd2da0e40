// The two Leon buttons of the menu for staff (requirements §2): 'Chargement nouvelles missions' (synchronize)
// and 'Mise à jour informations' (update), both disabled while either runs; counts and lists refresh after.
// The success toast says how many trips the sync skipped ('2 missions ignorées').
import { useState } from 'react';
import { MISSION_MESSAGES, syncToastText } from '../../contract/missions';
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
      toast.success(syncToastText(await runLeonSync(kind)));
      missionsChanged.emit();
    } catch {
      toast.error(MISSION_MESSAGES.syncError);
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
