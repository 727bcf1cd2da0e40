// 'Tableau de bord' vocabulary: the path, the query schema (a period of at most 36 months and the
// hospitals, the same fields as the lists' filters, with their French messages), the panels each role
// receives, and the answer as it travels (euros with two decimals on the wire, integer cents inside).
import { type Infer, optional, refine, type } from 'superstruct';
import type { BillingVerdict } from './billing';
import { ACTIVITY_MAX_MONTHS, activityPeriodProblem, type Period } from './crew-and-fleet';
import type { InvoiceStatus } from './invoices';
import type { AircraftType, MissionStatus, OrganType } from './missions';
import type { Role } from './roles';
import type { StatisticInvoiceStatus } from './statistics';
import { periodDays, safeText } from './validation';

export const DASHBOARD_PATHS = {
  /** GET: every panel the caller may see, for the period and hospitals of the query. */
  data: '/dashboard',
  /**
   * GET, the same query: the same figures as an XLSX workbook, one sheet per panel the caller receives
   * (DASHBOARD_SHEETS), named by `dashboardXlsxFile`.
   */
  exportXlsx: '/dashboard/export',
} as const;

/** The longest period the dashboard reads (docs/decisions/062): the pilots' and fleet's. */
export const DASHBOARD_MAX_MONTHS = ACTIVITY_MAX_MONTHS;
/** The default period's length in calendar months, the current one included. */
export const DASHBOARD_DEFAULT_MONTHS = 12;
/** How many hospitals, aircraft and pilots the 'largest' panels name; the other hospitals make 'Autres'. */
export const DASHBOARD_TOP = 10;

export const DASHBOARD_MESSAGES = {
  title: 'Tableau de bord',
  others: 'Autres',
  noHospital: 'Hôpital non renseigné',
  noOrgan: 'Organe non renseigné',
  incompleteCost: 'Coût incomplet',
  empty: 'Aucune donnée sur la période',
} as const;

/**
 * The cost lines of a mission, as the statistics row breaks its cost down (costOfFlightTime,
 * costOfRegulation, costOfMeal, and one airport cost per flown leg, with or without de-icing): the airport
 * costs are split by their `withDeIcing` flag, so that the lines add up to totalCost + totalAirportCosts.
 */
export const DASHBOARD_COST_LINES = [
  { key: 'flightTime', label: 'Temps de vol' },
  { key: 'regulation', label: 'Régulation' },
  { key: 'meals', label: 'Repas' },
  { key: 'airport', label: 'Aéroports' },
  { key: 'airportDeIcing', label: 'Aéroports avec dégivrage' },
] as const;
export type DashboardCostLine = (typeof DASHBOARD_COST_LINES)[number]['key'];

export const DASHBOARD_PANELS = [
  'missions',
  'costs',
  'invoices',
  'invoiceExport',
  'billing',
  'activity',
] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];

/**
 * Which panels each role receives; any other is null in its answer. HOSPITAL sees what its lists show
 * (its hospitals' missions, the statistics rows staff made visible to it, with their costs), never the
 * invoice statuses (staff fields of the statistics row), the accounting export, the billing check or the
 * pilots and fleet. The export's counts and the billing check are ADMIN's and ACCOUNTING's, as their screens.
 */
export const DASHBOARD_PANELS_BY_ROLE: Record<Role, readonly DashboardPanel[]> = {
  ADMIN: DASHBOARD_PANELS,
  ACCOUNTING: DASHBOARD_PANELS,
  OPERATION: ['missions', 'costs', 'invoices', 'activity'],
  HOSPITAL: ['missions', 'costs'],
};

export const dashboardShows = (role: Role, panel: DashboardPanel): boolean =>
  DASHBOARD_PANELS_BY_ROLE[role].includes(panel);

/** The charts' titles, on the screen and as the tables' titles in the workbook. */
export const DASHBOARD_CHART_TITLES = {
  missionsByMonth: 'Missions par mois et par statut',
  missionsByOrgan: 'Missions par type d’organe',
  costsByMonth: 'Coûts par mois et par poste',
  costsByHospital: 'Coûts par hôpital',
  invoicesFlight: 'Statut des factures vol par mois',
  invoicesAirport: 'Statut des factures aéroport par mois',
  invoicesExport: 'Export comptable par mois',
  billingGaps: 'Écart facturé − calculé par mois',
  billingVerdicts: 'Missions par verdict',
  activityAircraft: 'Heures de vol par appareil',
  activityPilots: 'Heures de vol par pilote',
} as const;

/** The workbook's sheet of each panel (GET /dashboard/export): a role gets the sheets of its panels only. */
export const DASHBOARD_SHEETS: Record<DashboardPanel, string> = {
  missions: 'Missions',
  costs: 'Coûts',
  invoices: 'Factures',
  invoiceExport: 'Export comptable',
  billing: 'Écarts de facturation',
  activity: 'Activité',
};

/** The workbook's name: its period's first and last months, 'tableau-de-bord-2025-04-2026-03.xlsx'. */
export const dashboardXlsxFile = ({ startDate, endDate }: Period): string =>
  `tableau-de-bord-${startDate.slice(0, 7)}-${endDate.slice(0, 7)}.xlsx`;

const MONTH_LABEL = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A month as the screen and the workbook write it: '2026-01' → 'janv. 2026'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return MONTH_LABEL.format(new Date(Date.UTC(year, m - 1, 1)));
}

/**
 * GET /dashboard. `startDate`, `endDate`: Paris days, both included, each a real day of 2000–2099; a period
 * given whole must be in order and at most 36 months ('La période ne peut dépasser 36 mois.'). Neither
 * given: `defaultDashboardPeriod`. An end alone: the 12 calendar months that end with it; a start alone:
 * up to today (or the start, if later); the API checks the period so made the same way. `hospitals`: comma-joined names, as on the lists; it narrows within what the role may see, never
 * beyond (empty or absent: every hospital the caller may see).
 */
export const DashboardQuery = refine(
  type({ ...periodDays, hospitals: optional(safeText) }),
  'dashboardQuery',
  (q) =>
    !(q.startDate && q.endDate) ||
    (activityPeriodProblem({ startDate: q.startDate, endDate: q.endDate }) ?? true),
);
export type DashboardQueryInput = Infer<typeof DashboardQuery>;

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The default period: the first day of the month 11 months ago to `now`'s Paris day (12 calendar months). */
export function defaultDashboardPeriod(now: Date): Period {
  const endDate = PARIS_DAY.format(now);
  const [y, m] = endDate.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - DASHBOARD_DEFAULT_MONTHS, 1));
  return { startDate: start.toISOString().slice(0, 10), endDate };
}

/** The months `YYYY-MM` a period touches, in order (its first and last may be partial). */
export function monthsOf({ startDate, endDate }: Period): string[] {
  const months: string[] = [];
  let [y, m] = startDate.split('-').map(Number);
  const last = endDate.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    months.push(month);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
  return months;
}

// ---- The answer (`{ data: DashboardData }`) ----------------------------------------------------------------
// Every `byMonth` has one entry per month of `months`, in order, zeros included. A month is the Paris
// calendar month of the day each panel says. Money is in euros (two decimals), durations in minutes.

/** Missions (the lists' rows: not deleted, HOSPITAL its hospitals' in the statuses its lists show). */
export interface DashboardMissions {
  /** The statuses of the stacks, in order: those the role's lists show (HOSPITAL: no 'Annulée +45’'). */
  statuses: MissionStatus[];
  /** By month of the mission's first departure: a count for each status of `statuses`, and their total. */
  byMonth: Array<{ month: string; counts: Partial<Record<MissionStatus, number>>; total: number }>;
  /**
   * By organ, in ORGAN_TYPES order, then `organ: null` (none filled in) when any: a mission carrying
   * several organs counts under each, so these may add up to more than `total`.
   */
  byOrgan: Array<{ organ: OrganType | null; missions: number }>;
  /** Missions of the period, each once. */
  total: number;
}

/** Euros of each cost line. */
export type DashboardCostLines = Record<DashboardCostLine, number>;

/**
 * Costs of the statistics rows the caller may see (completed, closed, cancelled late; HOSPITAL: those made
 * visible to it), priced by the cost engine as the statistics list prices them. Each line adds the rows
 * whose figure for it is known; a row with any figure missing also counts in `incomplete`.
 */
export interface DashboardCosts {
  /** By month of the mission's first departure. */
  byMonth: Array<{
    month: string;
    lines: DashboardCostLines;
    /** The lines added. */
    total: number;
    /** Statistics rows of the month. */
    missions: number;
    /** Rows of the month with a figure missing ('Coût incomplet'). */
    incomplete: number;
  }>;
  /**
   * The ten hospitals of the largest `total`, largest first (`hospital: null`: rows without a hospital),
   * then, when there are more, one entry `others: true` ('Autres', `hospital: null`) adding up the rest.
   */
  byHospital: Array<{
    hospital: string | null;
    others: boolean;
    total: number;
    missions: number;
    incomplete: number;
  }>;
  /** The period's lines, total, rows and rows with a figure missing. */
  lines: DashboardCostLines;
  total: number;
  missions: number;
  incomplete: number;
}

/** Invoices: staff only (null for HOSPITAL). */
export interface DashboardInvoices {
  /** The statistics rows by month of departure: how many in each flight and each airport invoice status. */
  byMonth: Array<{
    month: string;
    flight: Record<StatisticInvoiceStatus, number>;
    airport: Record<StatisticInvoiceStatus, number>;
  }>;
  /**
   * The accounting export's rows (the 'Factures' screen) by Leon's invoice day, their requester among the
   * hospitals when the query names some: ADMIN and ACCOUNTING only, null for OPERATION.
   */
  export: {
    byMonth: Array<{ month: string; counts: Record<InvoiceStatus, number> }>;
    counts: Record<InvoiceStatus, number>;
  } | null;
}

/**
 * The billing check (Écarts de facturation) of the period: ADMIN and ACCOUNTING only. Its rows are the
 * missions (by departure month) and the invoices for no mission (by invoice month), judged as
 * GET /billing/checks judges them.
 */
export interface DashboardBilling {
  /**
   * Over the rows whose cost is computed, as the billing totals: invoiced, computed, difference =
   * invoiced − computed (exactly); `compared`: how many such rows.
   */
  byMonth: Array<{ month: string; invoiced: number; computed: number; difference: number; compared: number }>;
  /** The period's sums, and what the other rows invoiced (`uncompared`, 'Facturé hors comparaison'). */
  totals: { invoiced: number; computed: number; difference: number; uncompared: number };
  /** Rows of each verdict over the period. */
  counts: Record<BillingVerdict, number>;
}

/**
 * Flight hours (block-off to block-on of the legs flown in the period, as the Pilotes and Flotte screens
 * count them; only the legs of the hospitals' missions when the query names some): staff only. The ten
 * largest of each with some flown time, largest first (ties: by registration, by id, in code-point order).
 */
export interface DashboardActivity {
  aircraft: Array<{
    registration: string;
    /** The type of its latest mission of the period. */
    aircraftType: AircraftType;
    blockMinutes: number;
    /** Missions with a leg flown on it. */
    missions: number;
  }>;
  pilots: Array<{
    /** The Pilotes screen's row id (`c<Leon id>`, or `n:<name>`). */
    id: string;
    name: string;
    blockMinutes: number;
    /** Legs flown as flight crew. */
    legs: number;
  }>;
}

export interface DashboardData {
  /** The period read (the default's ends filled in). */
  period: Period;
  /** Its months, `YYYY-MM`, in order. */
  months: string[];
  /** The hospitals filter applied (empty: every hospital the caller may see). */
  hospitals: string[];
  missions: DashboardMissions;
  costs: DashboardCosts;
  /** Null for HOSPITAL. */
  invoices: DashboardInvoices | null;
  /** Null but for ADMIN and ACCOUNTING. */
  billing: DashboardBilling | null;
  /** Null for HOSPITAL. */
  activity: DashboardActivity | null;
}
