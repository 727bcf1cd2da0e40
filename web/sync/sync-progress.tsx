// A sync's progress under the Leon buttons, for staff, from the change feed (issue 50): the windows of a
// first load done of those planned, the missions created and updated so far. Gone when the run ends.
import { useEffect, useState } from 'react';
import type { LiveProgress } from '../../contract/live';
import { changes, progresses } from '../live';
import * as css from './sync.css';

export const progressText = (p: LiveProgress) =>
  `Synchronisation : ${p.windowsDone}/${p.windowsTotal} périodes lues · ${p.created} ${p.created > 1 ? 'créées' : 'créée'} · ${p.updated} ${p.updated > 1 ? 'mises à jour' : 'mise à jour'}`;

export function SyncProgress() {
  const [progress, setProgress] = useState<LiveProgress | null>(null);
  useEffect(() => {
    const stopProgress = progresses.subscribe((p) => setProgress(p.windowsDone >= p.windowsTotal ? null : p));
    const stopChanges = changes.subscribe((change) => {
      if (change.entity === 'sync_run' && change.action === 'sync_run.change')
        setProgress((current) => (current && current.runId === change.id ? null : current));
    });
    return () => {
      stopProgress();
      stopChanges();
    };
  }, []);
  return (
    <p role="status" aria-live="polite" className={css.progress}>
      {progress ? progressText(progress) : ''}
    </p>
  );
}
