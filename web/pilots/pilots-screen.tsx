// 'Pilotes' (issue 25, decision 034): the pilots (the flight crew; cabin crew left out, issue 54) seen on
// synced legs over a period (the last 12 months at first), searched by name; a row's button opens the list
// of their missions.
import { CREW_AND_FLEET_MESSAGES, CREW_POSITION_LABELS, type PilotRow } from '../../contract/crew-and-fleet';
import { ActivityScreen, countColumns, MissionLinkCell, type PeriodFilter } from '../activity';
import type { Column } from '../ui/data-table';
import { usePilotMissions, usePilotsList } from './api';

const positions = (row: PilotRow) => row.positions.map((p) => CREW_POSITION_LABELS[p] ?? p).join(', ') || '-';

const columns: Column<PilotRow>[] = [
  { id: 'name', header: 'Nom', cell: (r) => r.name || 'N.D', oneLine: 220 },
  { id: 'positions', header: 'Fonction', cell: positions },
  {
    id: 'phoneWork',
    header: 'Téléphone',
    cell: (r) => (r.phoneWork ? <a href={`tel:${r.phoneWork.replace(/\s/g, '')}`}>{r.phoneWork}</a> : '-'),
    text: (r) => r.phoneWork ?? '-',
    oneLine: true,
  },
  ...countColumns<PilotRow>(),
  {
    id: 'lastMission',
    header: 'Dernière mission',
    cell: (r) => <MissionLinkCell mission={r.lastMission} />,
  },
];

const useMissionsOf = (pilot: PilotRow, period: PeriodFilter) => usePilotMissions(pilot.id, period);

export function PilotsScreen() {
  return (
    <ActivityScreen
      title={CREW_AND_FLEET_MESSAGES.pilotsTitle}
      label="Pilotes"
      searchId="pilots-search"
      placeholder="Nom"
      emptyText={CREW_AND_FLEET_MESSAGES.noPilot}
      useList={usePilotsList}
      columns={columns}
      rowName={(pilot) => pilot.name || 'N.D'}
      useMissions={useMissionsOf}
    />
  );
}
