// The billing check's rules (issue 26, decision 033): a pure function of a mission's computed costs, the
// invoices and credit notes Leon issued for it, the ADMIN's settings and today. Integer cents throughout;
// the difference is exactly invoiced minus computed; nothing is rounded but the percentage shown.
import type { BillingVerdict } from '../../contract/billing';
import type { MissionCosts } from '../prices';

/** The settings in the units the rules use. */
export interface BillingRules {
  /** Hundredths of a per cent: 100 = 1 %. */
  toleranceBasisPoints: number;
  toleranceCents: number;
  unbilledAfterDays: number;
}

export const DEFAULT_BILLING_RULES: BillingRules = {
  toleranceBasisPoints: 100,
  toleranceCents: 1_000,
  unbilledAfterDays: 15,
};

/** An invoice as the rules see it: its type and its net amount (positive, as stored). */
export interface RuleInvoice {
  invoiceType: string;
  netCents: number;
}

export interface CostLineCents {
  key: string;
  label: string;
  cents: number | null;
  missing: string | null;
}

export interface BillingCheck {
  invoicedCents: number;
  computedCents: number | null;
  differenceCents: number | null;
  /** Per cent, two decimals, null when the computed total is unknown or 0. */
  differencePercent: number | null;
  verdict: BillingVerdict;
  reason: string;
  costLines: CostLineCents[];
}

/** A credit note takes its amount off; an invoice or a recharge invoice adds it. */
export const signedNet = (invoice: RuleInvoice): number =>
  invoice.invoiceType === 'CREDIT_NOTE' ? -Math.abs(invoice.netCents) : invoice.netCents;

/** The net invoiced: the sum of the invoices minus the credit notes. */
export function invoicedCents(invoices: readonly RuleInvoice[]): number {
  let total = 0;
  for (const invoice of invoices) total += signedNet(invoice);
  return total;
}

/** The cost lines of the breakdown: flight time, regulation, meals, then each airport. */
export function costLines(costs: MissionCosts): CostLineCents[] {
  const line = (key: string, label: string, figure: MissionCosts['totalCost']): CostLineCents =>
    figure.ok
      ? { key, label, cents: figure.value, missing: null }
      : { key, label, cents: null, missing: figure.reason };
  return [
    line('flight', 'Temps de vol', costs.costOfFlightTime),
    line('regulation', 'Régulation', costs.costOfRegulation),
    line('meals', 'Repas', costs.costOfMeal),
    ...costs.airportCosts.map((airport, i) =>
      line(
        `airport:${i}:${airport.icaoCode}`,
        `Aéroport ${airport.icaoCode || '?'}${airport.withDeIcing ? ' (avec dégivrage)' : ''}`,
        airport.amount,
      ),
    ),
  ];
}

/** Built once: toLocaleString builds a formatter on each call (decision 025). */
const FRENCH_EUROS = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const euros = (cents: number) => `${FRENCH_EUROS.format(cents / 100)} €`;

/** Within the tolerance: at most the percentage of the computed total, or at most the amount (the larger). */
export function withinTolerance(
  differenceCents: number,
  computedCents: number,
  rules: BillingRules,
): boolean {
  const gap = Math.abs(differenceCents);
  if (gap <= rules.toleranceCents) return true;
  // gap / computed ≤ bp / 10,000, in integers.
  return gap * 10_000 <= Math.abs(computedCents) * rules.toleranceBasisPoints;
}

/** Per cent of the computed total, to two decimals (for display only). */
export function percentOf(differenceCents: number, computedCents: number): number | null {
  if (computedCents === 0) return null;
  return Math.round((differenceCents * 10_000) / computedCents) / 100;
}

/** A mission's invoices as the verdict takes them: how many, and their net sum (`invoicedCents`). */
export interface Invoiced {
  count: number;
  netCents: number;
  /**
   * How many of them are credit notes with an amount: only those may be said to cancel the invoices (an
   * invoice at 0 €, say one Leon left in error, cancels nothing).
   */
  credited: number;
}

/** A credit note that takes something off. */
const credits = (invoice: RuleInvoice) => invoice.invoiceType === 'CREDIT_NOTE' && invoice.netCents !== 0;

export interface MissionInput {
  costs: MissionCosts;
  invoices: readonly RuleInvoice[];
  /** The mission's departure day (Paris, yyyy-MM-dd), from which the days without invoice count. */
  departureDay: string | null;
  /** Today, Paris, yyyy-MM-dd. */
  today: string;
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T12:00:00Z`) / 86_400_000);

/** The verdict of one mission. */
export function checkMission(input: MissionInput, rules: BillingRules): BillingCheck {
  const { invoices, ...rest } = input;
  return checkInvoiced(
    {
      ...rest,
      invoiced: {
        count: invoices.length,
        netCents: invoicedCents(invoices),
        credited: invoices.filter(credits).length,
      },
    },
    rules,
  );
}

/**
 * The computed total of a mission's cost lines (`costLines`: flight time, regulation, meals, each
 * airport), or null when one of them is missing a price.
 */
export function computedCentsOf(costs: MissionCosts): number | null {
  const flight = costs.costOfFlightTime;
  const regulation = costs.costOfRegulation;
  const meals = costs.costOfMeal;
  if (!flight.ok || !regulation.ok || !meals.ok) return null;
  let total = flight.value + regulation.value + meals.value;
  for (const airport of costs.airportCosts) {
    if (!airport.amount.ok) return null;
    total += airport.amount.value;
  }
  return total;
}

/** What the totals and the counts of a period need of a mission's check: its figures and its verdict. */
export interface BillingJudgement {
  invoicedCents: number;
  computedCents: number | null;
  differenceCents: number | null;
  verdict: BillingVerdict;
}

type InvoicedInput = Omit<MissionInput, 'invoices'> & { invoiced: Invoiced };

/** Days from the departure to today, null when the departure is unknown. */
const ageOf = (input: InvoicedInput) =>
  input.departureDay ? dayNumber(input.today) - dayNumber(input.departureDay) : null;

/**
 * A mission's verdict and figures alone: no cost lines, no French reason. A period's check judges each of
 * its thousands of missions this way and describes (`checkInvoiced`) only the rows it shows.
 */
export function judgeInvoiced(input: InvoicedInput, rules: BillingRules): BillingJudgement {
  const invoiced = input.invoiced.netCents;
  const computed = computedCentsOf(input.costs);
  const difference = computed === null ? null : invoiced - computed;
  let verdict: BillingVerdict;
  // Nothing invoiced (no invoice, or credit notes that cancel them): late after N days, else awaited.
  if (input.invoiced.count === 0 || invoiced === 0) {
    const age = ageOf(input);
    verdict = age === null || age > rules.unbilledAfterDays ? 'NON_FACTUREE' : 'EN_ATTENTE';
  } else if (computed === null || difference === null) verdict = 'COUT_INCOMPLET';
  else verdict = withinTolerance(difference, computed, rules) ? 'CONFORME' : 'ECART';
  return { invoicedCents: invoiced, computedCents: computed, differenceCents: difference, verdict };
}

/**
 * The verdict of one mission whose invoices were summed already (by the database, for a whole period:
 * api/billing/verdicts.ts `invoicedCentsSql`, the same sum as `invoicedCents`), with its cost lines and the
 * reason of its verdict in French.
 */
export function checkInvoiced(input: InvoicedInput, rules: BillingRules): BillingCheck {
  const judgement = judgeInvoiced(input, rules);
  const { computedCents: computed, differenceCents: difference } = judgement;
  const lines = costLines(input.costs);
  const check = (reason: string): BillingCheck => ({
    ...judgement,
    differencePercent: computed === null || difference === null ? null : percentOf(difference, computed),
    reason,
    costLines: lines,
  });
  const age = ageOf(input);
  switch (judgement.verdict) {
    case 'NON_FACTUREE':
      return check(`${nothingInvoiced(input.invoiced)}${age === null ? '' : ` après ${age} jours`}`);
    case 'EN_ATTENTE':
      return check(
        `${nothingInvoiced(input.invoiced)} depuis ${age} jour${(age ?? 0) > 1 ? 's' : ''} (délai ${rules.unbilledAfterDays} jours)`,
      );
    case 'COUT_INCOMPLET':
      return check([...new Set(lines.flatMap((l) => (l.missing === null ? [] : [l.missing])))].join(' ; '));
    case 'CONFORME':
      return check(
        difference === 0 ? 'Facturé au centime près' : `Écart de ${euros(difference ?? 0)} dans la tolérance`,
      );
    default: // ECART
      return check(
        `${(difference ?? 0) > 0 ? 'Surfacturée' : 'Sous-facturée'} de ${euros(Math.abs(difference ?? 0))}`,
      );
  }
}

/**
 * Why nothing counts as invoiced: no invoice at all, invoices cancelled by a credit note with an amount, or
 * invoices (and credit notes) that all come to 0 €.
 */
function nothingInvoiced(invoiced: Invoiced): string {
  if (invoiced.count === 0) return 'Aucune facture';
  if (invoiced.credited > 0) return 'Aucune facture (factures annulées par avoir)';
  return `Aucun montant facturé (${invoiced.count > 1 ? 'factures' : 'facture'} à 0 €)`;
}

/** An invoice (or credit note) whose trip is no mission the back-office knows. */
export function checkOrphanInvoice(invoice: RuleInvoice, tripNumber: string | null): BillingCheck {
  const net = signedNet(invoice);
  return {
    invoicedCents: net,
    computedCents: null,
    differenceCents: null,
    differencePercent: null,
    verdict: 'FACTURE_SANS_MISSION',
    reason: tripNumber ? `Aucune mission ${tripNumber} connue` : 'Facture sans numéro de mission',
    costLines: [],
  };
}

/** The ADMIN settings (euros, per cent) in the rules' units. */
export function rulesOf(settings: {
  tolerancePercent: number;
  toleranceEuros: number;
  unbilledAfterDays: number;
}): BillingRules {
  return {
    toleranceBasisPoints: Math.round(settings.tolerancePercent * 100),
    toleranceCents: Math.round(settings.toleranceEuros * 100),
    unbilledAfterDays: settings.unbilledAfterDays,
  };
}
