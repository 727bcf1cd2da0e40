// One record kept true while it is on screen (details, a history panel, an open edit dialog): `onChange`
// runs, at most once a second, when the change feed says this record changed, or on a resync.
import { useEffect, useRef } from 'react';
import type { LiveChange } from '../../contract/live';
import { changes, resyncs, throttled } from './changes';

export function useLiveRecord(
  entity: string,
  id: string | null | undefined,
  onChange: (change: LiveChange | null) => void,
): void {
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    if (!id) return;
    let latest: LiveChange | null = null;
    const run = throttled(() => handler.current(latest));
    const stopChanges = changes.subscribe((change) => {
      if (change.entity !== entity || change.id !== id) return;
      latest = change;
      run();
    });
    const stopResyncs = resyncs.subscribe(() => {
      latest = null;
      run();
    });
    return () => {
      stopChanges();
      stopResyncs();
      run.cancel();
    };
  }, [entity, id]);
}
