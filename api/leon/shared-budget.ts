// The pace of the requests to Leon shared by every API instance on one database (decision 061): Leon's
// quotas are the API key's, not a process's, so the requests of the last hour are counted in
// `leon_requests` and each instance takes its slots there. Same limits and same rule as budget.ts (so many
// in any minute and any hour; past it, wait until the oldest leaves the window), on the database's clock,
// which all instances share.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { leonRequests } from '../db/schema';
import { LEON_REQUEST_BUDGET, type RequestBudget, type RequestBudgetLimits } from './budget';

/** Every slot is taken under this transaction-scoped lock: one instance counts and adds at a time. */
const PACE_LOCK = 7_261_200;

export interface SharedBudgetClock {
  /** The instant a slot is asked at; the database's `clock_timestamp()` when absent (tests give theirs). */
  now?: () => Date;
  sleep: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A budget whose slots are rows of `leon_requests`: `take()` resolves once this request may leave, counted
 * for every instance. Within this process the requests ask in turn (in the order asked); across instances,
 * whichever asks first once a slot frees takes it.
 */
export function createSharedRequestBudget(
  db: Db,
  limits: RequestBudgetLimits = LEON_REQUEST_BUDGET,
  clock: SharedBudgetClock = { sleep: realSleep },
): RequestBudget {
  for (const [name, value] of Object.entries(limits))
    if (!(value >= 1)) throw new RangeError(`Leon request budget: ${name} must be at least 1`);
  let queue: Promise<void> = Promise.resolve();
  let waits = 0;

  /**
   * Takes a slot if one is free now and answers 0, or answers how long until the first one frees. The
   * request `limit` places back must have left its window before one more may enter it.
   */
  async function tryTake(): Promise<number> {
    const given = clock.now?.().toISOString() ?? null;
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PACE_LOCK})`);
      const [row] = await rowsOf<{ wait_ms: number | string }>(
        tx,
        sql`with at as materialized (select coalesce(${given}::timestamptz, clock_timestamp()) as at),
          gone as (delete from ${leonRequests} where sent_at <= (select at from at) - interval '1 hour'),
          free as (
            select greatest(
              (select sent_at + interval '1 minute' from ${leonRequests}
                order by sent_at desc offset ${limits.perMinute - 1} limit 1),
              (select sent_at + interval '1 hour' from ${leonRequests}
                order by sent_at desc offset ${limits.perHour - 1} limit 1)
            ) as at
          ),
          taken as (
            insert into ${leonRequests} (sent_at)
              select at.at from at, free where free.at is null or free.at <= at.at
          )
          select greatest(0, coalesce(extract(epoch from (free.at - at.at)) * 1000, 0))::float8 as wait_ms
            from at, free`,
      );
      return Math.ceil(Number(row.wait_ms));
    });
  }

  async function slot(): Promise<void> {
    for (let ms = await tryTake(); ms > 0; ms = await tryTake()) {
      waits++;
      await clock.sleep(ms);
    }
  }

  return {
    take(): Promise<void> {
      const mine = queue.then(slot);
      queue = mine.catch(() => {});
      return mine;
    },
    waits: () => waits,
  };
}
