// 'Flotte' (issue 25, decision 034): one row per aircraft registration seen on synced legs over a period
// (the last 12 months at first): photo, type, missions, block hours, the cost engine's flight-time cost,
// last flight; searched by registration; a row's button opens the list of its missions.
import { useState } from 'react';
import { type AircraftRow, CREW_AND_FLEET_MESSAGES } from '../../contract/crew-and-fleet';
import { AIRCRAFT_TYPE_LABELS } from '../../contract/missions';
import {
  ActivityMissionsDialog,
  ActivityToolbar,
  MissionLinkCell,
  type PeriodFilter,
  usePeriod,
} from '../activity';
import { AircraftImage } from '../ui/aircraft-image';
import { type Column, DataTable } from '../ui/data-table';
import { euros, hoursMinutes } from '../ui/format';
import { ViewIcon } from '../ui/icons';
import { Page } from '../ui/page';
import * as css from '../ui/theme.css';
import { useAircraftMissions, useFleetList } from './api';
import * as ui from './fleet.css';

const withoutCost = (n: number) => (n === 1 ? '1 mission sans coût' : `${n} missions sans coût`);

function columns(onOpen: (row: AircraftRow) => void): Column<AircraftRow>[] {
  return [
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
    { id: 'missions', header: 'Missions', cell: (r) => r.missions, align: 'end' },
    { id: 'legs', header: 'Vols', cell: (r) => r.legs, align: 'end' },
    {
      id: 'blockMinutes',
      header: 'Heures bloc',
      cell: (r) => hoursMinutes(r.blockMinutes),
      align: 'end',
      oneLine: true,
    },
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
    {
      id: 'open',
      header: 'Actions',
      sticky: 'end',
      align: 'center',
      cell: (r) => (
        <button
          type="button"
          className={css.button.ghost}
          aria-label={`Voir les missions de ${r.registration}`}
          onClick={() => onOpen(r)}
        >
          <ViewIcon />
        </button>
      ),
    },
  ];
}

function AircraftMissions({
  aircraft,
  period,
  onClose,
}: {
  aircraft: AircraftRow;
  period: PeriodFilter;
  onClose: () => void;
}) {
  const list = useAircraftMissions(aircraft.registration, period);
  return (
    <ActivityMissionsDialog title={`Missions de ${aircraft.registration}`} list={list} onClose={onClose} />
  );
}

export function FleetScreen() {
  const { initial, period, setPeriod } = usePeriod();
  const list = useFleetList(initial);
  const [opened, setOpened] = useState<AircraftRow | null>(null);
  return (
    <Page title={CREW_AND_FLEET_MESSAGES.fleetTitle}>
      <ActivityToolbar
        id="fleet-search"
        placeholder="Immatriculation"
        search={list.search}
        onSearch={list.setSearch}
        initial={initial}
        onPeriod={(next) => {
          setPeriod(next);
          list.setFilters({ startDate: next.startDate, endDate: next.endDate });
        }}
      />
      <DataTable
        label="Flotte"
        columns={columns(setOpened)}
        list={list}
        emptyText={CREW_AND_FLEET_MESSAGES.noAircraft}
      />
      {opened && (
        <AircraftMissions key={opened.id} aircraft={opened} period={period} onClose={() => setOpened(null)} />
      )}
    </Page>
  );
}
