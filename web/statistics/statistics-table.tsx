// The statistics table (requirements §2 'Statistics'): every column of the spec, 'N.D' and '-' for missing
// values, 'Prix manquant' with its reason for a cost that cannot be computed, 'Annulation tardive' beside
// the time of a mission cancelled less than 45 minutes before departure, status badges for staff,
// PDF downloads, and for staff the row checkboxes and the actions (PDF dialog, hospital visibility eye).
import { useId } from 'react';
import { BILLING_VERDICT_BADGES } from '../../contract/billing';
import { AIRCRAFT_TYPE_LABELS } from '../../contract/missions';
import {
  formatMinutes,
  LATE_CANCELLATION_LABEL,
  type PdfKind,
  STATISTIC_INVOICE_STATUS_BADGES,
  STATISTIC_MESSAGES,
  type StatisticRow,
  type WireFigure,
} from '../../contract/statistics';
import { HistoryButton } from '../history';
import { Badge } from '../ui/badge';
import { type Column, DataTable, type TableList } from '../ui/data-table';
import { HiddenIcon, PdfIcon, ViewIcon } from '../ui/icons';
import * as css from '../ui/theme.css';
import * as ui from './statistics.css';

const euroFormat = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
export const euros = (value: number) => euroFormat.format(value);
const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A missing cost: 'Prix manquant', its reason shown on hover or keyboard focus. */
function Missing({ reason }: { reason: string }) {
  const id = useId();
  return (
    <span className={ui.missingWrap}>
      <button type="button" className={ui.missing} aria-describedby={id}>
        {STATISTIC_MESSAGES.missingPrice}
      </button>
      <span id={id} role="tooltip" className={ui.tip}>
        {reason}
      </span>
    </span>
  );
}

export function Amount({ figure }: { figure: WireFigure }) {
  return figure.ok ? (
    <span className={ui.amount}>{euros(figure.value)}</span>
  ) : (
    <Missing reason={figure.reason} />
  );
}

/** The days or airports of the legs, on one line. */
const joined = (items: string[]) => items.join(', ') || '-';

export interface StatisticsTableProps {
  list: TableList<StatisticRow>;
  staff: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onDownload: (row: StatisticRow, kind: PdfKind) => void;
  onEditPdf: (row: StatisticRow) => void;
  onToggle: (row: StatisticRow) => void;
}

const label = (row: StatisticRow) => row.numberOfMission ?? '-';

export function statisticsColumns(p: Omit<StatisticsTableProps, 'list'> & { pageIds: string[] }) {
  const download = (kind: PdfKind, present: boolean, row: StatisticRow) => (
    <button
      type="button"
      className={css.button.ghost}
      disabled={!present}
      aria-label={`Télécharger la facture ${kind === 'flight' ? 'vol' : 'aéroport'} de la mission ${label(row)}`}
      onClick={() => p.onDownload(row, kind)}
    >
      Télécharger
    </button>
  );
  const allSelected = p.pageIds.length > 0 && p.pageIds.every((id) => p.selected.has(id));
  const columns: Array<Column<StatisticRow> | false> = [
    p.staff && {
      id: 'select',
      header: (
        <input
          type="checkbox"
          className={ui.checkbox}
          aria-label="Sélectionner toutes les lignes de la page"
          checked={allSelected}
          onChange={(e) => p.onSelect(p.pageIds, e.target.checked)}
        />
      ),
      cell: (row) => (
        <input
          type="checkbox"
          className={ui.checkbox}
          aria-label={`Sélectionner la mission ${label(row)}`}
          checked={p.selected.has(row.id)}
          onChange={(e) => p.onSelect([row.id], e.target.checked)}
        />
      ),
    },
    {
      id: 'numberOfMission',
      header: 'N° de mission',
      sticky: 'start',
      cell: (r) => r.numberOfMission || '-',
    },
    { id: 'hospitalName', header: 'Hôpital', oneLine: 220, cell: (r) => r.hospitalName || '-' },
    {
      id: 'dateOfRealization',
      header: 'Date(s) de réalisation',
      cell: (r) => joined(r.dateOfRealization.map(frenchDay)),
    },
    { id: 'departures', header: 'Départ', oneLine: 200, cell: (r) => joined(r.departures) },
    { id: 'arrivals', header: 'Arrivée', oneLine: 200, cell: (r) => joined(r.arrivals) },
    { id: 'aircraftType', header: "Type d'avion", cell: (r) => AIRCRAFT_TYPE_LABELS[r.aircraftType] },
    {
      id: 'flightTime',
      header: 'Temps de vol + 15 min',
      cell: (r) => {
        const time = r.flightTime.ok ? (
          formatMinutes(r.flightTime.value)
        ) : (
          <Missing reason={r.flightTime.reason} />
        );
        // A late cancellation is charged by the operator's rule (decision 029): the row says so.
        return r.lateCancellation ? (
          <span className={ui.lateCancellation}>
            {time}
            <Badge label={LATE_CANCELLATION_LABEL} color="grey" />
          </span>
        ) : (
          time
        );
      },
    },
    {
      id: 'costOfFlightTime',
      header: 'Coût du temps de vol',
      align: 'end',
      cell: (r) => (r.aircraftType === 'ND' ? 'N.D' : <Amount figure={r.costOfFlightTime} />),
    },
    {
      id: 'costOfRegulation',
      header: 'Coût de la régulation',
      align: 'end',
      cell: (r) => <Amount figure={r.costOfRegulation} />,
    },
    {
      id: 'costOfMeal',
      header: 'Coût des plateaux repas',
      align: 'end',
      cell: (r) => <Amount figure={r.costOfMeal} />,
    },
    { id: 'totalCost', header: 'Coût total vol', align: 'end', cell: (r) => <Amount figure={r.totalCost} /> },
    { id: 'flightInvoice', header: 'Facture vol', cell: (r) => download('flight', r.flightInvoicePdf, r) },
    p.staff && {
      id: 'flightStatus',
      header: 'Statut vol',
      cell: (r) => (r.flightStatus ? <Badge {...STATISTIC_INVOICE_STATUS_BADGES[r.flightStatus]} /> : '-'),
    },
    {
      id: 'airportCosts',
      header: 'Coûts aéroport',
      cell: (r) =>
        r.airportCosts.length ? (
          <span>
            {r.airportCosts.map((a, i) => (
              <span key={i}>
                {i > 0 && ' · '}
                {a.icaoCode || '-'} : <Amount figure={a.amount} />
              </span>
            ))}
          </span>
        ) : (
          '-'
        ),
    },
    {
      id: 'totalAirportCosts',
      header: 'Coût total aéroport',
      align: 'end',
      cell: (r) => <Amount figure={r.totalAirportCosts} />,
    },
    {
      id: 'airportInvoice',
      header: 'Facture aéroport',
      cell: (r) => download('airport', r.airportInvoicePdf, r),
    },
    p.staff && {
      id: 'airportStatus',
      header: 'Statut aéroport',
      cell: (r) => (r.airportStatus ? <Badge {...STATISTIC_INVOICE_STATUS_BADGES[r.airportStatus]} /> : '-'),
    },
    p.staff && {
      id: 'billingVerdict',
      header: 'Contrôle facturation',
      oneLine: true,
      text: (r) => r.billingReason ?? '',
      cell: (r) =>
        r.billingVerdict ? (
          <span title={r.billingReason}>
            <Badge {...BILLING_VERDICT_BADGES[r.billingVerdict]} />
          </span>
        ) : (
          '-'
        ),
    },
    p.staff && {
      id: 'actions',
      header: 'Actions',
      cell: (r) => {
        const title = r.showForHospital ? STATISTIC_MESSAGES.hide : STATISTIC_MESSAGES.show;
        return (
          <div className={ui.actions}>
            <button
              type="button"
              className={css.button.ghost}
              aria-label={`Mise à jour PDF de la mission ${label(r)}`}
              title="Mise à jour PDF"
              onClick={() => p.onEditPdf(r)}
            >
              <PdfIcon />
            </button>
            <button
              type="button"
              className={css.button.ghost}
              title={title}
              aria-label={`${title} (mission ${label(r)})`}
              onClick={() => p.onToggle(r)}
            >
              {r.showForHospital ? <ViewIcon /> : <HiddenIcon />}
            </button>
            <HistoryButton
              entity="statistic"
              id={r.id}
              name={`la statistique de la mission ${label(r)}`}
              compact
            />
          </div>
        );
      },
    },
  ];
  // Every row holds one line: the long texts above are cut (whole on hover), the others never wrap.
  return columns
    .filter((c): c is Column<StatisticRow> => c !== false)
    .map((c) => ({ oneLine: true as const, ...c }));
}

export function StatisticsTable({ list, ...props }: StatisticsTableProps) {
  return (
    <DataTable
      label="Statistiques"
      columns={statisticsColumns({ ...props, pageIds: list.rows.map((r) => r.id) })}
      list={list}
      emptyText={STATISTIC_MESSAGES.empty}
    />
  );
}
