// 'Flotte' (issue 25, decision 034): one row per aircraft registration seen on synced legs over a period
// (the last 12 months at first): photo, type, missions, block hours, the cost engine's flight-time cost,
// last flight; searched by registration; a row's button opens the list of its missions, each with the cost
// the row adds up (issue 54).
import {
  type AircraftMissionRow,
  type AircraftRow,
  CREW_AND_FLEET_MESSAGES,
} from '../../contract/crew-and-fleet';
import { AIRCRAFT_TYPE_LABELS } from '../../contract/missions';
import {
  ActivityScreen,
  countColumns,
  type MissionColumns,
  MissionLinkCell,
  type PeriodFilter,
} from '../activity';
import { AircraftImage } from '../ui/aircraft-image';
import type { Column } from '../ui/data-table';
import { cellNote } from '../ui/data-table.css';
import { euros } from '../ui/format';
import { useAircraftMissions, useFleetList } from './api';
import * as ui from './fleet.css';

const withoutCost = (n: number) => (n === 1 ? '1 mission sans coût' : `${n} missions sans coût`);

const columns: Column<AircraftRow>[] = [
  {
    id: 'registration',
    header: 'Immatriculation',
    cell: (r) => (
      <span className={ui.aircraft}>
        <AircraftImage registration={r.registration} width={56} height={35} />
        {r.registration}
      </span>
    ),
    text: (r) => r.registration,
  },
  { id: 'aircraftType', header: 'Type', cell: (r) => AIRCRAFT_TYPE_LABELS[r.aircraftType], oneLine: true },
  ...countColumns<AircraftRow>(),
  {
    id: 'flightCost',
    header: 'Coût du temps de vol',
    align: 'end',
    cell: (r) => (
      <>
        <span style={{ whiteSpace: 'nowrap' }}>{euros(r.flightCost)}</span>
        {r.missionsWithoutCost > 0 && <span className={ui.note}>{withoutCost(r.missionsWithoutCost)}</span>}
      </>
    ),
  },
  {
    id: 'lastFlight',
    header: 'Dernier vol',
    cell: (r) => <MissionLinkCell mission={r.lastFlight} />,
  },
];

/**
 * A mission's share of its aircraft's cost: the amount; 'Sans coût' and why for a mission the row counts
 * without one; '-' for a mission none of whose legs on the aircraft has been flown.
 */
const missionCostColumn: Column<AircraftMissionRow> = {
  id: 'flightCost',
  header: 'Coût du temps de vol',
  align: 'end',
  cell: ({ flightCost }) =>
    flightCost === null ? (
      '-'
    ) : flightCost.ok ? (
      <span style={{ whiteSpace: 'nowrap' }}>{euros(flightCost.value)}</span>
    ) : (
      <>
        <span style={{ whiteSpace: 'nowrap' }}>Sans coût</span>
        <span className={cellNote}>{flightCost.reason}</span>
      </>
    ),
};

/** An aircraft's missions: the shared columns but the aircraft (it is the dialog's), then each one's cost. */
const missionColumns: MissionColumns<AircraftMissionRow> = (shared) => [
  ...shared.filter((column) => column.id !== 'registrations'),
  missionCostColumn,
];

const useMissionsOf = (aircraft: AircraftRow, period: PeriodFilter) =>
  useAircraftMissions(aircraft.registration, period);

export function FleetScreen() {
  return (
    <ActivityScreen
      title={CREW_AND_FLEET_MESSAGES.fleetTitle}
      label="Flotte"
      searchId="fleet-search"
      placeholder="Immatriculation"
      emptyText={CREW_AND_FLEET_MESSAGES.noAircraft}
      useList={useFleetList}
      columns={columns}
      rowName={(aircraft) => aircraft.registration}
      useMissions={useMissionsOf}
      missionColumns={missionColumns}
    />
  );
}
