// The billing check's reads (decision 033): a period's missions in the statistics' scope with their legs and
// the invoices Leon linked to their trips, and the period's invoices for no known mission, read in parallel;
// each mission priced by the cost engine and judged by rules.ts on read (decision 010), nothing stored but
// the ADMIN's settings, whose writes are audited.
import { fromZonedTime } from 'date-fns-tz';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  addDays,
  BILLING_VERDICTS,
  type BillingInvoice,
  type BillingListQueryInput,
  type BillingPage,
  type BillingRow,
  type BillingSettings,
  type BillingTotals,
  type BillingVerdict,
} from '../../contract/billing';
import type { Db } from '../db/client';
import { billingSettings, invoices, missionLegs, missions, statistics } from '../db/schema';
import { audit } from '../lib/audit';
import {
  type CostLeg,
  type CostRules,
  computeMissionCosts,
  DEFAULT_COST_RULES,
  type PriceBook,
  parisDay,
  priceBookAt,
  priceBookVersionSql,
} from '../prices';
import {
  type BillingCheck,
  checkMission,
  checkOrphanInvoice,
  type RuleInvoice,
  rulesOf,
  withinTolerance,
} from './rules';

const PARIS = 'Europe/Paris';
const dayStart = (day: string) => fromZonedTime(`${day}T00:00:00`, PARIS);

export interface BillingFilters {
  startDate: string;
  endDate: string;
  hospital?: string;
  verdict?: BillingVerdict;
}

// ---- Settings ----------------------------------------------------------------------------------------

type SettingsRow = typeof billingSettings.$inferSelect;
export const settingsOf = (row: SettingsRow | undefined): BillingSettings =>
  row
    ? {
        tolerancePercent: row.toleranceBasisPoints / 100,
        toleranceEuros: row.toleranceCents / 100,
        unbilledAfterDays: row.unbilledAfterDays,
      }
    : { tolerancePercent: 1, toleranceEuros: 10, unbilledAfterDays: 15 };

export async function readSettings(db: Db): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return settingsOf(row);
}

/** An ADMIN's change of the settings, audited with the values before and after. */
export async function writeSettings(
  db: Db,
  input: BillingSettings,
  actorId: string,
  now: Date,
): Promise<BillingSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(billingSettings).where(eq(billingSettings.id, 1)).for('update');
    const values = {
      toleranceBasisPoints: Math.round(input.tolerancePercent * 100),
      toleranceCents: Math.round(input.toleranceEuros * 100),
      unbilledAfterDays: input.unbilledAfterDays,
      updatedAt: now,
    };
    const [after] = await tx
      .insert(billingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: values })
      .returning();
    await audit(tx, {
      actorId,
      action: 'billing.settings',
      entity: 'billing_settings',
      entityId: null,
      before: settingsOf(before),
      after: settingsOf(after),
      at: now,
    });
    return settingsOf(after);
  });
}

// ---- Reads -------------------------------------------------------------------------------------------

/** The period's records in the statistics' scope (completed, closed, cancelled late), by the copies. */
function recordsWhere(f: BillingFilters): SQL {
  return and(
    eq(statistics.active, true),
    gte(statistics.departureDateTime, dayStart(f.startDate)),
    lt(statistics.departureDateTime, dayStart(addDays(f.endDate, 1))),
    f.hospital ? eq(statistics.buyerName, f.hospital) : undefined,
  )!;
}

type InvoiceRead = {
  id: string;
  invoiceType: string;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  netCents: number | null;
  debitCents: number;
  creditCents: number;
  status: string;
  requesterTripNumber: string | null;
  quoteRequestId: string | null;
  requester: string | null;
};

const invoiceColumns = {
  id: invoices.id,
  invoiceType: invoices.invoiceType,
  invoiceNumber: invoices.invoiceNumber,
  invoiceDate: invoices.invoiceDate,
  netCents: invoices.netCents,
  debitCents: invoices.debitCents,
  creditCents: invoices.creditCents,
  status: invoices.status,
  requesterTripNumber: invoices.requesterTripNumber,
  quoteRequestId: invoices.quoteRequestId,
  requester: invoices.requester,
};

/**
 * What the period's check reads, all at once: its records, their legs, their invoices, the period's
 * invoices for no mission, and the price book's version with the settings. The benchmark runs this alone
 * as the bare side.
 */
export async function readPeriodRows(db: Db, f: BillingFilters) {
  const where = recordsWhere(f);
  const tripsOfPeriod = db
    .select({ tripNumber: missions.tripNumber })
    .from(statistics)
    .innerJoin(missions, eq(missions.id, statistics.missionId))
    .where(where);
  const [records, legs, linked, orphans, [meta]] = await Promise.all([
    db
      .select({
        missionId: statistics.missionId,
        tripNumber: missions.tripNumber,
        buyerName: statistics.buyerName,
        missionStatus: statistics.missionStatus,
        airportStatus: statistics.airportStatus,
        departureDateTime: statistics.departureDateTime,
        aircraftType: missions.aircraftType,
        isWithOCS: missions.isWithOCS,
        numberOfMeals: missions.numberOfMeals,
        airportDeIcing: missions.airportDeIcing,
      })
      .from(statistics)
      .innerJoin(missions, eq(missions.id, statistics.missionId))
      .where(where)
      .orderBy(sql`${statistics.departureDateTime} desc nulls last`, sql`${statistics.missionId} desc`),
    db
      .select({
        missionId: missionLegs.missionId,
        isCnl: missionLegs.isCnl,
        stdUtc: missionLegs.stdUtc,
        staUtc: missionLegs.staUtc,
        bloffUtc: missionLegs.bloffUtc,
        blonUtc: missionLegs.blonUtc,
        adepIcao: missionLegs.adepIcao,
      })
      .from(missionLegs)
      .where(
        inArray(missionLegs.missionId, db.select({ id: statistics.missionId }).from(statistics).where(where)),
      )
      .orderBy(asc(missionLegs.missionId), asc(missionLegs.position)),
    db
      .select(invoiceColumns)
      .from(invoices)
      .where(inArray(invoices.requesterTripNumber, tripsOfPeriod))
      .orderBy(asc(invoices.invoiceDate), asc(invoices.leonInvoiceNid)),
    // Issued in the period for no live mission (no trip number, or one the back-office does not know).
    db
      .select(invoiceColumns)
      .from(invoices)
      .where(
        and(
          gte(invoices.invoiceDate, f.startDate),
          sql`${invoices.invoiceDate} <= ${f.endDate}`,
          f.hospital ? eq(invoices.requester, f.hospital) : undefined,
          // One look-up of its trip number per invoice (the unique index), not an anti-join that scans
          // every mission (EXPLAIN on the bench's data: 59 ms against a few).
          sql`(select ${missions.id} from ${missions} where ${missions.tripNumber} = ${invoices.requesterTripNumber} and ${missions.deletedAt} is null limit 1) is null`,
        ),
      )
      .orderBy(asc(invoices.invoiceDate), asc(invoices.leonInvoiceNid)),
    db
      .select({
        prices: priceBookVersionSql,
        toleranceBasisPoints: billingSettings.toleranceBasisPoints,
        toleranceCents: billingSettings.toleranceCents,
        unbilledAfterDays: billingSettings.unbilledAfterDays,
      })
      .from(billingSettings)
      .where(eq(billingSettings.id, 1)),
  ]);
  return { records, legs, linked, orphans, meta };
}

/** readPeriodRows, with the price book of its version and the settings. */
async function readPeriod(db: Db, f: BillingFilters) {
  const { records, legs, linked, orphans, meta } = await readPeriodRows(db, f);
  const book = await priceBookAt(db, meta?.prices ?? (await versionAlone(db)));
  const settings = meta ? settingsOf({ id: 1, updatedAt: new Date(), ...meta }) : settingsOf(undefined);
  return { records, legs, linked, orphans, book, settings };
}

async function versionAlone(db: Db): Promise<string> {
  const rows = (await db.execute(sql`select ${priceBookVersionSql} as prices`)) as unknown as {
    rows: Array<{ prices: string }>;
  };
  return rows.rows[0]?.prices ?? '0';
}

/** The invoice's net amount as the rules take it: the stored net, else the gross of its side. */
const ruleInvoice = (i: InvoiceRead): RuleInvoice => ({
  invoiceType: i.invoiceType,
  netCents: i.netCents ?? i.creditCents + i.debitCents,
});

const wireInvoice = (i: InvoiceRead): BillingInvoice => {
  const rule = ruleInvoice(i);
  return {
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    invoiceType: i.invoiceType,
    invoiceDate: i.invoiceDate,
    net: (i.invoiceType === 'CREDIT_NOTE' ? -rule.netCents : rule.netCents) / 100,
    status: i.status,
  };
};

const toEuros = (cents: number | null) => (cents === null ? null : cents / 100);

/**
 * A checked row: its verdict and figures in cents, for the filter and the totals, and the row on the wire,
 * made only for the rows shown (a page, the export): its breakdown and `explainGap` are not free.
 */
export interface CheckedRow {
  check: BillingCheck;
  row: () => BillingRow;
}

function wireRow(
  base: Omit<
    BillingRow,
    | 'invoiced'
    | 'computed'
    | 'difference'
    | 'differencePercent'
    | 'verdict'
    | 'reason'
    | 'costLines'
    | 'suspectLine'
  >,
  check: BillingCheck,
  suspectLine: string | null = null,
): BillingRow {
  return {
    ...base,
    invoiced: check.invoicedCents / 100,
    computed: toEuros(check.computedCents),
    difference: toEuros(check.differenceCents),
    differencePercent: check.differencePercent,
    verdict: check.verdict,
    reason: check.reason,
    costLines: check.costLines.map((l) => ({
      key: l.key,
      label: l.label,
      computed: toEuros(l.cents),
      missing: l.missing,
    })),
    suspectLine,
  };
}

/**
 * Which cost line a gap comes from, when one change of the mission makes the computed total what Leon
 * invoiced (within the tolerance): a de-icing billed or forgotten, the other aircraft type, OCS, the meals.
 * Leon gives no invoice lines, so this is how the accountant sees which line differs.
 */
export function explainGap(
  r: MissionRead,
  legs: CostLeg[],
  book: PriceBook,
  costRules: CostRules,
  check: BillingCheck,
  rules: ReturnType<typeof rulesOf>,
): { key: string; text: string } | null {
  const totalOf = (changed: MissionRead): number | null => {
    const costs = priceMission(changed, legs, book, costRules);
    return costs.totalCost.ok && costs.totalAirportCosts.ok
      ? costs.totalCost.value + costs.totalAirportCosts.value
      : null;
  };
  const matches = (changed: MissionRead) => {
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

/** Every row of the period (missions newest first, then the invoices for no mission), checked. */
export async function checkPeriod(
  db: Db,
  f: BillingFilters,
  now: Date,
  costRules: CostRules = DEFAULT_COST_RULES,
): Promise<{ rows: CheckedRow[]; settings: BillingSettings }> {
  const { records, legs, linked, orphans, book, settings } = await readPeriod(db, f);
  const rules = rulesOf(settings);
  const today = parisDay(now) as string;
  const legsBy = groupBy(legs, (l) => l.missionId);
  const invoicesBy = groupBy(linked, (i) => i.requesterTripNumber ?? '');
  const rows: CheckedRow[] = [];
  for (const r of records) {
    const own = r.tripNumber ? (invoicesBy.get(r.tripNumber) ?? []) : [];
    const costs = priceMission(r, legsBy.get(r.missionId) ?? [], book, costRules);
    const departureDay = parisDay(r.departureDateTime);
    const check = checkMission({ costs, invoices: own.map(ruleInvoice), departureDay, today }, rules);
    const row = () => {
      const why =
        check.verdict === 'ECART'
          ? explainGap(r, legsBy.get(r.missionId) ?? [], book, costRules, check, rules)
          : null;
      return wireRow(
        {
          id: r.missionId,
          missionId: r.missionId,
          tripNumber: r.tripNumber,
          hospital: r.buyerName,
          day: departureDay,
          missionStatus: r.missionStatus,
          invoices: own.map(wireInvoice),
        },
        why ? { ...check, reason: `${check.reason} : ${why.text}` } : check,
        why?.key ?? null,
      );
    };
    rows.push({ check, row });
  }
  for (const i of orphans) {
    const check = checkOrphanInvoice(ruleInvoice(i), i.requesterTripNumber);
    const row = () =>
      wireRow(
        {
          id: i.id,
          missionId: null,
          tripNumber: i.requesterTripNumber ?? i.quoteRequestId,
          hospital: i.requester,
          day: i.invoiceDate,
          missionStatus: null,
          invoices: [wireInvoice(i)],
        },
        check,
      );
    rows.push({ check, row });
  }
  return { rows, settings };
}

type MissionRead = {
  departureDateTime: Date | null;
  aircraftType: 'ND' | 'JET' | 'TURBOPROP';
  isWithOCS: boolean | null;
  numberOfMeals: number | null;
  airportDeIcing: string[];
  airportStatus: string;
  missionStatus: string | null;
};

export function priceMission(r: MissionRead, legs: CostLeg[], book: PriceBook, costRules: CostRules) {
  return computeMissionCosts(
    {
      departureDateTime: r.departureDateTime,
      aircraftType: r.aircraftType,
      isWithOCS: r.isWithOCS,
      numberOfMeals: r.numberOfMeals,
      airportDeIcing: r.airportDeIcing,
      airportStatus: r.airportStatus,
      lateCancellation: r.missionStatus === 'ANNULEE_45_MOINS',
      legs,
    },
    book,
    costRules,
  );
}

function groupBy<T>(list: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const bucket = out.get(k);
    if (bucket) bucket.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** The totals of the rows shown, and how many rows of each verdict the period holds. */
export function totalsOf(all: readonly CheckedRow[], shown: readonly CheckedRow[]): BillingTotals {
  const counts = Object.fromEntries(BILLING_VERDICTS.map((v) => [v, 0])) as Record<BillingVerdict, number>;
  for (const { check } of all) counts[check.verdict]++;
  let invoiced = 0;
  let computed = 0;
  let difference = 0;
  for (const { check } of shown) {
    invoiced += check.invoicedCents;
    if (check.computedCents !== null) computed += check.computedCents;
    if (check.differenceCents !== null) difference += check.differenceCents;
  }
  return { invoiced: invoiced / 100, computed: computed / 100, difference: difference / 100, counts };
}

/** A page of the check, with the totals of the filtered rows and the counts per verdict. */
export async function listChecks(
  db: Db,
  q: BillingListQueryInput & { startDate: string; endDate: string },
  page: { pageSize: number; offset: number },
  now: Date,
  costRules?: CostRules,
): Promise<BillingPage> {
  const { rows } = await checkPeriod(db, q, now, costRules);
  const shown = q.verdict ? rows.filter((r) => r.check.verdict === q.verdict) : rows;
  return {
    rows: shown.slice(page.offset, page.offset + page.pageSize).map((r) => r.row()),
    total: shown.length,
    pageCount: Math.ceil(shown.length / page.pageSize),
    totals: totalsOf(rows, shown),
  };
}
