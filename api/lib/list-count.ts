// How many rows a list selects, for its page count and the menu's counts (docs/decisions/038): exact up to
// a bound, read by a count that stops there; above it, the planner's estimate of the same query. An exact
// count(*) of a category of a million missions reads the whole category on every page (about 0.5 to 0.8 s
// on this machine); the capped count reads at most the bound, and the estimate costs a plan.
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../db/client';

/** Up to this many rows a count is exact (500 pages of 20): every list of a normal day's use. */
export const EXACT_COUNT_UP_TO = 10_000;

/** The planner's estimate of the rows `selected` answers (EXPLAIN, nothing run). */
async function plannedRows(db: Db, selected: SQL): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${selected}`);
  const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
  return Number((plan as Array<{ Plan: { 'Plan Rows': number } }>)[0].Plan['Plan Rows']);
}

/**
 * The rows of `table` that `where` selects: exact when they are `exactUpTo` or fewer; otherwise the
 * planner's estimate, never below `exactUpTo + 1` (the count saw that many), so a list above the bound
 * may show a few pages more or fewer than it has, and one below it is always exact.
 */
export async function listCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  exactUpTo = EXACT_COUNT_UP_TO,
): Promise<number> {
  const selected = sql`select 1 from ${table} where ${where ?? sql`true`}`;
  const [{ n }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${selected} limit ${exactUpTo + 1}) as capped`,
  );
  if (n <= exactUpTo) return n;
  return Math.max(exactUpTo + 1, Math.round(await plannedRows(db, selected)));
}
