// 'Écarts de facturation' (issue 26, decision 033; ADMIN and ACCOUNTING): what Leon invoiced for each mission
// of a period against what the price tables say it cost. The period (this month by default), hospital and
// verdict filters, the totals and the count of each verdict, the table, a row's breakdown line by line, and
// the XLSX of the filtered rows.
import { useState } from 'react';
import {
  BILLING_PAGE_SIZE,
  BILLING_PATHS,
  BILLING_VERDICT_BADGES,
  BILLING_VERDICTS,
  BILLING_XLSX_FILE,
  type BillingPage,
  type BillingRow,
  type BillingTotals,
  periodProblem,
} from '../../contract/billing';
import { formatEuros } from '../../contract/invoices';
import { download } from '../lib/api';
import { useHospitalNames } from '../lib/use-hospital-names';
import { usePagedList } from '../lib/use-paged-list';
import { Badge } from '../ui/badge';
import { type Column, DataTable } from '../ui/data-table';
import { DateRangeFilter } from '../ui/date-range-filter';
import { Page } from '../ui/page';
import { SelectField } from '../ui/select-field';
import * as css from '../ui/theme.css';
import { useToastedCall } from '../ui/use-toasted-call';
import * as ui from './billing.css';
import { BreakdownDialog } from './breakdown-dialog';
import { euros, frenchDay, percent } from './format';

const VERDICT_OPTIONS = BILLING_VERDICTS.map((v) => [v, BILLING_VERDICT_BADGES[v].label] as [string, string]);

/** The first day of this month and today, in the browser's calendar. */
function thisMonth(): { startDate: string; endDate: string } {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return { startDate: `${day.slice(0, 8)}01`, endDate: day };
}

function columns(open: (row: BillingRow) => void): Column<BillingRow>[] {
  return [
    {
      id: 'tripNumber',
      header: 'N° de mission',
      oneLine: true,
      cell: (r) => (
        <button
          type="button"
          className={ui.rowLink}
          onClick={() => open(r)}
          aria-label={`Voir le détail de ${r.tripNumber ?? 'la facture'}`}
        >
          {r.tripNumber ?? '-'}
        </button>
      ),
    },
    {
      id: 'verdict',
      header: 'Verdict',
      oneLine: true,
      cell: (r) => <Badge {...BILLING_VERDICT_BADGES[r.verdict]} />,
    },
    { id: 'day', header: 'Date', oneLine: true, cell: (r) => frenchDay(r.day) },
    { id: 'hospital', header: 'Hôpital', oneLine: 220, cell: (r) => r.hospital ?? '-' },
    { id: 'invoiced', header: 'Facturé HT', align: 'end', oneLine: true, cell: (r) => euros(r.invoiced) },
    { id: 'computed', header: 'Coût calculé', align: 'end', oneLine: true, cell: (r) => euros(r.computed) },
    { id: 'difference', header: 'Écart', align: 'end', oneLine: true, cell: (r) => euros(r.difference) },
    {
      id: 'differencePercent',
      header: 'Écart %',
      align: 'end',
      oneLine: true,
      cell: (r) => percent(r.differencePercent),
    },
    { id: 'reason', header: 'Motif', oneLine: 320, cell: (r) => r.reason },
  ];
}

function Totals({ totals }: { totals: BillingTotals | null }) {
  if (!totals) return null;
  return (
    <section aria-label="Totaux" className={ui.totals}>
      <dl className={ui.figures}>
        <div className={ui.figure}>
          <dt>Facturé HT</dt>
          <dd>{formatEuros(totals.invoiced)}</dd>
        </div>
        <div className={ui.figure}>
          <dt>Coût calculé</dt>
          <dd>{formatEuros(totals.computed)}</dd>
        </div>
        <div className={ui.figure}>
          <dt>Écart</dt>
          <dd>{formatEuros(totals.difference)}</dd>
        </div>
      </dl>
      <ul className={ui.counts} aria-label="Missions par verdict">
        {BILLING_VERDICTS.map((v) => (
          <li key={v} className={ui.count}>
            <Badge {...BILLING_VERDICT_BADGES[v]} />
            <span>{totals.counts[v]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BillingScreen() {
  const [initialPeriod] = useState(thisMonth);
  const [period, setPeriod] = useState<{ startDate?: string; endDate?: string }>(initialPeriod);
  const [hospital, setHospital] = useState('');
  const [verdict, setVerdict] = useState('');
  const [totals, setTotals] = useState<BillingTotals | null>(null);
  const [opened, setOpened] = useState<BillingRow | null>(null);
  const list = usePagedList<BillingRow>(BILLING_PATHS.list, BILLING_PAGE_SIZE, period, (page) =>
    setTotals((page as BillingPage).totals),
  );
  const hospitals = useHospitalNames();
  const exporting = useToastedCall();
  const problem = periodProblem(period.startDate, period.endDate);

  const apply = (next: { startDate?: string; endDate?: string; hospital?: string; verdict?: string }) => {
    const merged = {
      ...period,
      hospital: hospital || undefined,
      verdict: verdict || undefined,
      ...next,
    };
    if (periodProblem(merged.startDate, merged.endDate)) return;
    list.setFilters({
      ...merged,
      hospital: merged.hospital || undefined,
      verdict: merged.verdict || undefined,
    });
  };
  const choose = (key: 'hospital' | 'verdict', value: string) => {
    (key === 'hospital' ? setHospital : setVerdict)(value);
    apply({ [key]: value });
  };
  // An empty or partial period reads as none: the screen says it is required and keeps the last list.
  const changePeriod = (next: { startDate?: string; endDate?: string }) => {
    setPeriod(next);
    apply({ startDate: next.startDate, endDate: next.endDate });
  };
  const exportXlsx = () =>
    exporting.run(async () => {
      const query: Record<string, string> = {};
      if (period.startDate) query.startDate = period.startDate;
      if (period.endDate) query.endDate = period.endDate;
      if (hospital) query.hospital = hospital;
      if (verdict) query.verdict = verdict;
      await download(BILLING_PATHS.exportExcel, BILLING_XLSX_FILE, { query });
    });

  return (
    <Page title="Écarts de facturation">
      <section aria-label="Filtres" className={ui.filters}>
        <DateRangeFilter defaultRange={initialPeriod} onChange={(range) => changePeriod(range ?? {})} />
        {(
          [
            ['hospital', 'Hôpital', hospital, hospitals.map((h) => [h, h] as [string, string])],
            ['verdict', 'Verdict', verdict, VERDICT_OPTIONS],
          ] as const
        ).map(([key, label, value, options]) => (
          <div key={key} className={ui.filterField}>
            <SelectField
              id={`billing-${key}`}
              label={label}
              value={value}
              onChange={(v) => choose(key, v)}
              options={options}
              placeholder="Tous"
            />
          </div>
        ))}
        <button
          type="button"
          className={`${css.button.secondary} ${ui.exportButton}`}
          disabled={exporting.busy || Boolean(problem)}
          onClick={exportXlsx}
        >
          Exporter XLSX
        </button>
      </section>
      {problem && (
        <p id="billing-period-error" role="alert" className={css.formError}>
          {problem}
        </p>
      )}
      <Totals totals={list.failed ? null : totals} />
      <DataTable
        label="Écarts de facturation"
        columns={columns(setOpened)}
        list={list}
        emptyText="Aucune mission ni facture sur cette période"
        skeletonRows={5}
      />
      {opened && <BreakdownDialog row={opened} onClose={() => setOpened(null)} />}
    </Page>
  );
}
