// The page both activity screens are (pilots, fleet): a toolbar with a search and the period, the table of
// rows over that period, and a row's missions in a dialog. Each screen gives its own columns, list and
// dialog; the counts and the row's button are the same columns on both.
import { type ReactNode, useState } from 'react';
import { type Column, DataTable, type TableList } from '../ui/data-table';
import { hoursMinutes } from '../ui/format';
import { ViewIcon } from '../ui/icons';
import { Page } from '../ui/page';
import * as css from '../ui/theme.css';
import { ActivityToolbar, usePeriod } from './activity';
import type { PeriodFilter } from './query';

interface ActivityCounts {
  missions: number;
  legs: number;
  blockMinutes: number;
}

/** Missions, legs and block hours over the period. */
export function countColumns<Row extends ActivityCounts>(): Column<Row>[] {
  return [
    { id: 'missions', header: 'Missions', cell: (r) => r.missions, align: 'end' },
    { id: 'legs', header: 'Vols', cell: (r) => r.legs, align: 'end' },
    {
      id: 'blockMinutes',
      header: 'Heures bloc',
      cell: (r) => hoursMinutes(r.blockMinutes),
      align: 'end',
      oneLine: true,
    },
  ];
}

/** The row's button that opens its missions, named for the row. */
export function openColumn<Row>(name: (row: Row) => string, onOpen: (row: Row) => void): Column<Row> {
  return {
    id: 'open',
    header: 'Actions',
    sticky: 'end',
    align: 'center',
    cell: (r) => (
      <button
        type="button"
        className={css.button.ghost}
        aria-label={`Voir les missions de ${name(r)}`}
        onClick={() => onOpen(r)}
      >
        <ViewIcon />
      </button>
    ),
  };
}

type ActivityList<Row> = TableList<Row> & {
  search: string;
  setSearch: (value: string) => void;
  setFilters: (filters: Record<string, unknown>) => void;
};

export function ActivityScreen<Row extends { id: string }>({
  title,
  label,
  searchId,
  placeholder,
  emptyText,
  useList,
  columns,
  missions,
}: {
  title: string;
  /** The table's accessible name. */
  label: string;
  searchId: string;
  placeholder: string;
  emptyText: string;
  /** The screen's paged list over a period (a hook). */
  useList: (period: PeriodFilter) => ActivityList<Row>;
  columns: (onOpen: (row: Row) => void) => Column<Row>[];
  /** The dialog of one row's missions over the period. */
  missions: (row: Row, period: PeriodFilter, onClose: () => void) => ReactNode;
}) {
  const { initial, period, setPeriod } = usePeriod();
  const list = useList(initial);
  const [opened, setOpened] = useState<Row | null>(null);
  return (
    <Page title={title}>
      <ActivityToolbar
        id={searchId}
        placeholder={placeholder}
        search={list.search}
        onSearch={list.setSearch}
        initial={initial}
        onPeriod={(next) => {
          setPeriod(next);
          list.setFilters({ startDate: next.startDate, endDate: next.endDate });
        }}
      />
      <DataTable label={label} columns={columns(setOpened)} list={list} emptyText={emptyText} />
      {opened && missions(opened, period, () => setOpened(null))}
    </Page>
  );
}
