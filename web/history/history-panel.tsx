// 'Historique' of a record in a side panel: its audited changes, newest first, each with when (Paris
// time), who ('Leon' for the sync), what it was and each field as 'field : before, arrow, after'; 'Plus
// anciennes' reads the next page. Escape, the backdrop and 'Fermer' close it; the focus goes back to the
// button that opened it.
import { useCallback, useEffect, useState } from 'react';
import { HISTORY_MESSAGES, type HistoryEntity, type HistoryEntry, LEON_ACTOR } from '../../contract/history';
import { errorMessage } from '../lib/api';
import { useLiveRecord } from '../live';
import { ModalDialog } from '../ui/dialog';
import { ToIcon } from '../ui/icons';
import * as css from '../ui/theme.css';
import { fetchHistory } from './api';
import * as ui from './history.css';

interface Loaded {
  entries: HistoryEntry[];
  pages: number;
  pageCount: number;
}

export function HistoryPanel({
  entity,
  id,
  name,
  onClose,
}: {
  entity: HistoryEntity;
  id: string;
  /** What the record is, after 'Historique de': 'la mission 24012', 'Lucie Bernard'. */
  name: string;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      setError(null);
      try {
        const page = await fetchHistory(entity, id, pageNumber);
        setLoaded((current) => ({
          entries: [...(pageNumber > 1 ? (current?.entries ?? []) : []), ...page.rows],
          pages: pageNumber,
          pageCount: page.pageCount,
        }));
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setLoading(false);
      }
    },
    [entity, id],
  );
  useEffect(() => {
    void load(1);
  }, [load]);
  // A change of the record while the panel is open: its newest entries are read again, in place.
  useLiveRecord(entity, id, () => void load(1));

  return (
    <ModalDialog title={`${HISTORY_MESSAGES.title} de ${name}`} isOpen onClose={onClose} side>
      {loaded && loaded.entries.length === 0 && <p className={ui.muted}>{HISTORY_MESSAGES.empty}</p>}
      {loaded && loaded.entries.length > 0 && (
        <ol className={ui.entries} aria-label="Modifications, les plus récentes d'abord">
          {loaded.entries.map((entry) => (
            <li key={entry.id} className={entry.actor === LEON_ACTOR ? `${ui.entry} ${ui.leon}` : ui.entry}>
              <div className={ui.head}>
                <time className={ui.when} dateTime={entry.at}>
                  {entry.when}
                </time>
                <span className={ui.actor}>{entry.actor}</span>
                <span className={ui.action}>{entry.action}</span>
              </div>
              {entry.changes.length > 0 && (
                <ul className={ui.changes}>
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      <span className={ui.field}>{change.field}</span> : {change.before} <ToIcon />
                      <span className={css.visuallyHidden}>devient</span> {change.after}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {loading && (
        <p role="status" className={ui.muted}>
          Chargement…
        </p>
      )}
      {error && (
        <div role="alert">
          <p className={css.formError}>{error}</p>
          <button
            type="button"
            className={css.button.secondary}
            onClick={() => void load(loaded ? loaded.pages + 1 : 1)}
          >
            Réessayer
          </button>
        </div>
      )}
      {loaded && !loading && !error && loaded.pages < loaded.pageCount && (
        <button
          type="button"
          className={`${css.button.secondary} ${ui.more}`}
          onClick={() => void load(loaded.pages + 1)}
        >
          {HISTORY_MESSAGES.older}
        </button>
      )}
    </ModalDialog>
  );
}
