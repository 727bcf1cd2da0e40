// The five price tables described once each (columns ↔ wire rows, overlap scope, search, order), and
// the list, create and edit shared by all of them. Amounts are cents in the database, euros on the wire.
import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, type SQL, sql } from 'drizzle-orm';
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
import type { Db, Tx } from '../db/client';
import {
  airportCosts,
  flightUnitCosts,
  marketNumbers,
  missionLegs,
  passengerMealCosts,
  priceBookVersion,
  regulationCosts,
} from '../db/schema';
import { audit } from '../lib/audit';
import { onVersion, refuseStale } from '../lib/conflicts';
import { fail, sqlState } from '../lib/errors';
import { containsPattern } from '../lib/paging';
import {
  type AirportPrice,
  createPriceBook,
  type FlightUnitPrice,
  type PriceBook,
  type SinglePrice,
} from './cost-engine';

type PeriodTable = PgTable & { id: PgColumn; fromDate: PgColumn; toDate: PgColumn; version: PgColumn };

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
    toRow: (r) => ({
      id: r.id,
      fromDate: r.fromDate,
      toDate: r.toDate,
      version: r.version,
      price: toEuros(r.priceCents),
    }),
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
      version: r.version,
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
      version: r.version,
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
    toRow: (r) => ({ id: r.id, fromDate: r.fromDate, toDate: r.toDate, version: r.version, value: r.value }),
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

/**
 * Runs a price write in its transaction, one at a time: the transaction first locks the price book's
 * version row (which every price write's trigger updates anyway), then looks for an overlapping row and
 * answers 409 naming its period. A concurrent write waits for the lock, then sees the winner's committed
 * row and gets the same 409, instead of waiting on it inside the exclusion constraint (decision 010). The
 * constraint stays the backstop for a write made around this function (23P01, the same 409).
 */
async function guarded<T>(
  db: Db,
  def: AnyPriceTableDef,
  values: { fromDate: string; toDate: string },
  exceptId: string | undefined,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${priceBookVersion} for update`);
      const clash = await overlapping(tx, def, values, exceptId);
      if (clash) fail(409, overlapMessage(clash));
      return write(tx);
    });
  } catch (error) {
    const code = sqlState(error);
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
  tx: Tx,
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
  return guarded(ctx.db, def, values, undefined, async (tx) => {
    const [record] = await tx
      .insert(def.table as PeriodTable)
      .values({ ...values, createdAt: ctx.now, updatedAt: ctx.now } as never)
      .returning();
    return auditedRow(tx, ctx, def, record, 'create');
  });
}

export async function editPrice<Name extends PriceTable, Input>(
  ctx: WriteContext,
  def: PriceTableDef<Name, Input>,
  input: Input & { id: string; version?: number },
): Promise<PriceRows[Name]> {
  const before = await findPrice(ctx.db, def, input.id);
  if (!before) fail(404, PRICE_MESSAGES.notFound);
  const values = def.toValues(input) as { fromDate: string; toDate: string };
  const table = def.table as PeriodTable;
  return guarded(ctx.db, def, values, input.id, async (tx) => {
    const [record] = await tx
      .update(table)
      .set({ ...values, updatedAt: ctx.now } as never)
      // Made on the version the form was opened on, if it says which (decision 064).
      .where(and(eq(table.id, input.id), onVersion(table.version, input.version)))
      .returning();
    if (!record) {
      if (input.version !== undefined && (await findPrice(tx, def, input.id)))
        await refuseStale(tx, 'price', { entity: def.name, entityId: input.id }, ctx.now);
      fail(404, PRICE_MESSAGES.notFound);
    }
    return auditedRow(tx, ctx, def, record, 'edit', before);
  });
}

/** The rows of `table` as one JSON array of objects, `columns` naming their keys (the engine's fields). */
const jsonRows = <T>(table: PgTable, columns: Record<string, PgColumn>) =>
  sql<T[]>`(select coalesce(json_agg(json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})), '[]'::json) from ${table})`;

const period = (table: { fromDate: PgColumn; toDate: PgColumn }) => ({
  fromDate: table.fromDate,
  toDate: table.toDate,
});

/** The four tables the cost engine reads, in one row of four JSON arrays, with their version. */
function priceBookQuery(db: Db) {
  return db
    .select({
      version: sql<string>`${priceBookVersion.version}::text`,
      flightUnitCosts: jsonRows<FlightUnitPrice>(flightUnitCosts, {
        ...period(flightUnitCosts),
        priceJetWithOcsCents: flightUnitCosts.priceJetWithOcsCents,
        priceJetWithoutOcsCents: flightUnitCosts.priceJetWithoutOcsCents,
        priceTurbopropWithOcsCents: flightUnitCosts.priceTurbopropWithOcsCents,
        priceTurbopropWithoutOcsCents: flightUnitCosts.priceTurbopropWithoutOcsCents,
      }),
      regulationCosts: jsonRows<SinglePrice>(regulationCosts, {
        ...period(regulationCosts),
        priceCents: regulationCosts.priceCents,
      }),
      passengerMealCosts: jsonRows<SinglePrice>(passengerMealCosts, {
        ...period(passengerMealCosts),
        priceCents: passengerMealCosts.priceCents,
      }),
      airportCosts: jsonRows<AirportPrice>(airportCosts, {
        ...period(airportCosts),
        icaoCode: airportCosts.icaoCode,
        priceWithDeIcingCents: airportCosts.priceWithDeIcingCents,
        priceWithoutDeIcingCents: airportCosts.priceWithoutDeIcingCents,
      }),
    })
    .from(priceBookVersion)
    .prepare('prices_price_book');
}

// Built once per database, as the session query is (api/auth/guards.ts): the SQL is composed once, and
// PostgreSQL parses and plans the named statement once per connection.
const prepared = new WeakMap<Db, ReturnType<typeof priceBookQuery>>();
/** The last book this process read from each database, with the version it was read at. */
const lastRead = new WeakMap<Db, { version: string; book: PriceBook }>();

/** Reads the four tables, in one statement, and keeps what it read as the last book. */
async function readPriceBook(db: Db): Promise<PriceBook> {
  let query = prepared.get(db);
  if (!query) {
    query = priceBookQuery(db);
    prepared.set(db, query);
  }
  const [{ version, ...rows }] = await query.execute();
  const book = createPriceBook(rows);
  lastRead.set(db, { version, book });
  return book;
}

/** Every row of the four tables the cost engine reads, ready for look-ups, read now. */
export const loadPriceBook = (db: Db): Promise<PriceBook> => readPriceBook(db);

/** The columns of a leg the cost engine reads (`CostLeg`), for the reads that price missions. */
export const costLegColumns = {
  isCnl: missionLegs.isCnl,
  stdUtc: missionLegs.stdUtc,
  staUtc: missionLegs.staUtc,
  bloffUtc: missionLegs.bloffUtc,
  blonUtc: missionLegs.blonUtc,
  adepIcao: missionLegs.adepIcao,
};

/**
 * The price book's version (as text), for a statement of the caller to read beside its own rows:
 * `priceBookAt` then needs no statement of its own while the prices have not changed.
 */
export const priceBookVersionSql = sql<string>`(select ${priceBookVersion.version}::text from ${priceBookVersion})`;

/**
 * The price book at `version`, which the caller read from the database (priceBookVersionSql) in this
 * request: the book this process last read when it has that version, else the tables read again. Every
 * write to a price table changes the version in its own transaction, so a price written at 10:00 still
 * shows in every statistic read after 10:00 (decision 010; decision 025 for the version).
 */
export async function priceBookAt(db: Db, version: string): Promise<PriceBook> {
  const last = lastRead.get(db);
  return last?.version === version ? last.book : readPriceBook(db);
}
