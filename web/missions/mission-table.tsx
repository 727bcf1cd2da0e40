// The missions table of 'LISTE DES MISSIONS': the spec's columns, '-' or 'N.D' for a missing value, and
// the row actions (view; edit and delete for staff).
import { Link } from 'wouter';
import {
  AIRCRAFT_TYPE_LABELS,
  MISSION_MESSAGES,
  MISSION_STATUS_BADGES,
  type MissionRow,
  ORGAN_LABELS,
} from '../../contract/missions';
import { href } from '../../contract/routes';
import { Badge } from '../ui/badge';
import { type Column, DataTable, type TableList } from '../ui/data-table';
import { parisDateTime } from '../ui/format';
import { ToIcon, ViewIcon } from '../ui/icons';
import { RowActions } from '../ui/row-actions';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { downloadTransportVoucher } from './api';
import { yesNo } from './format';
import * as ui from './mission-table.css';

/**
 * The itinerary as ICAO codes, legs that follow one another chained by an arrow icon (LFPB, arrow, LFBD),
 * a break (·) where the next leg starts elsewhere; each code names its airport on hover, the whole ("Paris-Le
 * Bourget vers Bordeaux-Mérignac, …") for screen readers and on hover of the whole.
 */
export function CompactItinerary({ legs }: { legs: MissionRow['legs'] }) {
  if (legs.length === 0) return '-';
  const stops: Array<{ icao: string; name: string; joined: boolean }> = [];
  legs.forEach((leg, i) => {
    const joined = i > 0 && legs[i - 1].adesIcao === leg.adepIcao;
    if (!joined) stops.push({ icao: leg.adepIcao, name: leg.adepName, joined: i === 0 });
    stops.push({ icao: leg.adesIcao, name: leg.adesName, joined: true });
  });
  const names = legs.map((l) => `${l.adepName} vers ${l.adesName}`).join(', ');
  return (
    <span className={ui.itinerary} title={names}>
      <span aria-hidden="true">
        {stops.map((stop, i) => (
          <span key={i}>
            {i > 0 && <span className={ui.arrow}>{stop.joined ? <ToIcon /> : '·'}</span>}
            <abbr className={ui.airport} title={stop.name}>
              {stop.icao}
            </abbr>
          </span>
        ))}
      </span>
      <span className={css.visuallyHidden}>{names}</span>
    </span>
  );
}

export interface MissionTableProps {
  list: TableList<MissionRow>;
  /** Staff may edit and delete; HOSPITAL only views. */
  staff: boolean;
  onEdit: (mission: MissionRow) => void;
  onDelete: (mission: MissionRow) => void;
}

const downloadVoucher = (m: MissionRow) =>
  downloadTransportVoucher(m.id, m.tripNumber).catch(() => toast.error(MISSION_MESSAGES.pdfError));

export function missionColumns({ staff, onEdit, onDelete }: Omit<MissionTableProps, 'list'>) {
  const columns: Column<MissionRow>[] = [
    {
      id: 'tripNumber',
      header: 'N° de mission',
      cell: (m) =>
        m.tripNumber ? (
          <Link className={ui.nowrap} href={href('missionDetails', { id: m.id })}>
            {m.tripNumber}
          </Link>
        ) : (
          'N.D'
        ),
    },
    { id: 'status', header: 'Statut', cell: (m) => <Badge {...MISSION_STATUS_BADGES[m.status]} /> },
    { id: 'aircraftType', header: "Type d'avion", cell: (m) => AIRCRAFT_TYPE_LABELS[m.aircraftType] },
    {
      id: 'buyerName',
      header: 'Hôpital',
      cell: (m) =>
        m.buyerName ? (
          <span className={ui.hospital} title={m.buyerName}>
            {m.buyerName}
          </span>
        ) : (
          '-'
        ),
    },
    { id: 'numberOfCristal', header: 'N° cristal', cell: (m) => m.numberOfCristal ?? '-' },
    {
      id: 'organType',
      header: 'Organes',
      cell: (m) => (
        <span className={ui.nowrap}>{m.organType.map((o) => ORGAN_LABELS[o]).join(', ') || '-'}</span>
      ),
    },
    {
      id: 'legs',
      header: 'Itinéraire',
      cell: (m) => <CompactItinerary legs={m.legs} />,
    },
    {
      id: 'departureDateTime',
      header: 'Départ prévu',
      cell: (m) => (
        <span className={ui.nowrap}>{m.departureDateTime ? parisDateTime(m.departureDateTime) : '-'}</span>
      ),
    },
    { id: 'numberOfMeals', header: 'Plateaux repas', cell: (m) => m.numberOfMeals ?? '-' },
    { id: 'isWithIcing', header: 'Dégivrage', cell: (m) => yesNo(m.isWithIcing) },
    { id: 'isWithOCS', header: 'OCS', cell: (m) => yesNo(m.isWithOCS) },
    {
      id: 'voucher',
      header: 'Bon de transport',
      cell: (m) =>
        m.hasTransportVoucher ? (
          <button
            type="button"
            className={`${css.button.ghost} ${ui.nowrap}`}
            onClick={() => downloadVoucher(m)}
          >
            Télécharger
          </button>
        ) : (
          '-'
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      sticky: 'end',
      cell: (m) => (
        <div className={ui.actions}>
          {m.tripNumber && (
            <Link
              href={href('missionDetails', { id: m.id })}
              className={css.button.ghost}
              aria-label={`Voir la mission ${m.tripNumber}`}
            >
              <ViewIcon />
            </Link>
          )}
          {staff && (
            <RowActions
              name={`la mission ${m.tripNumber ?? 'N.D'}`}
              onEdit={() => onEdit(m)}
              onDelete={() => onDelete(m)}
            />
          )}
        </div>
      ),
    },
  ];
  return columns;
}

export function MissionTable({ list, ...actions }: MissionTableProps) {
  return (
    <DataTable
      label="Missions"
      columns={missionColumns(actions)}
      list={list}
      emptyText={MISSION_MESSAGES.empty}
    />
  );
}
