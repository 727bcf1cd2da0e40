// 'Statistiques' (requirements §2): search by mission number, 'Mise à jour du statut' for the selected rows
// (staff), 'Exporter XLSX' for the chosen period, the filters (a collapsible panel on small screens), the
// paged table, and the row dialogs. HOSPITAL users see no statuses, no actions, no checkboxes, and the
// hospitals filter only when they hold several hospitals (their own, decision 024).
import { useCallback, useEffect, useState } from 'react';
import { ORGAN_LABELS, ORGAN_TYPES } from '../../contract/missions';
import {
  type PdfKind,
  STATISTIC_MESSAGES,
  STATISTIC_PATHS,
  STATISTICS_PAGE_SIZE,
  type StatisticRow,
} from '../../contract/statistics';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { urlFilters, urlPeriod } from '../lib/url-filters';
import { useHospitalNames } from '../lib/use-hospital-names';
import { usePagedList } from '../lib/use-paged-list';
import { useLiveList } from '../live';
import { missionsChanged } from '../sync';
import { DateRangeFilter, type DayRange } from '../ui/date-range-filter';
import { MultiSelect } from '../ui/multi-select';
import { Page } from '../ui/page';
import { SearchToolbar } from '../ui/search-toolbar';
import { SelectField } from '../ui/select-field';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { useToastedCall } from '../ui/use-toasted-call';
import { exportStatisticsExcel, fetchPdfUrl, toggleStatistic } from './api';
import { PdfDialog } from './pdf-dialog';
import * as ui from './statistics.css';
import { StatisticsTable } from './statistics-table';
import { STATUS_OPTIONS, StatusDialog } from './status-dialog';

const ORGAN_OPTIONS = ORGAN_TYPES.map((o) => [o, ORGAN_LABELS[o]] as [string, string]);

type Filters = Record<string, string | undefined>;
const URL_FILTERS = [
  'startDate',
  'endDate',
  'hospitals',
  'organName',
  'flightStatus',
  'airportStatus',
] as const;

/** One select of the Filtres panel: 'Tous' (no filter) or one value of `options` for the filter `name`. */
function FilterSelect(p: {
  id: string;
  label: string;
  name: string;
  options: Array<[string, string]>;
  filters: Filters;
  filter: (next: Filters) => void;
}) {
  return (
    <div className={ui.filterField}>
      <SelectField
        id={`statistics-${p.id}`}
        label={p.label}
        value={p.filters[p.name] ?? ''}
        onChange={(v) => p.filter({ [p.name]: v || undefined })}
        options={p.options}
        placeholder="Tous"
      />
    </div>
  );
}

/** Opens a signed download URL in a new tab (opened first, so that no pop-up blocker stops it). */
async function openPdf(row: StatisticRow, kind: PdfKind) {
  const tab = window.open('', '_blank');
  try {
    const url = await fetchPdfUrl(row.id, kind);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (error) {
    tab?.close();
    toast.error(errorMessage(error));
  }
}

const STATISTICS_LIVE = { entities: ['statistic'] } as const;

export function StatisticsScreen() {
  const session = useSession();
  const staff = session.user?.role !== 'HOSPITAL';
  // A list opened filtered (a dashboard bar: a month, hospitals, an organ, a status) starts from its URL's.
  const [initial] = useState<Filters>(() => urlFilters(URL_FILTERS));
  const list = usePagedList<StatisticRow>(STATISTIC_PATHS.list, STATISTICS_PAGE_SIZE, initial);
  // Staff filter by hospital; a HOSPITAL user too when it holds several, on its own only (decision 024).
  const severalHospitals = (session.user?.hospitals.length ?? 0) > 1;
  const hospitalNames = useHospitalNames(staff || severalHospitals);
  const [filters, setFiltersState] = useState<Record<string, string | undefined>>(initial);
  const [hospitals, setHospitals] = useState<string[]>(() => initial.hospitals?.split(',') ?? []);
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [statusOpen, setStatusOpen] = useState(false);
  const [pdfRow, setPdfRow] = useState<StatisticRow | null>(null);
  const exporting = useToastedCall();
  const { reload, setFilters, rows } = list;

  // A sync or a mission edit may add or retire records.
  useEffect(() => missionsChanged.subscribe(reload), [reload]);
  useLiveList(list, STATISTICS_LIVE);
  // A selection holds the rows on screen only.
  useEffect(() => {
    const onPage = new Set(rows.map((r) => r.id));
    setSelected((current) => new Set([...current].filter((id) => onPage.has(id))));
  }, [rows]);

  const filter = (next: Record<string, string | undefined>) => {
    const merged = { ...filters, ...next };
    setFiltersState(merged);
    setFilters(merged);
  };
  const chosen = { filters, filter };

  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  const changed = useCallback(() => reload(), [reload]);
  const closePdf = useCallback(() => setPdfRow(null), []);

  const toggle = async (row: StatisticRow) => {
    if (!row.missionId) return;
    try {
      await toggleStatistic(row.missionId);
      reload();
    } catch {
      toast.error(STATISTIC_MESSAGES.statusError);
    }
  };
  const exportXlsx = () =>
    exporting.run(async () => {
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
      if (list.search) query.search = list.search;
      await exportStatisticsExcel(query);
    });

  return (
    <Page title="Statistiques">
      <SearchToolbar
        id="statistics-search"
        placeholder="N° de mission"
        value={list.search}
        onChange={list.setSearch}
        basis={200}
      >
        {staff && (
          <button
            type="button"
            className={css.button.primary}
            disabled={selected.size === 0}
            onClick={() => setStatusOpen(true)}
          >
            Mise à jour du statut
          </button>
        )}
        <button type="button" className={css.button.secondary} disabled={exporting.busy} onClick={exportXlsx}>
          Exporter XLSX
        </button>
        <button
          type="button"
          className={`${css.button.secondary} ${ui.filtersToggle}`}
          aria-expanded={open}
          aria-controls="statistics-filters"
          onClick={() => setOpen(!open)}
        >
          Filtres
        </button>
      </SearchToolbar>
      <section id="statistics-filters" aria-label="Filtres" className={ui.filters} data-open={open}>
        <DateRangeFilter
          defaultRange={urlPeriod(initial)}
          onChange={(range: DayRange | null) =>
            filter({ startDate: range?.startDate, endDate: range?.endDate })
          }
        />
        {(staff || hospitalNames.length > 1) && (
          <MultiSelect
            label="Hôpitaux"
            options={hospitalNames}
            selected={hospitals}
            onChange={(values) => {
              setHospitals(values);
              filter({ hospitals: values.length ? values.join(',') : undefined });
            }}
          />
        )}
        <FilterSelect id="organ" label="Organe" name="organName" options={ORGAN_OPTIONS} {...chosen} />
        {staff && (
          <>
            <FilterSelect
              id="flight-status"
              label="Statut facture vol"
              name="flightStatus"
              options={STATUS_OPTIONS}
              {...chosen}
            />
            <FilterSelect
              id="airport-status"
              label="Statut facture aéroport"
              name="airportStatus"
              options={STATUS_OPTIONS}
              {...chosen}
            />
          </>
        )}
      </section>
      <StatisticsTable
        list={list}
        staff={staff}
        selected={selected}
        onSelect={select}
        onDownload={openPdf}
        onEditPdf={setPdfRow}
        onToggle={toggle}
      />
      {statusOpen && (
        <StatusDialog
          selectedIds={[...selected]}
          versions={Object.fromEntries(rows.filter((r) => selected.has(r.id)).map((r) => [r.id, r.version]))}
          onClose={() => setStatusOpen(false)}
          onSaved={() => {
            setStatusOpen(false);
            setSelected(new Set());
            reload();
          }}
        />
      )}
      {pdfRow && <PdfDialog row={pdfRow} onClose={closePdf} onDone={changed} />}
    </Page>
  );
}
