// The dashboard's charts from its answer (contract/dashboard.ts): what each draws, and the list each bar
// opens, filtered on the lists' URL filters (web/lib/url-filters.ts) by its month, hospital and status.
import type { BadgeColor } from '../../contract/badges';
import {
  BILLING_VERDICT_BADGES,
  BILLING_VERDICTS,
  type BillingVerdict,
  periodProblem,
} from '../../contract/billing';
import type { Period } from '../../contract/crew-and-fleet';
import {
  DASHBOARD_CHART_TITLES,
  DASHBOARD_COST_LINES,
  DASHBOARD_MESSAGES,
  type DashboardData,
  monthLabel,
} from '../../contract/dashboard';
import { INVOICE_STATUS_BADGES, INVOICE_STATUSES } from '../../contract/invoices';
import {
  AIRCRAFT_TYPE_LABELS,
  CATEGORY_SCREENS,
  CATEGORY_STATUSES,
  canList,
  MISSION_CATEGORIES,
  MISSION_STATUS_BADGES,
  type MissionStatus,
  ORGAN_LABELS,
} from '../../contract/missions';
import type { Role } from '../../contract/roles';
import { canOpen } from '../../contract/routes';
import {
  STATISTIC_INVOICE_STATUS_BADGES,
  STATISTIC_INVOICE_STATUSES,
  type StatisticInvoiceStatus,
} from '../../contract/statistics';
import { listHref } from '../lib/url-filters';
import type { BarLink, ChartData, ChartItem } from './bar-chart';
import { BADGE_TONES, PALETTE } from './dashboard.css';
import { monthDays } from './format';

/** The filters in force: the period read and the hospitals chosen. */
export interface Scope {
  role: Role;
  period: Period;
  hospitals: string[];
}

export interface ChartSpec {
  id: string;
  title: string;
  categoryHeader: string;
  /** Its categories are months (their labels thinned on the axis, not cut). */
  months?: boolean;
  data: ChartData;
  link?: BarLink;
}

/** A month's days within the period (its first and last months may be partial; a list refuses days to come). */
export function daysOf(month: string, period: Period): Period {
  const days = monthDays(month);
  return {
    // Days as text compare in calendar order.
    startDate: [days.startDate, period.startDate].sort()[1],
    endDate: [days.endDate, period.endDate].sort()[0],
  };
}

/** A status as a series: its badge's label and colour. */
const badgeItem = (key: string, badge: { label: string; color: BadgeColor }): ChartItem => ({
  key,
  label: badge.label,
  tone: BADGE_TONES[badge.color],
});

/** Series whose badges share a colour ('Annulée +45’' and '-45’', both grey): the later ones get a free tone. */
function distinct(items: ChartItem[]): ChartItem[] {
  const used = new Set<number>();
  return items.map((item) => {
    let tone = item.tone ?? 0;
    if (used.has(tone)) tone = PALETTE.findIndex((_, i) => !used.has(i) && !items.some((o) => o.tone === i));
    used.add(tone);
    return { ...item, tone };
  });
}

const monthItems = (months: string[]): ChartItem[] => months.map((m) => ({ key: m, label: monthLabel(m) }));
const hospitalsQuery = (scope: Scope) => (scope.hospitals.length ? scope.hospitals.join(',') : undefined);

/** The mission list that shows `status` to `role` (the first of the lists holding it that the role may open). */
export function listOfStatus(status: MissionStatus, role: Role) {
  const category = MISSION_CATEGORIES.find((c) => CATEGORY_STATUSES[c].includes(status) && canList(c, role));
  return category ? CATEGORY_SCREENS[category] : null;
}

/** The statistics list over one month (or the period), narrowed by `more`. */
const statisticsOf = (scope: Scope, month: string | null, more: Record<string, string | undefined>) =>
  listHref('statistics', {
    ...(month ? daysOf(month, scope.period) : scope.period),
    hospitals: hospitalsQuery(scope),
    ...more,
  });

/**
 * The billing check narrowed by `more`: over `days` when the check accepts it (at most 92 days), else over
 * its own default period; on the one hospital chosen, if one.
 */
export function billingOf(scope: Scope, days: Period | null, more: Record<string, string | undefined>) {
  if (!canOpen('billing', scope.role)) return null;
  const period = days && !periodProblem(days.startDate, days.endDate) ? days : undefined;
  const hospital = scope.hospitals.length === 1 ? scope.hospitals[0] : undefined;
  return listHref('billing', { ...period, hospital, ...more });
}

export function missionCharts(data: DashboardData, scope: Scope): ChartSpec[] {
  const { missions } = data;
  const byMonth: ChartSpec = {
    id: 'missions-by-month',
    title: DASHBOARD_CHART_TITLES.missionsByMonth,
    categoryHeader: 'Mois',
    months: true,
    data: {
      unit: 'count',
      categories: monthItems(missions.byMonth.map((m) => m.month)),
      series: distinct(missions.statuses.map((s) => badgeItem(s, MISSION_STATUS_BADGES[s]))),
      values: missions.statuses.map((s) => missions.byMonth.map((m) => m.counts[s] ?? 0)),
    },
    link: (month, status) => {
      const screen = listOfStatus(status.key as MissionStatus, scope.role);
      return screen
        ? listHref(screen, {
            ...daysOf(month.key, scope.period),
            hospitals: hospitalsQuery(scope),
            statusNeeded: status.key,
          })
        : null;
    },
  };
  const byOrgan: ChartSpec = {
    id: 'missions-by-organ',
    title: DASHBOARD_CHART_TITLES.missionsByOrgan,
    categoryHeader: 'Organe',
    data: {
      unit: 'count',
      categories: missions.byOrgan.map((o) => ({
        key: o.organ ?? '',
        label: o.organ ? ORGAN_LABELS[o.organ] : DASHBOARD_MESSAGES.noOrgan,
      })),
      series: [{ key: 'missions', label: 'Missions' }],
      values: [missions.byOrgan.map((o) => o.missions)],
    },
    // The statistics list is the one a type of organ filters.
    link: (organ) => (organ.key ? statisticsOf(scope, null, { organName: organ.key }) : null),
  };
  return [byMonth, byOrgan];
}

export function costCharts(data: DashboardData, scope: Scope): ChartSpec[] {
  const { costs } = data;
  const byMonth: ChartSpec = {
    id: 'costs-by-month',
    title: DASHBOARD_CHART_TITLES.costsByMonth,
    categoryHeader: 'Mois',
    months: true,
    data: {
      unit: 'euros',
      categories: monthItems(costs.byMonth.map((m) => m.month)),
      series: DASHBOARD_COST_LINES.map((l) => ({ key: l.key, label: l.label })),
      values: DASHBOARD_COST_LINES.map((l) => costs.byMonth.map((m) => m.lines[l.key])),
    },
    link: (month) => statisticsOf(scope, month.key, {}),
  };
  const byHospital: ChartSpec = {
    id: 'costs-by-hospital',
    title: DASHBOARD_CHART_TITLES.costsByHospital,
    categoryHeader: 'Hôpital',
    data: {
      unit: 'euros',
      categories: costs.byHospital.map((h, i) => ({
        key: h.others ? 'others' : (h.hospital ?? `none-${i}`),
        label: h.others ? DASHBOARD_MESSAGES.others : (h.hospital ?? DASHBOARD_MESSAGES.noHospital),
      })),
      series: [{ key: 'total', label: 'Coût' }],
      values: [costs.byHospital.map((h) => h.total)],
    },
    link: (hospital, _series) => {
      const row = costs.byHospital.find((h) => !h.others && h.hospital === hospital.key);
      return row?.hospital ? statisticsOf(scope, null, { hospitals: row.hospital }) : null;
    },
  };
  return [byMonth, byHospital];
}

export function invoiceCharts(data: DashboardData, scope: Scope): ChartSpec[] {
  const { invoices } = data;
  if (!invoices) return [];
  const statuses = distinct(
    STATISTIC_INVOICE_STATUSES.map((s) => badgeItem(s, STATISTIC_INVOICE_STATUS_BADGES[s])),
  );
  const side = (kind: 'flight' | 'airport', title: string): ChartSpec => ({
    id: `invoices-${kind}`,
    title,
    categoryHeader: 'Mois',
    months: true,
    data: {
      unit: 'count',
      categories: monthItems(invoices.byMonth.map((m) => m.month)),
      series: statuses,
      values: STATISTIC_INVOICE_STATUSES.map((s: StatisticInvoiceStatus) =>
        invoices.byMonth.map((m) => m[kind][s]),
      ),
    },
    link: (month, status) =>
      statisticsOf(scope, month.key, { [kind === 'flight' ? 'flightStatus' : 'airportStatus']: status.key }),
  });
  const charts = [
    side('flight', DASHBOARD_CHART_TITLES.invoicesFlight),
    side('airport', DASHBOARD_CHART_TITLES.invoicesAirport),
  ];
  if (invoices.export) {
    const exported = invoices.export;
    charts.push({
      id: 'invoices-export',
      title: DASHBOARD_CHART_TITLES.invoicesExport,
      categoryHeader: 'Mois',
      months: true,
      data: {
        unit: 'count',
        categories: monthItems(exported.byMonth.map((m) => m.month)),
        series: INVOICE_STATUSES.map((s) => badgeItem(s, INVOICE_STATUS_BADGES[s])),
        values: INVOICE_STATUSES.map((s) => exported.byMonth.map((m) => m.counts[s])),
      },
    });
  }
  return charts;
}

export function billingCharts(data: DashboardData, scope: Scope): ChartSpec[] {
  const { billing } = data;
  if (!billing) return [];
  return [
    {
      id: 'billing-gaps',
      title: DASHBOARD_CHART_TITLES.billingGaps,
      categoryHeader: 'Mois',
      months: true,
      data: {
        unit: 'euros',
        categories: monthItems(billing.byMonth.map((m) => m.month)),
        series: [{ key: 'difference', label: 'Écart' }],
        values: [billing.byMonth.map((m) => m.difference)],
      },
      link: (month) => billingOf(scope, daysOf(month.key, scope.period), {}),
    },
    {
      id: 'billing-verdicts',
      title: DASHBOARD_CHART_TITLES.billingVerdicts,
      categoryHeader: 'Verdict',
      data: {
        unit: 'count',
        categories: BILLING_VERDICTS.map((v) => ({ key: v, label: BILLING_VERDICT_BADGES[v].label })),
        series: [{ key: 'count', label: 'Missions' }],
        values: [BILLING_VERDICTS.map((v: BillingVerdict) => billing.counts[v])],
      },
      link: (verdict) => billingOf(scope, scope.period, { verdict: verdict.key }),
    },
  ];
}

/** Flotte or Pilotes over the dashboard's period, searched for one aircraft or pilot (they have no hospital filter). */
const activityOf = (screen: 'aircraftFleet' | 'pilots', scope: Scope, search: string) =>
  canOpen(screen, scope.role) ? listHref(screen, { ...scope.period, search }) : null;

export function activityCharts(data: DashboardData, scope: Scope): ChartSpec[] {
  const { activity } = data;
  if (!activity) return [];
  return [
    {
      id: 'activity-aircraft',
      title: DASHBOARD_CHART_TITLES.activityAircraft,
      categoryHeader: 'Appareil',
      data: {
        unit: 'minutes',
        categories: activity.aircraft.map((a) => ({
          key: a.registration,
          label: `${a.registration} (${AIRCRAFT_TYPE_LABELS[a.aircraftType]})`,
        })),
        series: [{ key: 'blockMinutes', label: 'Heures de vol' }],
        values: [activity.aircraft.map((a) => a.blockMinutes)],
      },
      link: (aircraft) => activityOf('aircraftFleet', scope, aircraft.key),
    },
    {
      id: 'activity-pilots',
      title: DASHBOARD_CHART_TITLES.activityPilots,
      categoryHeader: 'Pilote',
      data: {
        unit: 'minutes',
        categories: activity.pilots.map((p) => ({ key: p.id, label: p.name })),
        series: [{ key: 'blockMinutes', label: 'Heures de vol' }],
        values: [activity.pilots.map((p) => p.blockMinutes)],
      },
      link: (pilot) => activityOf('pilots', scope, pilot.label),
    },
  ];
}
