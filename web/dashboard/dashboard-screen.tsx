// 'Tableau de bord' (every role): the period (the last 12 months by default, at most 36) and the hospitals
// as on the lists, and 'Exporter XLSX' (the same figures, one sheet per panel), then the panels the role
// receives (contract/dashboard.ts): missions, costs, invoices, billing gaps, activity. Each chart is drawn by
// web/dashboard/bar-chart.tsx (decision 068).
import { useState } from 'react';
import { Link } from 'wouter';
import type { Period } from '../../contract/crew-and-fleet';
import { activityPeriodProblem } from '../../contract/crew-and-fleet';
import { DASHBOARD_MESSAGES, type DashboardData, defaultDashboardPeriod } from '../../contract/dashboard';
import { formatEuros } from '../../contract/invoices';
import type { Role } from '../../contract/roles';
import { useSession } from '../lib/session';
import { useHospitalNames } from '../lib/use-hospital-names';
import { DateRangeFilter, type DayRange, type PeriodCheck } from '../ui/date-range-filter';
import { filters, filtersButton } from '../ui/filters.css';
import { MultiSelect } from '../ui/multi-select';
import { Page } from '../ui/page';
import * as css from '../ui/theme.css';
import { useToastedCall } from '../ui/use-toasted-call';
import { exportDashboardXlsx, useDashboard } from './api';
import { ChartPanel } from './chart-panel';
import * as ui from './dashboard.css';
import { formatValue } from './format';
import {
  activityCharts,
  billingCharts,
  billingOf,
  type ChartSpec,
  costCharts,
  invoiceCharts,
  missionCharts,
  type Scope,
} from './panels';

const periodCheck: PeriodCheck = (range) => activityPeriodProblem(range);

function Charts({ charts }: { charts: ChartSpec[] }) {
  return (
    <div className={ui.grid}>
      {charts.map((chart) => (
        <ChartPanel
          key={chart.id}
          title={chart.title}
          file={chart.id}
          categoryHeader={chart.categoryHeader}
          months={chart.months}
          data={chart.data}
          link={chart.link}
        />
      ))}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `dashboard-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={ui.section} aria-labelledby={id}>
      <h2 id={id} className={ui.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The period's costs in a line, and the rows whose cost is incomplete with the list that shows them. */
function CostFigures({ data, scope }: { data: DashboardData; scope: Scope }) {
  const { costs } = data;
  const incomplete = billingOf(scope, scope.period, { verdict: 'COUT_INCOMPLET' });
  return (
    <p className={ui.note}>
      Total de la période : <strong>{formatEuros(costs.total)}</strong> sur{' '}
      {formatValue(costs.missions, 'count')} missions. {DASHBOARD_MESSAGES.incompleteCost} :{' '}
      <strong>{formatValue(costs.incomplete, 'count')}</strong>
      {incomplete && costs.incomplete > 0 && (
        <>
          {' '}
          — <Link href={incomplete}>voir les missions au coût incomplet</Link>
        </>
      )}
    </p>
  );
}

export function Panels({ data, scope }: { data: DashboardData; scope: Scope }) {
  const invoices = invoiceCharts(data, scope);
  const billing = billingCharts(data, scope);
  const activity = activityCharts(data, scope);
  return (
    <>
      <Section title="Missions">
        <Charts charts={missionCharts(data, scope)} />
      </Section>
      <Section title="Coûts">
        <CostFigures data={data} scope={scope} />
        <Charts charts={costCharts(data, scope)} />
      </Section>
      {invoices.length > 0 && (
        <Section title="Factures">
          <Charts charts={invoices} />
        </Section>
      )}
      {billing.length > 0 && data.billing && (
        <Section title="Écarts de facturation">
          <p className={ui.note}>
            Facturé HT : <strong>{formatEuros(data.billing.totals.invoiced)}</strong> · Coût calculé :{' '}
            <strong>{formatEuros(data.billing.totals.computed)}</strong> · Écart :{' '}
            <strong>{formatEuros(data.billing.totals.difference)}</strong>
          </p>
          <Charts charts={billing} />
        </Section>
      )}
      {activity.length > 0 && (
        <Section title="Activité">
          <Charts charts={activity} />
        </Section>
      )}
    </>
  );
}

export function DashboardScreen() {
  const session = useSession();
  const role: Role = session.user?.role ?? 'HOSPITAL';
  const staff = role !== 'HOSPITAL';
  const severalHospitals = (session.user?.hospitals.length ?? 0) > 1;
  const hospitalNames = useHospitalNames(staff || severalHospitals);
  const [initialPeriod] = useState(() => defaultDashboardPeriod(new Date()));
  const [period, setPeriod] = useState<Period | null>(initialPeriod);
  const [hospitals, setHospitals] = useState<string[]>([]);
  const query = period ? { period, hospitals } : null;
  const dashboard = useDashboard(query);
  const exporting = useToastedCall();
  // The figures of the filters in force; a period the field refuses exports nothing.
  const exportXlsx = () => query && exporting.run(() => exportDashboardXlsx(query));
  const scope: Scope | null = dashboard.data
    ? { role, period: dashboard.data.period, hospitals: dashboard.data.hospitals }
    : null;

  return (
    <Page title="Tableau de bord">
      <section aria-label="Filtres" className={filters}>
        <DateRangeFilter
          defaultRange={initialPeriod}
          check={periodCheck}
          onChange={(range: DayRange | null) => setPeriod(range)}
        />
        {(staff || hospitalNames.length > 1) && (
          <MultiSelect
            label="Hôpitaux"
            options={hospitalNames}
            selected={hospitals}
            onChange={setHospitals}
          />
        )}
        <button
          type="button"
          className={`${css.button.secondary} ${filtersButton}`}
          disabled={exporting.busy || query === null}
          onClick={exportXlsx}
        >
          Exporter XLSX
        </button>
      </section>
      {period === null ? null : dashboard.error ? (
        <div className={ui.status} role="alert">
          <p>{dashboard.error}</p>
          <button type="button" className={css.button.secondary} onClick={dashboard.reload}>
            Réessayer
          </button>
        </div>
      ) : dashboard.data && scope ? (
        <div aria-busy={dashboard.loading}>
          <Panels data={dashboard.data} scope={scope} />
        </div>
      ) : (
        <p className={ui.status} role="status">
          Chargement…
        </p>
      )}
    </Page>
  );
}
