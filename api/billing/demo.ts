// Demo data for the billing check (npm start on an empty database, after the first Leon sync and the missions'
// demo fields): Leon's simulator invoices every completed trip at a price of its own, since it cannot know
// the fields staff fill in afterwards (meals, OCS, de-icing) that the price tables depend on. This step
// re-prices the demo's invoice rows from the price tables so that every verdict shows: invoices that match
// (two missions in six), one that forgets the de-icing, one billed at the other aircraft type, Leon's own
// amount left (usually an Écart), one credit note that cancels an invoice, and one invoice for an unknown
// trip, one invoiced mission whose aircraft type is not known ('Coût incomplet'). Missions Leon has not
// invoiced yet and invoices without amount give 'En attente' and 'Non facturée'. Deterministic: the n-th
// mission in departure order.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invoices, missionLegs, missions, statistics } from '../db/schema';
import { type CostRules, DEFAULT_COST_RULES, loadPriceBook, parisDay, priceRecord } from '../prices';

const UNKNOWN_TRIP = '99999';

export async function seedDemoBilling(
  db: Db,
  now: Date,
  costRules: CostRules = DEFAULT_COST_RULES,
): Promise<Record<'matched' | 'deIcing' | 'aircraftType' | 'cancelled' | 'incomplete' | 'orphan', number>> {
  const done = { matched: 0, deIcing: 0, aircraftType: 0, cancelled: 0, incomplete: 0, orphan: 0 };
  const book = await loadPriceBook(db);
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
  for (const [n, r] of records.entries()) {
    const trip = r.tripNumber as string;
    const own = await db
      .select({ id: invoices.id, invoiceType: invoices.invoiceType, netCents: invoices.netCents })
      .from(invoices)
      .where(eq(invoices.requesterTripNumber, trip))
      .orderBy(asc(invoices.leonInvoiceNid));
    const main = own.find((i) => i.invoiceType === 'INVOICE' && i.netCents !== null);
    if (!main) continue;
    const legs = await db
      .select({
        adepIcao: missionLegs.adepIcao,
        stdUtc: missionLegs.stdUtc,
        staUtc: missionLegs.staUtc,
        bloffUtc: missionLegs.bloffUtc,
        blonUtc: missionLegs.blonUtc,
        isCnl: missionLegs.isCnl,
      })
      .from(missionLegs)
      .where(eq(missionLegs.missionId, r.missionId))
      .orderBy(asc(missionLegs.position));
    const totalOf = (changed: typeof r): number | null => {
      const costs = priceRecord(changed, legs, book, costRules);
      return costs.totalCost.ok && costs.totalAirportCosts.ok
        ? costs.totalCost.value + costs.totalAirportCosts.value
        : null;
    };
    const variant = n % 6;
    // One invoiced mission whose aircraft type is not known: its cost cannot be computed ('Coût incomplet').
    if (variant === 5 && done.incomplete === 0) {
      await db.update(missions).set({ aircraftType: 'ND' }).where(eq(missions.id, r.missionId));
      done.incomplete++;
      continue;
    }
    let target: number | null = null;
    // The de-icing forgotten where the mission was de-iced, else the other aircraft type billed.
    const forgetDeIcing = (variant === 2 || variant === 3) && r.airportDeIcing.length > 0;
    if (variant <= 1) target = totalOf(r);
    else if (forgetDeIcing) target = totalOf({ ...r, airportDeIcing: [] });
    else if ((variant === 2 || variant === 3) && r.aircraftType !== 'ND')
      target = totalOf({ ...r, aircraftType: r.aircraftType === 'JET' ? 'TURBOPROP' : 'JET' });
    if (target === null) continue;
    // The other documents of the trip (recharge invoices, credit notes) count too: the main invoice
    // takes what is left, so that the sum is the target.
    const others = own
      .filter((i) => i.id !== main.id)
      .reduce((sum, i) => sum + (i.invoiceType === 'CREDIT_NOTE' ? -1 : 1) * (i.netCents ?? 0), 0);
    const net = target - others;
    if (net <= 0) continue;
    await db
      .update(invoices)
      .set({ netCents: net, creditCents: Math.round(net * 1.2), updatedAt: now })
      .where(eq(invoices.id, main.id));
    if (variant <= 1) done.matched++;
    else if (forgetDeIcing) done.deIcing++;
    else done.aircraftType++;
    // The first matching invoice is cancelled by a credit note of the same amount.
    if (variant === 0 && done.cancelled === 0) {
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
      done.cancelled++;
    }
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
