// The rows a price table shows: the page the server sent, with a row just added put first and a row
// just edited replaced where it stands (requirements §2 'Price screens'), until the list loads another page.
import { useRef, useState } from 'react';
import type { TableList } from '../ui/data-table';

export function useShownRows<Row extends { id: string }, L extends TableList<Row>>(list: L) {
  const [local, setLocal] = useState<{ base: Row[]; rows: Row[] } | null>(null);
  const latest = useRef(list.rows);
  latest.current = list.rows;
  const rows = local && local.base === list.rows ? local.rows : list.rows;
  const update = (change: (rows: Row[]) => Row[]) =>
    setLocal((prev) => {
      const base = latest.current;
      return { base, rows: change(prev && prev.base === base ? prev.rows : base) };
    });
  return {
    list: { ...list, rows, empty: list.empty && rows.length === 0 } as L,
    /** Puts a row just added at the top of the table. */
    putFirst: (row: Row) => update((current) => [row, ...current.filter((r) => r.id !== row.id)]),
    /** Puts a row just edited in the place of its former self. */
    replace: (row: Row) => update((current) => current.map((r) => (r.id === row.id ? row : r))),
  };
}
