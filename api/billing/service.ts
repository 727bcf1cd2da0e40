// The billing check's reads (decision 033): a period's missions in the statistics' scope, each with the
// invoices Leon linked to its trip summed once, their legs, and the period's invoices for no known mission,
// read in parallel; each mission priced by the cost engine and judged by rules.ts on read (decision 010).
// Only the rows shown (a page, the export) read their invoices one by one, for the breakdown.
import { fromZonedTime } from 'date-fns-tz';
import { type AnyColumn, and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
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
import { type Db, rowsOf, withoutParallelWorkers } from '../db/client';
import { billingSettings, invoices, missionLegs, missions, statistics } from '../db/schema';
import {
  type CostLeg,
  type CostRules,
  costLegColumns,
  DEFAULT_COST_RULES,
  type MissionCosts,
  type PriceBook,
  parisDay,
  priceBookAt,
  priceBookVersionSql,
  priceRecord,
} from '../prices';
import {
  type BillingCheck,
  type BillingJudgement,
  type BillingRules,
  checkInvoiced,
  checkOrphanInvoice,
  judgeInvoiced,
  type RuleInvoice,
  rulesOf,
} from './rules';
import { settingsColumns, settingsOf } from './settings';
import {
  creditedCountSql,
  explainGap,
  invoiceCountSql,
  invoicedCentsSql,
  invoicedOf,
  type VerdictMission,
} from './verdicts';

const PARIS = 'Europe/Paris';
const dayStart = (day: string) => fromZonedTime(`${day}T00:00:00`, PARIS);

export interface BillingFilters {
  startDate: string;
  endDate: string;
  hospital?: string;
  verdict?: BillingVerdict;
  /** Several hospitals (the dashboard's filter): the record's, or an invoice's requester, one of them. */
  hospitals?: readonly string[];
  /** A further condition on the records (the statistics a user may see), when the caller is not staff. */
  scope?: SQL;
  /** false: the invoices for no mission are neither read nor checked (a caller that only prices). */
  orphans?: boolean;
}

// ---- Reads -------------------------------------------------------------------------------------------

/** The period's records in the statistics' scope (completed, closed, cancelled late), by the copies. */
function recordsWhere(f: BillingFilters): SQL {
  return and(
    eq(statistics.active, true),
    gte(statistics.departureDateTime, dayStart(f.startDate)),
    lt(statistics.departureDateTime, dayStart(addDays(f.endDate, 1))),
    f.hospital ? eq(statistics.buyerName, f.hospital) : undefined,
    f.hospitals?.length ? inArray(statistics.buyerName, [...f.hospitals]) : undefined,
    f.scope,
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

const invoiceOrder = [asc(invoices.invoiceDate), asc(invoices.leonInvoiceNid)];

/** Milliseconds since the epoch, a number on both drivers: the cost engine takes it as it is. */
const epochMsSql = (column: AnyColumn) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** The rows of a statement run as it is written (no mapping of each field: a period is thousands of rows). */
type PeriodRecord = Omit<VerdictMission, 'departureDateTime'> & {
  buyerName: string | null;
  /** Epoch milliseconds. */
  departureDateTime: number | null;
  invoiceCount: number;
  invoicedCents: number;
  creditedCount: number;
};

/**
 * The period's records, one row each: the record's copies (decision 025), its mission's pricing fields and
 * its invoices' count and net sum (one aggregate per trip, from the covering index of migration 0019).
 * The mission and the invoices are looked up per record, in laterals: the mission's is kept from being
 * flattened into a join (`offset 0`), which the planner would answer with a hash join over a sequential scan
 * of every mission — for a month, 1,600 records against 100,000 missions (decision 033).
 */
function periodRecords(db: Db, where: SQL): Promise<PeriodRecord[]> {
  return rowsOf(
    db,
    sql`select ${statistics.missionId} as "missionId", mission.trip_number as "tripNumber",
      ${statistics.buyerName} as "buyerName", ${statistics.missionStatus} as "missionStatus",
      ${statistics.airportStatus} as "airportStatus",
      ${epochMsSql(statistics.departureDateTime)} as "departureDateTime",
      mission.aircraft_type as "aircraftType", mission.is_with_ocs as "isWithOCS",
      mission.number_of_meals as "numberOfMeals", mission.airport_de_icing as "airportDeIcing",
      billed.invoice_count as "invoiceCount", billed.invoiced_cents as "invoicedCents",
      billed.credited_count as "creditedCount"
    from ${statistics}
    cross join lateral (
      select ${missions.tripNumber}, ${missions.aircraftType}, ${missions.isWithOCS}, ${missions.numberOfMeals},
        ${missions.airportDeIcing}
      from ${missions} where ${missions.id} = ${statistics.missionId} offset 0) as mission
    cross join lateral (
      select ${invoiceCountSql} as invoice_count, ${invoicedCentsSql} as invoiced_cents,
        ${creditedCountSql} as credited_count
      from ${invoices} where ${invoices.requesterTripNumber} = mission.trip_number) as billed
    where ${where}
    order by ${statistics.departureDateTime} desc nulls last, ${statistics.missionId} desc`,
  );
}

/** The leg columns the cost engine reads, its instants in epoch milliseconds. */
const legSelect = sql.join(
  Object.entries(costLegColumns).map(
    ([key, column]) =>
      sql`${column.dataType === 'date' ? epochMsSql(column) : column} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);

/** The period's records' legs, looked up per record as their missions are (periodRecords). */
function periodLegs(db: Db, where: SQL): Promise<Array<CostLeg & { missionId: string }>> {
  return rowsOf(
    db,
    sql`select ${statistics.missionId} as "missionId", leg.*
    from ${statistics}
    cross join lateral (
      select ${legSelect}, ${missionLegs.position} as leg_position
      from ${missionLegs} where ${missionLegs.missionId} = ${statistics.missionId} offset 0) as leg
    where ${where}
    order by ${statistics.missionId}, leg.leg_position`,
  );
}

/**
 * What the period's check reads, all at once: its records with their invoices summed, their legs, the
 * period's invoices for no mission, and the price book's version with the settings. The benchmark runs
 * this alone (then `invoicesOfTrips` for a page) as the bare side.
 */
export async function readPeriodRows(db: Db, f: BillingFilters) {
  const where = recordsWhere(f);
  const [records, legs, orphans, [meta]] = await Promise.all([
    periodRecords(db, where),
    periodLegs(db, where),
    // Issued in the period for no live mission (no trip number, or one the back-office does not know).
    // Without parallel workers: the planner splits the look-ups of a month's thousands of invoices, and
    // starting the worker costs more than the split saves (withoutParallelWorkers).
    f.orphans === false
      ? Promise.resolve([])
      : withoutParallelWorkers(db, (tx) =>
          tx
            .select(invoiceColumns)
            .from(invoices)
            .where(
              and(
                gte(invoices.invoiceDate, f.startDate),
                sql`${invoices.invoiceDate} <= ${f.endDate}`,
                f.hospital ? eq(invoices.requester, f.hospital) : undefined,
                f.hospitals?.length ? inArray(invoices.requester, [...f.hospitals]) : undefined,
                // One look-up of its trip number per invoice (index-only on `missions_live_trip`, migration
                // 0019), not an anti-join that scans every mission.
                sql`not exists (select 1 from ${missions} where ${missions.tripNumber} = ${invoices.requesterTripNumber} and ${missions.deletedAt} is null)`,
              ),
            )
            .orderBy(...invoiceOrder),
        ),
    db
      .select({ prices: priceBookVersionSql, ...settingsColumns })
      .from(billingSettings)
      .where(eq(billingSettings.id, 1)),
  ]);
  return { records, legs, orphans, meta };
}

/** The invoices and credit notes Leon linked to these trips, oldest first: the breakdown of the rows shown. */
export function invoicesOfTrips(db: Db, trips: readonly string[]): Promise<InvoiceRead[]> {
  if (trips.length === 0) return Promise.resolve([]);
  return db
    .select(invoiceColumns)
    .from(invoices)
    .where(inArray(invoices.requesterTripNumber, [...trips]))
    .orderBy(...invoiceOrder);
}

/** readPeriodRows, with the price book of its version and the settings. */
async function readPeriod(db: Db, f: BillingFilters) {
  const { records, legs, orphans, meta } = await readPeriodRows(db, f);
  const book = await priceBookAt(db, meta?.prices ?? (await versionAlone(db)));
  return { records, legs, orphans, book, settings: settingsOf(meta) };
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
 * made only for the rows shown (`wireRows`): its invoices one by one, its cost lines, the reason of its
 * verdict and `explainGap` are not free.
 */
export interface CheckedRow {
  check: BillingJudgement;
  /** The Paris day of the row: the mission's departure, or the invoice's day. */
  day: string | null;
  /** A mission's costs as the cost engine gives them (cents), and its hospital; null for an invoice alone. */
  priced: { costs: MissionCosts; hospital: string | null } | null;
  /** The trip whose invoices the row lists (a mission with at least one), read by `wireRows`. */
  linkedTrip: string | null;
  row: (linked: readonly InvoiceRead[]) => BillingRow;
}

/** The rows shown, on the wire: one statement for their missions' invoices, then each row's breakdown. */
export async function wireRows(db: Db, rows: readonly CheckedRow[]): Promise<BillingRow[]> {
  const trips = [...new Set(rows.map((r) => r.linkedTrip).filter((t): t is string => t !== null))];
  const byTrip = groupBy(await invoicesOfTrips(db, trips), (i) => i.requesterTripNumber ?? '');
  return rows.map((r) => r.row(r.linkedTrip ? (byTrip.get(r.linkedTrip) ?? []) : []));
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

/** Every row of the period (missions newest first, then the invoices for no mission), checked. */
export async function checkPeriod(
  db: Db,
  f: BillingFilters,
  now: Date,
  costRules: CostRules = DEFAULT_COST_RULES,
): Promise<{ rows: CheckedRow[]; settings: BillingSettings }> {
  const { records, legs, orphans, book, settings } = await readPeriod(db, f);
  const rules = rulesOf(settings);
  const today = parisDay(now) as string;
  const legsBy = groupBy(legs, (l) => l.missionId);
  const rows: CheckedRow[] = [];
  for (const r of records) {
    const own = legsBy.get(r.missionId) ?? [];
    const costs = priceRecord(r, own, book, costRules);
    const departureDay = parisDay(r.departureDateTime);
    const invoiced = invoicedOf(r);
    const input = { costs, invoiced, departureDay, today };
    rows.push({
      check: judgeInvoiced(input, rules),
      day: departureDay,
      priced: { costs, hospital: r.buyerName },
      linkedTrip: invoiced.count > 0 ? r.tripNumber : null,
      row: recordRow(r, own, input, { book, costRules, rules }),
    });
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
    rows.push({ check, day: i.invoiceDate, priced: null, linkedTrip: null, row });
  }
  return { rows, settings };
}

/**
 * How a record's row is made when it is shown: described (`checkInvoiced`), its gap explained, its
 * invoices listed. Made by a module function rather than a closure written in `checkPeriod`'s loop, which
 * tsx would wrap in a naming helper once per record of the period.
 */
function recordRow(
  r: PeriodRecord,
  own: readonly CostLeg[],
  input: Parameters<typeof checkInvoiced>[0],
  { book, costRules, rules }: { book: PriceBook; costRules: CostRules; rules: BillingRules },
): CheckedRow['row'] {
  return (linked) => {
    const check = checkInvoiced(input, rules);
    const why = check.verdict === 'ECART' ? explainGap(r, own, book, costRules, check, rules) : null;
    return wireRow(
      {
        id: r.missionId,
        missionId: r.missionId,
        tripNumber: r.tripNumber,
        hospital: r.buyerName,
        day: input.departureDay,
        missionStatus: r.missionStatus,
        invoices: linked.map(wireInvoice),
      },
      why ? { ...check, reason: `${check.reason} : ${why.text}` } : check,
      why?.key ?? null,
    );
  };
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

/**
 * The totals of the rows shown, and how many rows of each verdict the period holds. Invoiced, computed and
 * difference add up over the rows whose cost is computed (difference = invoiced − computed, exactly); what
 * the others invoiced (invoices for no mission, incomplete costs) is apart, `uncompared` (decision 063).
 */
export function totalsOf(all: readonly CheckedRow[], shown: readonly CheckedRow[]): BillingTotals {
  const counts = Object.fromEntries(BILLING_VERDICTS.map((v) => [v, 0])) as Record<BillingVerdict, number>;
  for (const { check } of all) counts[check.verdict]++;
  let invoiced = 0;
  let computed = 0;
  let difference = 0;
  let uncompared = 0;
  for (const { check } of shown) {
    if (check.computedCents === null || check.differenceCents === null) {
      uncompared += check.invoicedCents;
      continue;
    }
    invoiced += check.invoicedCents;
    computed += check.computedCents;
    difference += check.differenceCents;
  }
  return {
    invoiced: invoiced / 100,
    computed: computed / 100,
    difference: difference / 100,
    uncompared: uncompared / 100,
    counts,
  };
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
    rows: await wireRows(db, shown.slice(page.offset, page.offset + page.pageSize)),
    total: shown.length,
    pageCount: Math.ceil(shown.length / page.pageSize),
    totals: totalsOf(rows, shown),
  };
}
