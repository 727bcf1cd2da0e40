// The page both activity screens are (pilots, fleet): a toolbar with a search and the period, the table of
// rows over that period, and a row's missions in a dialog. Each screen gives its own columns, list, row name
// and missions; the counts and the row's button are the same columns on both.
import { useState } from 'react';
import type { ActivityMissionRow } from '../../contract/crew-and-fleet';
import { urlFilters, urlPeriod } from '../lib/url-filters';
import { buttonColumn } from '../ui/button-column';
import { type Column, DataTable, type TableList } from '../ui/data-table';
import { ViewIcon } from '../ui/icons';
import { Page } from '../ui/page';
import * as css from '../ui/theme.css';
import {
  ActivityMissionsDialog,
  ActivityToolbar,
  flownColumns,
  type MissionColumns,
  usePeriod,
} from './activity';
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
    ...flownColumns<Row>(),
  ];
}

/** The row's button that opens its missions, named for the row. */
function openColumn<Row>(name: (row: Row) => string, onOpen: (row: Row) => void): Column<Row> {
  return buttonColumn({
    id: 'open',
    header: 'Actions',
    align: 'center',
    className: css.button.ghost,
    label: (r) => `Voir les missions de ${name(r)}`,
    onClick: onOpen,
    children: <ViewIcon />,
  });
}

type ActivityList<Row> = TableList<Row> & {
  search: string;
  setSearch: (value: string) => void;
  setFilters: (filters: Record<string, unknown>) => void;
};

/** The dialog of one row's missions over the period, 10 a page. */
function RowMissions<Row, Mission extends ActivityMissionRow>({
  title,
  row,
  period,
  useMissions,
  columns,
  onClose,
}: {
  title: string;
  row: Row;
  period: PeriodFilter;
  useMissions: (row: Row, period: PeriodFilter) => TableList<Mission>;
  columns?: MissionColumns<Mission>;
  onClose: () => void;
}) {
  const list = useMissions(row, period);
  return <ActivityMissionsDialog title={title} list={list} columns={columns} onClose={onClose} />;
}

export function ActivityScreen<Row extends { id: string }, Mission extends ActivityMissionRow>({
  title,
  label,
  searchId,
  placeholder,
  emptyText,
  useList,
  columns,
  rowName,
  useMissions,
  missionColumns,
}: {
  title: string;
  /** The table's accessible name. */
  label: string;
  searchId: string;
  placeholder: string;
  emptyText: string;
  /** The screen's paged list over a period, with its first search (a hook). */
  useList: (period: PeriodFilter, search?: string) => ActivityList<Row>;
  /** The row's columns; the button that opens its missions comes last. */
  columns: Column<Row>[];
  /** What the row's button and its missions' dialog call it. */
  rowName: (row: Row) => string;
  /** One row's missions over the period (a hook). */
  useMissions: (row: Row, period: PeriodFilter) => TableList<Mission>;
  /** The screen's columns of a row's missions, from the shared ones (all of them when not given). */
  missionColumns?: MissionColumns<Mission>;
}) {
  // Opened from the dashboard's flight hours: that period, searched for that aircraft or pilot.
  const [fromUrl] = useState(() => urlFilters(['startDate', 'endDate', 'search'] as const));
  const { initial, period, setPeriod } = usePeriod(urlPeriod(fromUrl));
  const list = useList(initial, fromUrl.search);
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
      <DataTable
        label={label}
        columns={[...columns, openColumn(rowName, setOpened)]}
        list={list}
        emptyText={emptyText}
      />
      {opened && (
        <RowMissions
          key={opened.id}
          title={`Missions de ${rowName(opened)}`}
          row={opened}
          period={period}
          useMissions={useMissions}
          columns={missionColumns}
          onClose={() => setOpened(null)}
        />
      )}
    </Page>
  );
}
