// Demo data for the billing check (npm start on an empty database, after the first Leon sync and the missions'
// demo fields): Leon's simulator invoices every completed trip at a price of its own, since it cannot know
// the fields staff fill in afterwards (meals, OCS, de-icing) that the price tables depend on. Left as they
// are, most missions would read 'Écart', some by −98 %, with no cause to show (issue 54). This step
// re-prices the demo's invoices from the price tables, as an operator who bills by them would: most
// missions are invoiced at their computed cost, a few at the ten euros below (within the tolerance), and a
// few gaps of the kinds the breakdown names — a de-icing forgotten, the other aircraft type, OCS the other
// way —, each made only where `explainGap` names that cause. One credit note cancels an invoice, one
// invoiced mission loses its aircraft type ('Coût incomplet'), one invoice names an unknown trip. Missions
// Leon has not invoiced yet, and invoices without amount, give 'En attente' and 'Non facturée'.
// Deterministic: the missions in departure order, ranked among those invoiced with a computable cost.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { billingSettings, invoices, missionLegs, missions, statistics } from '../db/schema';
import {
  type CostRules,
  costLegColumns,
  DEFAULT_COST_RULES,
  loadPriceBook,
  parisDay,
  priceRecord,
} from '../prices';
import { checkInvoiced, computedCentsOf, rulesOf } from './rules';
import { settingsColumns, settingsOf } from './settings';
import { explainGap, type VerdictMission } from './verdicts';

const UNKNOWN_TRIP = '99999';

/** The gaps the demo shows, in this order, and the explanation `explainGap` must give each. */
const GAPS = [
  {
    kind: 'deIcing',
    // The de-icing of the first de-iced airport left off the invoice.
    change: (r: Priced) =>
      r.airportDeIcing.length > 0 ? { ...r, airportDeIcing: r.airportDeIcing.slice(1) } : null,
    explained: (text: string, r: Priced) =>
      text === `le dégivrage de ${r.airportDeIcing[0]?.toUpperCase()} n'est pas facturé`,
  },
  {
    kind: 'aircraftType',
    change: (r: Priced) =>
      r.aircraftType === 'ND'
        ? null
        : { ...r, aircraftType: r.aircraftType === 'JET' ? ('TURBOPROP' as const) : ('JET' as const) },
    explained: (text: string) => text.startsWith('le vol est facturé au tarif '),
  },
  {
    kind: 'ocs',
    change: (r: Priced) => (r.isWithOCS === null ? null : { ...r, isWithOCS: !r.isWithOCS }),
    explained: (text: string) => /^le vol est facturé (sans|avec) OCS$/.test(text),
  },
] as const;

type Priced = Omit<VerdictMission, 'missionId' | 'tripNumber'>;
type GapKind = (typeof GAPS)[number]['kind'];

/** The rank (among the missions invoiced with a computable cost) from which the n-th gap is made. */
const gapFrom = (n: number) => 3 + 8 * n;
/** The rank from which a mission invoiced at its cost may lose its aircraft type ('Coût incomplet'). */
const INCOMPLETE_RANK = 6;
/** One mission in six is billed at the ten euros below its cost: a gap within the tolerance. */
const roundedDown = (rank: number) => rank % 6 === 2;

export type DemoBillingResult = Record<
  'matched' | 'rounded' | GapKind | 'cancelled' | 'incomplete' | 'orphan' | 'withoutAmount',
  number
>;

export async function seedDemoBilling(
  db: Db,
  now: Date,
  costRules: CostRules = DEFAULT_COST_RULES,
): Promise<DemoBillingResult> {
  const done: DemoBillingResult = {
    matched: 0,
    rounded: 0,
    deIcing: 0,
    aircraftType: 0,
    ocs: 0,
    cancelled: 0,
    incomplete: 0,
    orphan: 0,
    withoutAmount: 0,
  };
  const book = await loadPriceBook(db);
  const [settingsRow] = await db
    .select(settingsColumns)
    .from(billingSettings)
    .where(eq(billingSettings.id, 1));
  const rules = rulesOf(settingsOf(settingsRow));
  const today = parisDay(now) as string;
  const records = await db
    .select({
      missionId: statistics.missionId,
      tripNumber: missions.tripNumber,
      departureDateTime: missions.departureDateTime,
      aircraftType: missions.aircraftType,
      isWithOCS: missions.isWithOCS,
      numberOfMeals: missions.numberOfMeals,
      airportDeIcing: missions.airportDeIcing,
      airportStatus: statistics.airportStatus,
      missionStatus: statistics.missionStatus,
    })
    .from(statistics)
    .innerJoin(missions, eq(missions.id, statistics.missionId))
    .where(and(eq(statistics.active, true), sql`${missions.tripNumber} is not null`))
    .orderBy(asc(missions.departureDateTime), asc(missions.id));
  let nid = 990_001;
  let rank = 0;
  let gapsMade = 0;
  for (const r of records) {
    const trip = r.tripNumber as string;
    const own = await db
      .select({ id: invoices.id, invoiceType: invoices.invoiceType, netCents: invoices.netCents })
      .from(invoices)
      .where(eq(invoices.requesterTripNumber, trip))
      .orderBy(asc(invoices.leonInvoiceNid));
    const main = own.find((i) => i.invoiceType === 'INVOICE' && i.netCents !== null);
    if (!main) {
      // Leon's invoice came without its amount (an ERROR row until it is fixed in Leon): nothing counts as
      // invoiced ('Aucun montant facturé'). A recharge invoice of the same trip would be all that is
      // counted, a gap of 98 % no line explains: the demo leaves it out.
      const rest = own.filter((i) => i.invoiceType !== 'INVOICE' && (i.netCents ?? 0) !== 0);
      if (rest.length > 0 && own.some((i) => i.invoiceType === 'INVOICE')) {
        await db.delete(invoices).where(
          inArray(
            invoices.id,
            rest.map((i) => i.id),
          ),
        );
        done.withoutAmount++;
      }
      continue;
    }
    const legs = await db
      .select(costLegColumns)
      .from(missionLegs)
      .where(eq(missionLegs.missionId, r.missionId))
      .orderBy(asc(missionLegs.position));
    const costOf = (changed: Priced) => computedCentsOf(priceRecord(changed, legs, book, costRules));
    const cost = costOf(r);
    // A cost the tables cannot give ('Coût incomplet' whatever was invoiced): Leon's amount stays.
    if (cost === null) continue;

    // What the trip's documents come to: the cost, or a gap of the kind due.
    let target = cost;
    let kind: keyof DemoBillingResult = 'matched';
    const gap = GAPS[gapsMade];
    if (gap && rank >= gapFrom(gapsMade)) {
      const changed = gap.change(r);
      const billed = changed && costOf(changed);
      if (billed !== null && billed > 0) {
        // Made only where the check calls it an Écart and names this cause.
        const check = checkInvoiced(
          {
            costs: priceRecord(r, legs, book, costRules),
            invoiced: { count: 1, netCents: billed, credited: 0 },
            departureDay: parisDay(r.departureDateTime),
            today,
          },
          rules,
        );
        const why = check.verdict === 'ECART' ? explainGap(r, legs, book, costRules, check, rules) : null;
        if (why && gap.explained(why.text, r)) {
          target = billed;
          kind = gap.kind;
          gapsMade++;
        }
      }
    }
    if (kind === 'matched' && roundedDown(rank)) {
      target = Math.floor(cost / 1_000) * 1_000;
      kind = 'rounded';
    }
    // The other documents of the trip (recharge invoices, credit notes) count too: the main invoice
    // takes what is left, so that the sum is the target.
    const others = own
      .filter((i) => i.id !== main.id)
      .reduce((sum, i) => sum + (i.invoiceType === 'CREDIT_NOTE' ? -1 : 1) * (i.netCents ?? 0), 0);
    const net = target - others;
    // Never met with the simulator's fees (a few hundred euros against a cost of thousands).
    if (net <= 0) continue;
    // Of the missions invoiced at their cost, the first one invoiced by one invoice alone is cancelled by a
    // credit note of the same amount, and one (from INCOMPLETE_RANK on) then loses its aircraft type.
    if (kind === 'matched' && done.cancelled === 0 && own.length === 1) kind = 'cancelled';
    else if (kind === 'matched' && done.incomplete === 0 && rank >= INCOMPLETE_RANK) kind = 'incomplete';
    await db
      .update(invoices)
      .set({ netCents: net, creditCents: Math.round(net * 1.2), updatedAt: now })
      .where(eq(invoices.id, main.id));
    if (kind === 'incomplete')
      await db.update(missions).set({ aircraftType: 'ND' }).where(eq(missions.id, r.missionId));
    if (kind === 'cancelled')
      await db.insert(invoices).values({
        leonInvoiceNid: nid++,
        status: 'PENDING',
        invoiceType: 'CREDIT_NOTE',
        invoiceDate: parisDay(now),
        invoiceNumber: `AV-DEMO-${trip}`,
        requesterTripNumber: trip,
        netCents: net,
        debitCents: Math.round(net * 1.2),
        creditCents: 0,
        type: 'AV',
        createdAt: now,
        updatedAt: now,
      });
    done[kind]++;
    rank++;
  }
  // An invoice for a trip the back-office does not know.
  const [existing] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(inArray(invoices.requesterTripNumber, [UNKNOWN_TRIP]));
  if (!existing) {
    await db.insert(invoices).values({
      leonInvoiceNid: nid++,
      status: 'PENDING',
      invoiceType: 'INVOICE',
      invoiceDate: parisDay(new Date(now.getTime() - 3 * 86_400_000)),
      invoiceNumber: `FA-DEMO-${UNKNOWN_TRIP}`,
      requesterTripNumber: UNKNOWN_TRIP,
      requester: 'CHU de Bordeaux – Hôpital Pellegrin',
      netCents: 480_000,
      creditCents: 576_000,
      type: 'FA',
      createdAt: now,
      updatedAt: now,
    });
    done.orphan++;
  }
  return done;
}
