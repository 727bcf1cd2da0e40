// A mission's verdict in the billing check (decision 033): the mission priced by the cost engine, its
// invoices summed as the rules count them, judged by rules.ts, and the cost line a gap comes from. Used for
// a period's rows (service.ts) and for a page of missions the caller already read and priced with the same
// book (the statistics list's column: one statement for their invoices and the settings).
import { eq, inArray, sql } from 'drizzle-orm';
import type { BillingVerdict } from '../../contract/billing';
import type { Db } from '../db/client';
import { billingSettings, invoices } from '../db/schema';
import {
  type CostLeg,
  type CostRules,
  DEFAULT_COST_RULES,
  type PriceBook,
  parisDay,
  priceRecord,
} from '../prices';
import { type BillingCheck, checkInvoiced, type Invoiced, rulesOf, withinTolerance } from './rules';
import { settingsColumns, settingsOf } from './settings';

/** What the check reads of a mission: the fields its cost depends on, its trip (Leon's link to invoices). */
export interface VerdictMission {
  missionId: string;
  tripNumber: string | null;
  /** A Date, or epoch milliseconds. */
  departureDateTime: Date | number | null;
  aircraftType: 'ND' | 'JET' | 'TURBOPROP';
  isWithOCS: boolean | null;
  numberOfMeals: number | null;
  airportDeIcing: string[];
  airportStatus: string;
  missionStatus: string | null;
}

type Priced = Omit<VerdictMission, 'missionId' | 'tripNumber'>;

/**
 * An invoice's net as the rules count it (rules.ts `signedNet` of service.ts `ruleInvoice`): the stored
 * net, else the gross of its side (a row written before migration 0016), a credit note's taken off.
 */
const signedNetSql = sql`(case when ${invoices.invoiceType} = 'CREDIT_NOTE'
  then -abs(coalesce(${invoices.netCents}, ${invoices.debitCents} + ${invoices.creditCents}))
  else coalesce(${invoices.netCents}, ${invoices.debitCents} + ${invoices.creditCents}) end)`;

/** Over a group of invoices: how many, and their net sum (rules.ts `Invoiced`), in one aggregate. */
export const invoiceCountSql = sql<number>`count(*)::int`;
/** Over a group of invoices: how many credit notes take an amount off (rules.ts `Invoiced.credited`). */
export const creditedCountSql = sql<number>`(count(*) filter (where ${invoices.invoiceType} = 'CREDIT_NOTE' and ${signedNetSql} <> 0))::int`;
// float8: exact in integers up to 2^53, and a number on both drivers (a bigint is text on one of them).
export const invoicedCentsSql = sql<number>`coalesce(sum(${signedNetSql}), 0)::float8`;

export const invoicedOf = (row: {
  invoiceCount: number | null;
  invoicedCents: number | null;
  creditedCount: number | null;
}): Invoiced => ({
  count: Number(row.invoiceCount ?? 0),
  netCents: Number(row.invoicedCents ?? 0),
  credited: Number(row.creditedCount ?? 0),
});

/**
 * Which cost line a gap comes from, when one change of the mission makes the computed total what Leon
 * invoiced (within the tolerance): a de-icing billed or forgotten, the other aircraft type, OCS, the meals.
 * Leon gives no invoice lines, so this is how the accountant sees which line differs.
 */
export function explainGap(
  r: Priced,
  legs: readonly CostLeg[],
  book: PriceBook,
  costRules: CostRules,
  check: BillingCheck,
  rules: ReturnType<typeof rulesOf>,
): { key: string; text: string } | null {
  const totalOf = (changed: Priced): number | null => {
    const costs = priceRecord(changed, legs, book, costRules);
    return costs.totalCost.ok && costs.totalAirportCosts.ok
      ? costs.totalCost.value + costs.totalAirportCosts.value
      : null;
  };
  const matches = (changed: Priced) => {
    const total = totalOf(changed);
    return total !== null && withinTolerance(check.invoicedCents - total, total, rules);
  };
  const deIced = new Set(r.airportDeIcing.map((c) => c.toUpperCase()));
  for (const line of check.costLines) {
    if (!line.key.startsWith('airport:')) continue;
    const icao = line.key.split(':')[2];
    if (!icao) continue;
    if (deIced.has(icao)) {
      if (matches({ ...r, airportDeIcing: r.airportDeIcing.filter((c) => c.toUpperCase() !== icao) }))
        return { key: line.key, text: `le dégivrage de ${icao} n'est pas facturé` };
    } else if (matches({ ...r, airportDeIcing: [...r.airportDeIcing, icao] }))
      return { key: line.key, text: `${icao} est facturé avec dégivrage` };
  }
  if (r.aircraftType !== 'ND') {
    const other = r.aircraftType === 'JET' ? 'TURBOPROP' : 'JET';
    if (matches({ ...r, aircraftType: other }))
      return {
        key: 'flight',
        text: `le vol est facturé au tarif ${other === 'JET' ? 'jet' : 'turbopropulseur'}`,
      };
  }
  if (r.isWithOCS !== null && matches({ ...r, isWithOCS: !r.isWithOCS }))
    return { key: 'flight', text: `le vol est facturé ${r.isWithOCS ? 'sans' : 'avec'} OCS` };
  if ((r.numberOfMeals ?? 0) > 0 && matches({ ...r, numberOfMeals: 0 }))
    return { key: 'meals', text: 'les repas ne sont pas facturés' };
  return null;
}

/** Each mission's verdict and its reason, by mission id. */
export async function billingVerdicts(
  db: Db,
  list: readonly VerdictMission[],
  legs: ReadonlyMap<string, readonly CostLeg[]>,
  book: PriceBook,
  now: Date,
  costRules: CostRules = DEFAULT_COST_RULES,
): Promise<Map<string, { verdict: BillingVerdict; reason: string }>> {
  const out = new Map<string, { verdict: BillingVerdict; reason: string }>();
  if (list.length === 0) return out;
  const trips = [...new Set(list.map((m) => m.tripNumber).filter((t): t is string => t !== null))];
  const [rows, [settingsRow]] = await Promise.all([
    trips.length
      ? db
          .select({
            trip: invoices.requesterTripNumber,
            invoiceCount: invoiceCountSql,
            invoicedCents: invoicedCentsSql,
            creditedCount: creditedCountSql,
          })
          .from(invoices)
          .where(inArray(invoices.requesterTripNumber, trips))
          .groupBy(invoices.requesterTripNumber)
      : Promise.resolve([]),
    db.select(settingsColumns).from(billingSettings).where(eq(billingSettings.id, 1)),
  ]);
  const byTrip = new Map(rows.map((r) => [r.trip ?? '', invoicedOf(r)]));
  const rules = rulesOf(settingsOf(settingsRow));
  const today = parisDay(now) as string;
  for (const m of list) {
    const own = legs.get(m.missionId) ?? [];
    const check = checkInvoiced(
      {
        costs: priceRecord(m, own, book, costRules),
        invoiced: (m.tripNumber && byTrip.get(m.tripNumber)) || { count: 0, netCents: 0, credited: 0 },
        departureDay: parisDay(m.departureDateTime),
        today,
      },
      rules,
    );
    const why = check.verdict === 'ECART' ? explainGap(m, own, book, costRules, check, rules) : null;
    out.set(m.missionId, {
      verdict: check.verdict,
      reason: why ? `${check.reason} : ${why.text}` : check.reason,
    });
  }
  return out;
}
