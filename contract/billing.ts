// Billing check vocabulary (issue 26, decision 033): what Leon invoiced for a mission against what the price
// tables say it cost. Paths, verdicts and their French labels, the ADMIN settings, the query schemas with
// their French messages, and the row as it travels (euros on the wire, cents inside).
import { coerce, define, type Infer, optional, refine, type, unknown } from 'superstruct';
import type { BadgeColor } from './badges';
import { oneOf, paging, periodDays, safeText, toDecimal } from './validation';

export const BILLING_PATHS = {
  list: '/billing/checks',
  count: '/billing/count',
  settings: '/billing/settings',
  exportExcel: '/billing/export-excel',
} as const;

/** The verdicts in the order the screen lists them, each with its badge (French label, colour). */
const VERDICT_TABLE = [
  ['ECART', 'Écart', 'red'],
  ['NON_FACTUREE', 'Non facturée', 'orange'],
  ['COUT_INCOMPLET', 'Coût incomplet', 'grey'],
  ['FACTURE_SANS_MISSION', 'Facture sans mission', 'purple'],
  ['EN_ATTENTE', 'En attente de facture', 'lightblue'],
  ['CONFORME', 'Conforme', 'green'],
] as const satisfies ReadonlyArray<readonly [string, string, BadgeColor]>;

export const BILLING_VERDICTS = VERDICT_TABLE.map(([verdict]) => verdict);
export type BillingVerdict = (typeof VERDICT_TABLE)[number][0];

export const BILLING_VERDICT_BADGES = Object.fromEntries(
  VERDICT_TABLE.map(([verdict, label, color]) => [verdict, { label, color }]),
) as Record<BillingVerdict, { label: string; color: BadgeColor }>;

/** The verdicts the menu counts: what an accountant has to look at. */
export const BILLING_PROBLEM_VERDICTS: readonly BillingVerdict[] = [
  'ECART',
  'NON_FACTUREE',
  'FACTURE_SANS_MISSION',
];

/** The tolerance and the delay an ADMIN sets; the percentage in hundredths of a per cent (100 = 1 %). */
export interface BillingSettings {
  /** 1 % = 1. */
  tolerancePercent: number;
  /** Euros. */
  toleranceEuros: number;
  /** A completed or closed mission with no invoice after this many days is 'Non facturée'. */
  unbilledAfterDays: number;
}
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  tolerancePercent: 1,
  toleranceEuros: 10,
  unbilledAfterDays: 15,
};

/** The longest period the list, the count and the export read at once (decision 033). */
export const BILLING_MAX_PERIOD_DAYS = 92;
export const BILLING_MIN_DAY = '2023-01-01';
export const BILLING_PAGE_SIZE = 20;
export const BILLING_XLSX_FILE = 'ecarts-de-facturation.xlsx';

export const BILLING_MESSAGES = {
  periodRequired: 'La période est requise (date de début et date de fin)',
  periodOrder: 'La date de début doit être antérieure à la date de fin',
  periodTooEarly: 'La période ne peut pas commencer avant le 01/01/2023',
  periodTooLong: `La période ne peut pas dépasser ${BILLING_MAX_PERIOD_DAYS} jours`,
  unknownVerdict: 'Verdict inconnu',
  tolerancePercent: 'La tolérance en pourcentage doit être un nombre entre 0 et 100 (deux décimales au plus)',
  toleranceEuros: 'La tolérance en euros doit être un montant entre 0 et 100 000 € (deux décimales au plus)',
  unbilledAfterDays: 'Le délai doit être un nombre entier de jours entre 0 et 365',
  settingsSaved: 'Réglages du contrôle de facturation enregistrés',
} as const;

/** One cost line of the breakdown: what the price tables give, in euros, or why they cannot. */
export interface BillingCostLine {
  /** 'flight', 'regulation', 'meals', or 'airport:LFBD' for each flown leg's departure airport. */
  key: string;
  label: string;
  computed: number | null;
  /** Why `computed` is null (a missing price, as the statistics say). */
  missing: string | null;
}

/** An invoice or credit note linked to the mission, its net amount signed (a credit note is negative). */
export interface BillingInvoice {
  id: string;
  invoiceNumber: string | null;
  invoiceType: string;
  invoiceDate: string | null;
  /** Euros, net of tax; negative for a credit note. */
  net: number;
  status: string;
}

/** A row of GET /billing/checks: one mission, or one invoice Leon issued for no known mission. */
export interface BillingRow {
  /** The mission's id, or the invoice's for 'Facture sans mission'. */
  id: string;
  missionId: string | null;
  tripNumber: string | null;
  hospital: string | null;
  /** yyyy-MM-dd, Paris: the mission's departure day, or the invoice's day. */
  day: string | null;
  missionStatus: string | null;
  /** Euros. */
  invoiced: number;
  computed: number | null;
  difference: number | null;
  /** Per cent of the computed total, two decimals; null when it cannot be said. */
  differencePercent: number | null;
  verdict: BillingVerdict;
  /** Why, in French: the missing prices, the lines that differ, the days without invoice. */
  reason: string;
  costLines: BillingCostLine[];
  /** The cost line the gap comes from, when one change of the mission explains it (its `key`). */
  suspectLine: string | null;
  invoices: BillingInvoice[];
}

/**
 * The totals of the filtered rows, in euros. `invoiced`, `computed` and `difference` cover the rows whose
 * cost is computed, so that `difference` is exactly `invoiced − computed`; what was invoiced on the other
 * rows (invoices for no mission, missions whose cost is incomplete) is `uncompared` (decision 063).
 */
export interface BillingTotals {
  invoiced: number;
  computed: number;
  difference: number;
  uncompared: number;
  counts: Record<BillingVerdict, number>;
}

export interface BillingPage {
  rows: BillingRow[];
  pageCount: number;
  total: number;
  totals: BillingTotals;
}

const verdict = oneOf('billingVerdict', BILLING_VERDICTS, BILLING_MESSAGES.unknownVerdict);

/**
 * GET /billing/checks and /billing/export-excel: the period (required, in order, from BILLING_MIN_DAY, at
 * most BILLING_MAX_PERIOD_DAYS: `periodProblem`), hospital, verdict, page.
 */
export const BillingListQuery = refine(
  type({
    ...periodDays,
    hospital: optional(safeText),
    verdict: optional(verdict),
    ...paging,
  }),
  'billingPeriod',
  (q) => periodProblem(q.startDate, q.endDate) ?? true,
);
export type BillingListQueryInput = Infer<typeof BillingListQuery>;

/** A number with at most two decimals between 0 and `max`, from a number or its text, else `message`. */
const twoDecimals = (max: number, message: string) =>
  coerce(
    define<number>(
      'twoDecimals',
      (n) =>
        (typeof n === 'number' &&
          Number.isFinite(n) &&
          n >= 0 &&
          n <= max &&
          Math.abs(n * 100 - Math.round(n * 100)) < 1e-6) ||
        message,
    ),
    unknown(),
    toDecimal,
  );
const wholeDays = define<number>(
  'days',
  (v) =>
    (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 365) ||
    BILLING_MESSAGES.unbilledAfterDays,
);

/** PUT /billing/settings (ADMIN). */
export const BillingSettingsBody = type({
  tolerancePercent: twoDecimals(100, BILLING_MESSAGES.tolerancePercent),
  toleranceEuros: twoDecimals(100_000, BILLING_MESSAGES.toleranceEuros),
  unbilledAfterDays: wholeDays,
});

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The period the menu counts and the screen opens on: the last `BILLING_MAX_PERIOD_DAYS` days up to `now`'s
 * Paris day, today included (decision 063).
 */
export function lastBillingPeriod(now: Date): { startDate: string; endDate: string } {
  const endDate = PARIS_DAY.format(now);
  return { startDate: addDays(endDate, 1 - BILLING_MAX_PERIOD_DAYS), endDate };
}

/** The Paris day `days` after `day` (yyyy-MM-dd). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both yyyy-MM-dd. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** The problem with a period, or null: both days, in order, from 2023, at most the maximum. */
export function periodProblem(startDate?: string, endDate?: string): string | null {
  if (!startDate || !endDate) return BILLING_MESSAGES.periodRequired;
  if (startDate > endDate) return BILLING_MESSAGES.periodOrder;
  if (startDate < BILLING_MIN_DAY) return BILLING_MESSAGES.periodTooEarly;
  if (daysBetween(startDate, endDate) + 1 > BILLING_MAX_PERIOD_DAYS) return BILLING_MESSAGES.periodTooLong;
  return null;
}
