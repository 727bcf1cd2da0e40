// The verdict of the billing check for a page of missions the caller already read and priced with the same
// book (the statistics list's column): one statement for their invoices and the settings.

import { eq, inArray } from 'drizzle-orm';
import type { BillingVerdict } from '../../contract/billing';
import type { Db } from '../db/client';
import { billingSettings, invoices } from '../db/schema';
import { type CostLeg, type CostRules, DEFAULT_COST_RULES, type PriceBook, parisDay } from '../prices';
import { checkMission, type RuleInvoice, rulesOf } from './rules';
import { explainGap, priceMission, settingsOf } from './service';

export interface VerdictMission {
  missionId: string;
  tripNumber: string | null;
  departureDateTime: Date | null;
  aircraftType: 'ND' | 'JET' | 'TURBOPROP';
  isWithOCS: boolean | null;
  numberOfMeals: number | null;
  airportDeIcing: string[];
  airportStatus: string;
  missionStatus: string | null;
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
            invoiceType: invoices.invoiceType,
            netCents: invoices.netCents,
            debitCents: invoices.debitCents,
            creditCents: invoices.creditCents,
          })
          .from(invoices)
          .where(inArray(invoices.requesterTripNumber, trips))
      : Promise.resolve([]),
    db.select().from(billingSettings).where(eq(billingSettings.id, 1)),
  ]);
  const byTrip = new Map<string, RuleInvoice[]>();
  for (const r of rows) {
    const invoice = { invoiceType: r.invoiceType, netCents: r.netCents ?? r.debitCents + r.creditCents };
    const bucket = byTrip.get(r.trip ?? '');
    if (bucket) bucket.push(invoice);
    else byTrip.set(r.trip ?? '', [invoice]);
  }
  const rules = rulesOf(settingsOf(settingsRow));
  const today = parisDay(now) as string;
  for (const m of list) {
    const check = checkMission(
      {
        costs: priceMission(m, [...(legs.get(m.missionId) ?? [])], book, costRules),
        invoices: m.tripNumber ? (byTrip.get(m.tripNumber) ?? []) : [],
        departureDay: parisDay(m.departureDateTime),
        today,
      },
      rules,
    );
    const why =
      check.verdict === 'ECART'
        ? explainGap(m, [...(legs.get(m.missionId) ?? [])], book, costRules, check, rules)
        : null;
    out.set(m.missionId, {
      verdict: check.verdict,
      reason: why ? `${check.reason} : ${why.text}` : check.reason,
    });
  }
  return out;
}
