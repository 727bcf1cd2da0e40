// A table's last column when it holds one button per row (a pilot's missions, a sync run's details): kept
// at the right edge while the table scrolls sideways, each button named after its row.
import type { ReactNode } from 'react';
import type { Column } from './data-table';

export function buttonColumn<Row>({
  id,
  header,
  align,
  className,
  label,
  onClick,
  children,
}: {
  id: string;
  header: ReactNode;
  align?: Column<Row>['align'];
  /** The button's look (a `button` variant of theme.css). */
  className: string;
  /** The button's accessible name for the row (e.g. 'Voir les missions de Lucie Bernard'). */
  label: (row: Row) => string;
  onClick: (row: Row) => void;
  /** What the button shows: an icon or a word, the same on every row. */
  children: ReactNode;
}): Column<Row> {
  return {
    id,
    header,
    sticky: 'end',
    align,
    cell: (row) => (
      <button type="button" className={className} aria-label={label(row)} onClick={() => onClick(row)}>
        {children}
      </button>
    ),
  };
}
