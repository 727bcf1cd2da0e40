// What an open edit dialog says as soon as the change feed tells it that a record it edits changed
// (issue 50, docs/decisions/064): its save, made on the version it opened, will be refused (409).
import { useEffect, useState } from 'react';
import { CONFLICT_RECORDS, type ConflictRecord } from '../../contract/conflicts';
import type { LiveEntity } from '../../contract/live';
import * as css from '../ui/theme.css';
import { changes } from './changes';

export function ChangedElsewhere({
  entity,
  ids,
  record,
}: {
  /** The records' kind as the feed names it. */
  entity: LiveEntity;
  /** The records the dialog edits (one, or the selected rows). */
  ids: readonly string[];
  /** How the message names them. */
  record: ConflictRecord;
}) {
  const [changed, setChanged] = useState(false);
  const key = ids.join('\n');
  useEffect(() => {
    if (!key) return;
    const watched = new Set(key.split('\n'));
    return changes.subscribe((change) => {
      if (change.entity === entity && change.id !== null && watched.has(change.id)) setChanged(true);
    });
  }, [entity, key]);
  if (!changed) return null;
  return (
    <p role="alert" className={css.formError}>
      {CONFLICT_RECORDS[record].elsewhere}
    </p>
  );
}
