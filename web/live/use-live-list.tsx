// A paged list kept true while it is on screen (docs/decisions/059): a change of a row it shows reads its
// page again (at most once a second), in place; rows that a change brings (a new mission from Leon) do not
// move the rows under the user's pointer: on the first page they are counted in a banner, 'N nouvelles
// missions — Afficher', which reads the page again when pressed. A resync reads the page again.
import { useEffect, useRef, useState } from 'react';
import type { LiveChange } from '../../contract/live';
import * as ui from '../ui/theme.css';
import { changes, resyncs, throttled } from './changes';
import * as css from './live.css';

interface ListOnScreen {
  rows: Array<{ id: string }>;
  pageNumber: number;
  reload: () => void;
}

export interface LiveListOptions {
  /** The entities whose changes concern this list. */
  entities: readonly string[];
  /** Whether a change brings a row this list may show that is not on screen (a creation): the banner. */
  brings?: (change: LiveChange) => boolean;
  /** Every change read again at once (a small list whose rows do not move), without a banner. */
  always?: boolean;
}

export function useLiveList(list: ListOnScreen, options: LiveListOptions) {
  const [arrived, setArrived] = useState<Set<string>>(() => new Set());
  const current = useRef({ list, options });
  current.current = { list, options };
  useEffect(() => {
    const reload = throttled(() => current.current.list.reload());
    const stopChanges = changes.subscribe((change) => {
      const { list: shown, options: opts } = current.current;
      if (!opts.entities.includes(change.entity)) return;
      if (opts.always || shown.rows.some((row) => row.id === change.id)) reload();
      else if (opts.brings?.(change) && shown.pageNumber === 1 && change.id)
        setArrived((before) => new Set(before).add(change.id as string));
    });
    const stopResyncs = resyncs.subscribe(reload);
    return () => {
      stopChanges();
      stopResyncs();
      reload.cancel();
    };
  }, []);
  // A page read for any reason shows what had arrived.
  const rows = list.rows;
  useEffect(() => {
    setArrived((before) => {
      if (!before.size) return before;
      const left = new Set([...before].filter((id) => !rows.some((row) => row.id === id)));
      return left.size === before.size ? before : left;
    });
  }, [rows]);
  return {
    arrived: arrived.size,
    show: () => {
      setArrived(new Set());
      list.reload();
    },
  };
}

/** 'N nouvelles missions — Afficher': announced politely; nothing when none arrived. */
export function NewRowsBanner({
  count,
  one,
  many,
  onShow,
}: {
  count: number;
  one: string;
  many: string;
  onShow: () => void;
}) {
  return (
    <div role="status" aria-live="polite">
      {count > 0 && (
        <div className={css.banner}>
          <span>
            {count} {count === 1 ? one : many}
          </span>
          <button type="button" className={ui.button.secondary} onClick={onShow}>
            Afficher
          </button>
        </div>
      )}
    </div>
  );
}
