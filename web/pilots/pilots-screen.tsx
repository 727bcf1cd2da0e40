// 'Pilotes' (issue 25, decision 034): the crew members seen on synced legs over a period (the last 12
// months at first), searched by name; a row's button opens the list of their missions.
import { useState } from 'react';
import { CREW_AND_FLEET_MESSAGES, CREW_POSITION_LABELS, type PilotRow } from '../../contract/crew-and-fleet';
import {
  ActivityMissionsDialog,
  ActivityToolbar,
  MissionLinkCell,
  type PeriodFilter,
  usePeriod,
} from '../activity';
import { type Column, DataTable } from '../ui/data-table';
import { hoursMinutes } from '../ui/format';
import { ViewIcon } from '../ui/icons';
import { Page } from '../ui/page';
import * as css from '../ui/theme.css';
import { usePilotMissions, usePilotsList } from './api';

const positions = (row: PilotRow) => row.positions.map((p) => CREW_POSITION_LABELS[p] ?? p).join(', ') || '-';

function columns(onOpen: (row: PilotRow) => void): Column<PilotRow>[] {
  return [
    { id: 'name', header: 'Nom', cell: (r) => r.name || 'N.D', oneLine: 220 },
    { id: 'positions', header: 'Fonction', cell: positions },
    {
      id: 'phoneWork',
      header: 'Téléphone',
      cell: (r) => (r.phoneWork ? <a href={`tel:${r.phoneWork.replace(/\s/g, '')}`}>{r.phoneWork}</a> : '-'),
      text: (r) => r.phoneWork ?? '-',
      oneLine: true,
    },
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
      id: 'lastMission',
      header: 'Dernière mission',
      cell: (r) => <MissionLinkCell mission={r.lastMission} />,
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
          aria-label={`Voir les missions de ${r.name || 'N.D'}`}
          onClick={() => onOpen(r)}
        >
          <ViewIcon />
        </button>
      ),
    },
  ];
}

function PilotMissions({
  pilot,
  period,
  onClose,
}: {
  pilot: PilotRow;
  period: PeriodFilter;
  onClose: () => void;
}) {
  const list = usePilotMissions(pilot.id, period);
  return (
    <ActivityMissionsDialog title={`Missions de ${pilot.name || 'N.D'}`} list={list} onClose={onClose} />
  );
}

export function PilotsScreen() {
  const { initial, period, setPeriod } = usePeriod();
  const list = usePilotsList(initial);
  const [opened, setOpened] = useState<PilotRow | null>(null);
  return (
    <Page title={CREW_AND_FLEET_MESSAGES.pilotsTitle}>
      <ActivityToolbar
        id="pilots-search"
        placeholder="Nom"
        search={list.search}
        onSearch={list.setSearch}
        initial={initial}
        onPeriod={(next) => {
          setPeriod(next);
          list.setFilters({ startDate: next.startDate, endDate: next.endDate });
        }}
      />
      <DataTable
        label="Pilotes"
        columns={columns(setOpened)}
        list={list}
        emptyText={CREW_AND_FLEET_MESSAGES.noPilot}
      />
      {opened && (
        <PilotMissions key={opened.id} pilot={opened} period={period} onClose={() => setOpened(null)} />
      )}
    </Page>
  );
}
