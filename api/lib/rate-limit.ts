// Fixed-window counters kept in the database, so that every API instance shares them. A guarded action
// counts first and then compares the count its own statement returned (`take`): a concurrent burst
// cannot all pass a check made before any of them counted (decision 031).
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

const windowOf = (now: Date, windowMs: number) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/** Current count of the window, without counting. */
export async function hits(db: Db, limit: Limit, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, windowOf(now, limit.windowMs))));
  return row?.count ?? 0;
}

export async function isLimited(db: Db, limit: Limit, now: Date): Promise<boolean> {
  return (await hits(db, limit, now)) >= limit.max;
}

/** Counts one hit; returns the new count. Old windows are pruned now and then. */
export async function hit(db: Db, limit: Limit, now: Date): Promise<number> {
  const windowStart = windowOf(now, limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 3600_000)));
  }
  return row.count;
}

/**
 * Counts one attempt, then answers whether it is within the limit: of N concurrent attempts exactly
 * `max` pass in a window, whatever their order.
 */
export async function take(db: Db, limit: Limit, now: Date): Promise<boolean> {
  return (await hit(db, limit, now)) <= limit.max;
}

/** Whole seconds from `now` until the window of `now` ends and the count starts again (Retry-After). */
export function secondsLeft(limit: Limit, now: Date): number {
  const end = windowOf(now, limit.windowMs).getTime() + limit.windowMs;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

/** Gives back an attempt counted by `take` that must not count (it succeeded). */
export async function giveBack(db: Db, limit: Limit, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, windowOf(now, limit.windowMs))));
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
