// What the pilots and fleet screens share: the period (the last 12 months at first, as the API's default;
// at most 36 months), the toolbar (search and period), the link to a mission, and the dialog listing one
// row's missions.
import { useState } from 'react';
import { Link } from 'wouter';
import {
  type ActivityMissionRow,
  activityPeriodProblem,
  CREW_AND_FLEET_MESSAGES,
  defaultPeriod,
  type MissionLink,
} from '../../contract/crew-and-fleet';
import { href } from '../../contract/routes';
import { type Column, DataTable, type TableList } from '../ui/data-table';
import { subLine } from '../ui/data-table.css';
import { DateRangeFilter, type DayRange } from '../ui/date-range-filter';
import { CloseActions, ModalDialog } from '../ui/dialog';
import { hoursMinutes, parisDate } from '../ui/format';
import { SearchToolbar } from '../ui/search-toolbar';
import type { PeriodFilter } from './query';

/** The period a screen starts with, and the one it shows now (none: the API's default). */
export function usePeriod(fromUrl?: DayRange) {
  const [initial] = useState<DayRange>(() =>
    fromUrl && !activityPeriodProblem(fromUrl) ? fromUrl : defaultPeriod(new Date()),
  );
  const [period, setPeriod] = useState<PeriodFilter>(initial);
  return { initial, period, setPeriod };
}

export function ActivityToolbar({
  id,
  placeholder,
  search,
  onSearch,
  initial,
  onPeriod,
}: {
  id: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  initial: DayRange;
  onPeriod: (period: PeriodFilter) => void;
}) {
  return (
    <SearchToolbar id={id} placeholder={placeholder} value={search} onChange={onSearch} basis={220}>
      <DateRangeFilter
        defaultRange={initial}
        check={activityPeriodProblem}
        onChange={(range, problem) => {
          // Wrong dates (reversed, too long…) are said under the field; the list stays on the last right
          // period instead of falling back to the default. Only a cleared period is the default again.
          if (problem) return;
          onPeriod(range ? { startDate: range.startDate, endDate: range.endDate } : {});
        }}
      />
    </SearchToolbar>
  );
}

/** The mission number, to the mission's details, with its day under it; '-' when none. */
export function MissionLinkCell({ mission }: { mission: MissionLink | null }) {
  if (!mission) return <>-</>;
  return (
    <>
      <Link href={href('missionDetails', { id: mission.missionId })}>{mission.tripNumber ?? 'N.D'}</Link>
      <span className={subLine}>{parisDate(mission.departure)}</span>
    </>
  );
}

/** Legs and block hours. */
export function flownColumns<Row extends { legs: number; blockMinutes: number }>(): Column<Row>[] {
  return [
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

const missionColumns: Column<ActivityMissionRow>[] = [
  {
    id: 'tripNumber',
    header: 'N° de mission',
    cell: (m) => <Link href={href('missionDetails', { id: m.id })}>{m.tripNumber ?? 'N.D'}</Link>,
    oneLine: true,
  },
  { id: 'departure', header: 'Départ', cell: (m) => parisDate(m.departure), oneLine: true },
  { id: 'buyerName', header: 'Hôpital', cell: (m) => m.buyerName ?? '-', oneLine: 200 },
  // A long route wraps at its arrows rather than push the last columns out of the dialog; never narrower
  // than two codes a line, where the dialog scrolls sideways anyway (a phone).
  {
    id: 'route',
    header: 'Trajet',
    cell: (m) => <span style={{ display: 'block', minWidth: 150 }}>{m.route}</span>,
  },
  ...flownColumns<ActivityMissionRow>(),
  { id: 'registrations', header: 'Avion', cell: (m) => m.registrations.join(', ') || '-', oneLine: true },
];

/** A screen's columns of a row's missions, made from the shared ones (an aircraft's add each mission's cost). */
export type MissionColumns<Mission extends ActivityMissionRow> = (
  shared: Column<ActivityMissionRow>[],
) => Column<Mission>[];

/** The missions of one row over the period, 10 a page, each opening its details. */
export function ActivityMissionsDialog<Mission extends ActivityMissionRow>({
  title,
  list,
  columns = (shared) => shared,
  onClose,
}: {
  title: string;
  list: TableList<Mission>;
  columns?: MissionColumns<Mission>;
  onClose: () => void;
}) {
  return (
    <ModalDialog title={title} isOpen onClose={onClose} wide="table">
      <DataTable
        label={title}
        columns={columns(missionColumns)}
        list={list}
        emptyText={CREW_AND_FLEET_MESSAGES.noMission}
      />
      <CloseActions onClose={onClose} />
    </ModalDialog>
  );
}
