// The five price tables described once each (columns ↔ wire rows, overlap scope, search, order), and
// the list, create and edit shared by all of them. Amounts are cents in the database, euros on the wire.
import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../../contract/http';
import {
  type CreateAirportCostInput,
  type CreateFlightUnitCostInput,
  type CreateMarketNumberInput,
  type CreateSinglePriceInput,
  isPriceId,
  overlapMessage,
  PRICE_MESSAGES,
  type PriceRows,
  type PriceTable,
  toCents,
  toEuros,
} from '../../contract/prices';
import type { Db } from '../db/client';
import {
  airportCosts,
  flightUnitCosts,
  marketNumbers,
  passengerMealCosts,
  regulationCosts,
} from '../db/schema';
import { audit } from '../lib/audit';
import { fail } from '../lib/errors';
import { containsPattern } from '../lib/paging';
import { createPriceBook, type PriceBook } from './cost-engine';

type PeriodTable = PgTable & { id: PgColumn; fromDate: PgColumn; toDate: PgColumn };

/** How one price table is stored and shown. `Input` is its create body (an edit body adds the id). */
export interface PriceTableDef<Name extends PriceTable, Input, Table extends PeriodTable = PeriodTable> {
  name: Name;
  table: Table;
  toRow(record: Table['$inferSelect']): PriceRows[Name];
  toValues(input: Input): Omit<Table['$inferInsert'], 'id'>;
  /** Rows that may not share a day with `values` besides the period itself (airports: the same ICAO). */
  scope?(values: Omit<Table['$inferInsert'], 'id'>): SQL;
  /** The list search (`pattern` matches literally anywhere). */
  search?(pattern: string): SQL | undefined;
  orderBy: SQL[] | PgColumn[];
}

const define = <Name extends PriceTable, Input, Table extends PeriodTable>(
  def: PriceTableDef<Name, Input, Table>,
) => def;

/** Newest period first, then a stable order. */
const newestFirst = (t: PeriodTable) => [desc(t.fromDate), desc(t.id)];

/** A table of one price per period (passengers' meals, regulation). */
const singlePrice = <Name extends 'passengerMealCost' | 'regulationCost'>(
  name: Name,
  table: typeof passengerMealCosts | typeof regulationCosts,
) =>
  define({
    name,
    table,
    toRow: (r) => ({ id: r.id, fromDate: r.fromDate, toDate: r.toDate, price: toEuros(r.priceCents) }),
    toValues: (i: CreateSinglePriceInput) => ({
      fromDate: i.fromDate,
      toDate: i.toDate,
      priceCents: toCents(i.price),
    }),
    orderBy: newestFirst(table),
  });

export const PRICE_TABLE_DEFS = {
  airportCost: define({
    name: 'airportCost',
    table: airportCosts,
    toRow: (r) => ({
      id: r.id,
      fromDate: r.fromDate,
      toDate: r.toDate,
      icaoCode: r.icaoCode,
      airportName: r.airportName,
      priceWithDeIcing: toEuros(r.priceWithDeIcingCents),
      priceWithoutDeIcing: toEuros(r.priceWithoutDeIcingCents),
    }),
    toValues: (i: CreateAirportCostInput) => ({
      fromDate: i.fromDate,
      toDate: i.toDate,
      icaoCode: i.icaoCode,
      airportName: i.airportName,
      priceWithDeIcingCents: toCents(i.priceWithDeIcing),
      priceWithoutDeIcingCents: toCents(i.priceWithoutDeIcing),
    }),
    scope: (v) => eq(airportCosts.icaoCode, v.icaoCode),
    search: (pattern) => or(ilike(airportCosts.icaoCode, pattern), ilike(airportCosts.airportName, pattern)),
    orderBy: [desc(airportCosts.fromDate), asc(airportCosts.icaoCode), desc(airportCosts.id)],
  }),
  flightUnitCost: define({
    name: 'flightUnitCost',
    table: flightUnitCosts,
    toRow: (r) => ({
      id: r.id,
      fromDate: r.fromDate,
      toDate: r.toDate,
      priceJetWithOCS: toEuros(r.priceJetWithOcsCents),
      priceJetWithoutOCS: toEuros(r.priceJetWithoutOcsCents),
      priceTurbopropWithOCS: toEuros(r.priceTurbopropWithOcsCents),
      priceTurbopropWithoutOCS: toEuros(r.priceTurbopropWithoutOcsCents),
    }),
    toValues: (i: CreateFlightUnitCostInput) => ({
      fromDate: i.fromDate,
      toDate: i.toDate,
      priceJetWithOcsCents: toCents(i.priceJetWithOCS),
      priceJetWithoutOcsCents: toCents(i.priceJetWithoutOCS),
      priceTurbopropWithOcsCents: toCents(i.priceTurbopropWithOCS),
      priceTurbopropWithoutOcsCents: toCents(i.priceTurbopropWithoutOCS),
    }),
    orderBy: newestFirst(flightUnitCosts),
  }),
  marketNumber: define({
    name: 'marketNumber',
    table: marketNumbers,
    toRow: (r) => ({ id: r.id, fromDate: r.fromDate, toDate: r.toDate, value: r.value }),
    toValues: (i: CreateMarketNumberInput) => ({ fromDate: i.fromDate, toDate: i.toDate, value: i.value }),
    orderBy: newestFirst(marketNumbers),
  }),
  passengerMealCost: singlePrice('passengerMealCost', passengerMealCosts),
  regulationCost: singlePrice('regulationCost', regulationCosts),
};

// biome-ignore lint/suspicious/noExplicitAny: one code path for five tables; each def is typed where written
export type AnyPriceTableDef = PriceTableDef<PriceTable, any, any>;

export async function listPrices<Name extends PriceTable>(
  db: Db,
  def: PriceTableDef<Name, unknown>,
  page: { pageSize: number; offset: number; search: string },
): Promise<Page<PriceRows[Name]>> {
  const where = page.search && def.search ? def.search(containsPattern(page.search)) : undefined;
  const [records, [{ total }]] = await Promise.all([
    db
      .select()
      .from(def.table as PeriodTable)
      .where(where)
      .orderBy(...def.orderBy)
      .limit(page.pageSize)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(def.table as PeriodTable)
      .where(where),
  ]);
  return {
    rows: records.map((r) => def.toRow(r as never)),
    pageCount: Math.ceil(total / page.pageSize),
  };
}

export async function findPrice<Name extends PriceTable>(
  db: Pick<Db, 'select'>,
  def: PriceTableDef<Name, unknown>,
  id: string,
): Promise<PriceRows[Name] | null> {
  if (!isPriceId(id)) return null;
  const table = def.table as PeriodTable;
  const [record] = await db.select().from(table).where(eq(table.id, id));
  return record ? def.toRow(record as never) : null;
}

/** The first row that shares a day with `values` (in its scope), other than `exceptId`. */
async function overlapping(
  db: Pick<Db, 'select'>,
  def: AnyPriceTableDef,
  values: { fromDate: string; toDate: string },
  exceptId?: string,
): Promise<{ fromDate: string; toDate: string } | null> {
  const t = def.table as PeriodTable;
  const [row] = await db
    .select({ fromDate: t.fromDate, toDate: t.toDate })
    .from(t)
    .where(
      and(
        lte(t.fromDate, values.toDate),
        gte(t.toDate, values.fromDate),
        def.scope?.(values),
        exceptId ? ne(t.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(t.fromDate))
    .limit(1);
  return (row as { fromDate: string; toDate: string } | undefined) ?? null;
}

const pgCode = (error: unknown): string | undefined =>
  (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;

/**
 * Runs a write; the checks above it answer in the common case, and when two writes race past them the
 * database's exclusion constraint refuses the second (23P01): it gets the same 409 naming the period.
 */
async function guarded<T>(
  db: Db,
  def: AnyPriceTableDef,
  values: { fromDate: string; toDate: string },
  exceptId: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  const clash = await overlapping(db, def, values, exceptId);
  if (clash) fail(409, overlapMessage(clash));
  try {
    return await write();
  } catch (error) {
    const code = pgCode(error);
    if (code === '23P01') {
      const winner = await overlapping(db, def, values, exceptId);
      fail(409, winner ? overlapMessage(winner) : PRICE_MESSAGES.overlapUnknown);
    }
    // The schemas mirror the table checks; were one to differ, the caller still gets a 400, not a 500.
    if (code === '23514') fail(400, 'Données invalides');
    throw error;
  }
}

export interface WriteContext {
  db: Db;
  actorId: string;
  now: Date;
}

/** The wire row of a price record just written, audited as `${def.name}.${change}` (null before a create). */
async function auditedRow<Name extends PriceTable, Input>(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  ctx: WriteContext,
  def: PriceTableDef<Name, Input>,
  record: unknown,
  change: 'create' | 'edit',
  before?: unknown,
): Promise<PriceRows[Name]> {
  const row = def.toRow(record as never);
  await audit(tx, {
    actorId: ctx.actorId,
    action: `${def.name}.${change}`,
    entity: def.name,
    entityId: row.id,
    before,
    after: row,
    at: ctx.now,
  });
  return row;
}

export async function createPrice<Name extends PriceTable, Input>(
  ctx: WriteContext,
  def: PriceTableDef<Name, Input>,
  input: Input,
): Promise<PriceRows[Name]> {
  const values = def.toValues(input) as { fromDate: string; toDate: string };
  return guarded(ctx.db, def, values, undefined, () =>
    ctx.db.transaction(async (tx) => {
      const [record] = await tx
        .insert(def.table as PeriodTable)
        .values({ ...values, createdAt: ctx.now, updatedAt: ctx.now } as never)
        .returning();
      return auditedRow(tx, ctx, def, record, 'create');
    }),
  );
}

export async function editPrice<Name extends PriceTable, Input>(
  ctx: WriteContext,
  def: PriceTableDef<Name, Input>,
  input: Input & { id: string },
): Promise<PriceRows[Name]> {
  const before = await findPrice(ctx.db, def, input.id);
  if (!before) fail(404, PRICE_MESSAGES.notFound);
  const values = def.toValues(input) as { fromDate: string; toDate: string };
  const table = def.table as PeriodTable;
  return guarded(ctx.db, def, values, input.id, () =>
    ctx.db.transaction(async (tx) => {
      const [record] = await tx
        .update(table)
        .set({ ...values, updatedAt: ctx.now } as never)
        .where(eq(table.id, input.id))
        .returning();
      if (!record) fail(404, PRICE_MESSAGES.notFound);
      return auditedRow(tx, ctx, def, record, 'edit', before);
    }),
  );
}

/** Every row of the four tables the cost engine reads, ready for look-ups. */
export async function loadPriceBook(db: Db): Promise<PriceBook> {
  const [flight, regulation, meals, airports] = await Promise.all([
    db.select().from(flightUnitCosts),
    db.select().from(regulationCosts),
    db.select().from(passengerMealCosts),
    db.select().from(airportCosts),
  ]);
  return createPriceBook({
    flightUnitCosts: flight,
    regulationCosts: regulation,
    passengerMealCosts: meals,
    airportCosts: airports,
  });
}
