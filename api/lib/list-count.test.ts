// A list's count (decision 038): exact up to the bound, whatever the filter; above it, the planner's
// estimate of the same rows (from the table's statistics, so it may lag behind the rows), never at or
// below the bound. On PGlite and PostgreSQL.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { missions } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { listCount } from './list-count';

describeEachDatabase('listCount', (database) => {
  const db = () => database().db;
  const requested = and(isNull(missions.deletedAt), inArray(missions.status, ['EN_ATTENTE', 'PROGRAMMEE']));
  const insert = (from: number, to: number, status: string) =>
    db().execute(sql`
      insert into missions (trip_number, status, buyer_name, departure_date_time, deleted_at)
      select 'LC-' || g,
        coalesce(${status === 'mixed' ? null : status}::text,
          (array['EN_ATTENTE','PROGRAMMEE','EN_COURS','ANNULEE_45_PLUS','ANNULEE_45_MOINS','TERMINEE','CLOTUREE'])[1 + g % 7])::mission_status,
        'CHU de Bordeaux', timestamptz '2026-11-01 00:00:00+00' - interval '1 hour' * g,
        case when g % 50 = 0 then now() else null end
      from generate_series(${from}::int, ${to}::int) g`);
  const truth = async () =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(missions).where(requested))[0].n;

  it('counts exactly up to the bound, and above it answers the estimate, never at or below the bound', async () => {
    // 600 missions, 2 in 7 requested, 1 in 50 deleted, the table analysed; then 300 more requested ones
    // that the statistics do not know of yet.
    await insert(1, 600, 'mixed');
    await db().execute(sql`analyze missions`);
    await insert(601, 900, 'EN_ATTENTE');
    const requestedNow = await truth();
    expect(requestedNow).toBeGreaterThan(400);

    // Exact below the bound, whatever the statistics say.
    expect(await listCount(db(), missions, requested, 1000)).toBe(requestedNow);
    expect(await listCount(db(), missions, undefined, 900)).toBe(900);
    expect(await listCount(db(), missions, eq(missions.tripNumber, 'LC-7'), 10)).toBe(1);

    // Above it, the planner's figure: it knows 2 in 7 of the rows as requested, not the 300 added since.
    const estimate = await listCount(db(), missions, requested, 100);
    expect(estimate).toBeGreaterThan(100);
    expect(estimate).toBeLessThan(requestedNow - 100);
    // An estimate below the bound is raised to just above it: the capped count saw more rows than that.
    expect(await listCount(db(), missions, requested, estimate + 50)).toBe(estimate + 51);
  });
});
