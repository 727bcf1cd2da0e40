// 'Écarts de facturation' (issue 26, decisions 033 and 063; ADMIN and ACCOUNTING): what Leon invoiced for each
// mission of a period against what the price tables say it cost. The settings in force (changed by ADMIN in a
// dialog), the period (the menu's last 92 days by default: the counts add up to the menu's), hospital and
// verdict filters, the totals and the count of each verdict, the table, a row's breakdown line by line, and
// the XLSX of the filtered rows. A period the API would refuse says why and shows no figures.
import { useEffect, useState } from 'react';
import {
  BILLING_PAGE_SIZE,
  BILLING_PATHS,
  BILLING_PROBLEM_VERDICTS,
  BILLING_VERDICT_BADGES,
  BILLING_VERDICTS,
  BILLING_XLSX_FILE,
  type BillingPage,
  type BillingRow,
  type BillingTotals,
  lastBillingPeriod,
  periodProblem,
} from '../../contract/billing';
import { formatEuros } from '../../contract/invoices';
import { download } from '../lib/api';
import { useSession } from '../lib/session';
import { urlFilters, urlPeriod } from '../lib/url-filters';
import { useHospitalNames } from '../lib/use-hospital-names';
import { usePagedList } from '../lib/use-paged-list';
import { useRefreshed } from '../lib/use-refreshed';
import { Badge } from '../ui/badge';
import { type Column, DataTable } from '../ui/data-table';
import { cellNote, subLine } from '../ui/data-table.css';
import { DateRangeFilter, type DayRange, type PeriodCheck } from '../ui/date-range-filter';
import { filtersButton } from '../ui/filters.css';
import { Page } from '../ui/page';
import { SelectField } from '../ui/select-field';
import * as css from '../ui/theme.css';
import { useToastedCall } from '../ui/use-toasted-call';
import * as ui from './billing.css';
import { BreakdownDialog } from './breakdown-dialog';
import { euros, frenchDay, percent } from './format';
import { billingSettingsChanged, delayText, fetchBillingSettings, toleranceText } from './settings';
import { BillingSettingsDialog } from './settings-dialog';

const URL_FILTERS = ['startDate', 'endDate', 'hospital', 'verdict'] as const;
const VERDICT_OPTIONS = BILLING_VERDICTS.map((v) => [v, BILLING_VERDICT_BADGES[v].label] as [string, string]);

function columns(open: (row: BillingRow) => void): Column<BillingRow>[] {
  return [
    {
      id: 'tripNumber',
      header: 'N° de mission',
      oneLine: true,
      // The day under the number, the reason under the verdict, the share under the gap: the table keeps
      // to six columns, all in view at 1280 px.
      cell: (r) => (
        <>
          <button
            type="button"
            className={ui.rowLink}
            onClick={() => open(r)}
            aria-label={`Voir le détail de ${r.tripNumber ?? 'la facture'}`}
          >
            {r.tripNumber ?? '-'}
          </button>
          <span className={subLine}>{frenchDay(r.day)}</span>
        </>
      ),
    },
    {
      id: 'verdict',
      header: 'Verdict et motif',
      cell: (r) => (
        <>
          <Badge {...BILLING_VERDICT_BADGES[r.verdict]} />
          {r.reason && <span className={cellNote}>{r.reason}</span>}
        </>
      ),
    },
    { id: 'hospital', header: 'Hôpital', oneLine: 220, cell: (r) => r.hospital ?? '-' },
    { id: 'invoiced', header: 'Facturé HT', align: 'end', oneLine: true, cell: (r) => euros(r.invoiced) },
    { id: 'computed', header: 'Coût calculé', align: 'end', oneLine: true, cell: (r) => euros(r.computed) },
    {
      id: 'difference',
      header: 'Écart',
      align: 'end',
      oneLine: true,
      cell: (r) => (
        <>
          {euros(r.difference)}
          {r.differencePercent !== null && <span className={subLine}>{percent(r.differencePercent)}</span>}
        </>
      ),
    },
  ];
}

function Totals({ totals }: { totals: BillingTotals | null }) {
  if (!totals) return null;
  const toLookAt = BILLING_PROBLEM_VERDICTS.reduce((sum, v) => sum + totals.counts[v], 0);
  return (
    <section aria-label="Totaux" className={ui.totals}>
      <div className={ui.totalsFigures}>
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
          <div className={ui.figure}>
            <dt>Facturé hors comparaison</dt>
            <dd>{formatEuros(totals.uncompared)}</dd>
          </div>
        </dl>
        <p className={ui.note}>
          Écart = Facturé HT − Coût calculé, sur les lignes dont le coût est calculé. Facturé hors comparaison
          : factures sans mission et missions au coût incomplet.
        </p>
      </div>
      <div className={ui.countsBlock}>
        <ul className={ui.counts} aria-label="Missions par verdict">
          {BILLING_VERDICTS.map((v) => (
            <li key={v} className={ui.count}>
              <Badge {...BILLING_VERDICT_BADGES[v]} />
              <span>{totals.counts[v]}</span>
            </li>
          ))}
        </ul>
        <p className={ui.note}>
          À examiner (Écart, Non facturée, Facture sans mission) : <strong>{toLookAt}</strong>
        </p>
      </div>
    </section>
  );
}

/** The settings in force, and for ADMIN the button that changes them. */
function Settings({ admin }: { admin: boolean }) {
  const settings = useRefreshed(true, fetchBillingSettings, SETTINGS_CHANGES);
  const [editing, setEditing] = useState(false);
  return (
    <section aria-label="Réglages du contrôle" className={ui.settings}>
      <dl className={ui.settingsList}>
        <div>
          <dt>Tolérance :</dt>
          <dd>{settings ? toleranceText(settings) : '…'}</dd>
        </div>
        <div>
          <dt>Non facturée après :</dt>
          <dd>{settings ? delayText(settings) : '…'}</dd>
        </div>
      </dl>
      {admin && (
        <button
          type="button"
          className={css.button.secondary}
          disabled={!settings}
          onClick={() => setEditing(true)}
        >
          Modifier les réglages
        </button>
      )}
      {editing && settings && (
        <BillingSettingsDialog
          settings={settings}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
    </section>
  );
}
const SETTINGS_CHANGES = [billingSettingsChanged];

/** The period as the field reports it: the range it accepts (or null), and what is wrong with the dates. */
interface PeriodState {
  range: DayRange | null;
  problem?: string;
}

/** The billing check's own rule, beyond the field's (at most 92 days): the API's words. */
const billingCheck: PeriodCheck = (range) => periodProblem(range.startDate, range.endDate);

/** Why the figures of a period cannot be shown (the field says it under itself), or null. */
const periodInvalid = ({ range, problem }: PeriodState) => problem ?? (range ? null : '');

export function BillingScreen() {
  const admin = useSession().user?.role === 'ADMIN';
  // A list opened filtered (a dashboard bar: a month, a hospital, a verdict) starts from its URL's filters.
  const [initial] = useState(() => urlFilters(URL_FILTERS));
  const [initialPeriod] = useState(() => urlPeriod(initial) ?? lastBillingPeriod(new Date()));
  const [period, setPeriod] = useState<PeriodState>({ range: initialPeriod });
  const [hospital, setHospital] = useState(initial.hospital ?? '');
  const [verdict, setVerdict] = useState(initial.verdict ?? '');
  const [totals, setTotals] = useState<BillingTotals | null>(null);
  const [opened, setOpened] = useState<BillingRow | null>(null);
  const list = usePagedList<BillingRow>(
    BILLING_PATHS.list,
    BILLING_PAGE_SIZE,
    { ...initialPeriod, hospital: initial.hospital, verdict: initial.verdict },
    (page) => setTotals((page as BillingPage).totals),
  );
  const { reload } = list;
  // New settings, new verdicts.
  useEffect(() => billingSettingsChanged.subscribe(reload), [reload]);
  const hospitals = useHospitalNames();
  const exporting = useToastedCall();
  const problem = periodInvalid(period);
  const shown = problem === null;

  const apply = (next: { startDate?: string; endDate?: string; hospital?: string; verdict?: string }) =>
    list.setFilters({
      ...period.range,
      hospital: hospital || undefined,
      verdict: verdict || undefined,
      ...next,
    });
  const choose = (key: 'hospital' | 'verdict', value: string) => {
    (key === 'hospital' ? setHospital : setVerdict)(value);
    if (shown) apply({ [key]: value || undefined });
  };
  // A period the API would refuse asks for nothing and shows no figures, only why.
  const changePeriod = (range: DayRange | null, problem?: string) => {
    const next = { range, problem };
    setPeriod(next);
    if (periodInvalid(next) === null && range) apply(range);
    else setTotals(null);
  };
  const exportXlsx = () =>
    exporting.run(async () => {
      const query: Record<string, string> = {};
      if (period.range) Object.assign(query, period.range);
      if (hospital) query.hospital = hospital;
      if (verdict) query.verdict = verdict;
      await download(BILLING_PATHS.exportExcel, BILLING_XLSX_FILE, { query });
    });

  return (
    <Page title="Écarts de facturation" actions={<Settings admin={admin} />}>
      <section aria-label="Filtres" className={ui.filters}>
        <DateRangeFilter defaultRange={initialPeriod} onChange={changePeriod} check={billingCheck} />
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
          className={`${css.button.secondary} ${filtersButton}`}
          disabled={exporting.busy || !shown}
          onClick={exportXlsx}
        >
          Exporter XLSX
        </button>
      </section>
      {/* A wrong period: the field says why under itself; no figures, no call. */}
      {shown && (
        <>
          <Totals totals={list.failed ? null : totals} />
          <DataTable
            label="Écarts de facturation"
            columns={columns(setOpened)}
            list={list}
            emptyText="Aucune mission ni facture sur cette période"
            skeletonRows={5}
          />
        </>
      )}
      {opened && <BreakdownDialog row={opened} onClose={() => setOpened(null)} />}
    </Page>
  );
}
