// The button that opens a record's history ('Historique', or an icon named after the record in a table
// row) and the panel it opens; the panel gives the focus back to it when it closes.
import { useState } from 'react';
import type { HistoryEntity } from '../../contract/history';
import { HistoryIcon } from '../ui/icons';
import * as css from '../ui/theme.css';
import { HistoryPanel } from './history-panel';

export function HistoryButton({
  entity,
  id,
  name,
  compact = false,
}: {
  entity: HistoryEntity;
  id: string;
  /** What the record is, after 'Historique de': 'la mission 24012', 'Lucie Bernard'. */
  name: string;
  /** An icon button, for a table row. */
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {compact ? (
        <button
          type="button"
          className={css.button.ghost}
          aria-label={`Historique de ${name}`}
          title="Historique"
          onClick={() => setOpen(true)}
        >
          <HistoryIcon />
        </button>
      ) : (
        <button type="button" className={css.button.secondary} onClick={() => setOpen(true)}>
          Historique
        </button>
      )}
      {open && <HistoryPanel entity={entity} id={id} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
