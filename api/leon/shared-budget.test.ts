// The pace of the requests to Leon shared in the database (decision 061): the rule of budget.ts (so many in
// any minute and hour, the next waiting for the oldest to leave), and one budget for two API instances on one
// database — each its own pool on PostgreSQL — whose Leon clients together never pass it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../db/client';
import { leonRequests } from '../db/schema';
import { databaseKinds, describeEachDatabase, instancesOf } from '../test/databases';
import { budgetPerMinute } from './budget';
import { createLeonClient } from './client';
import { createSharedRequestBudget } from './shared-budget';
import { createLeonSimulator } from './simulator/app';

const T0 = Date.parse('2026-03-02T10:00:00Z');

/** A clock whose sleeps move it forward at once. */
function movingClock() {
  const clock = {
    at: T0,
    now: () => new Date(clock.at),
    sleep: async (ms: number) => {
      clock.at += ms;
    },
  };
  return clock;
}

describeEachDatabase('the shared request budget', (database) => {
  const fresh = () => database().db.delete(leonRequests);

  it('lets the minute’s share go at once, then each one as the oldest leaves the minute', async () => {
    await fresh();
    const clock = movingClock();
    const budget = createSharedRequestBudget(database().db, { perMinute: 3, perHour: 100 }, clock);
    const times: number[] = [];
    await Promise.all(Array.from({ length: 7 }, () => budget.take().then(() => times.push(clock.at - T0))));
    expect(times).toEqual([0, 0, 0, 60_000, 60_000, 60_000, 120_000]);
    expect(budget.waits()).toBe(2);
  });

  it('holds the hour too, and forgets the requests older than an hour', async () => {
    await fresh();
    const clock = movingClock();
    const budget = createSharedRequestBudget(database().db, { perMinute: 10, perHour: 20 }, clock);
    const times: number[] = [];
    await Promise.all(Array.from({ length: 21 }, () => budget.take().then(() => times.push(clock.at - T0))));
    expect(times.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(times.slice(10, 20)).toEqual(Array(10).fill(60_000));
    expect(times[20]).toBe(3_600_000);
    // The requests of the first minute left the hour as the 21st was counted.
    const [{ n }] = await rowsOf<{ n: number }>(
      database().db,
      sql`select count(*)::int as n from leon_requests`,
    );
    expect(n).toBe(11);
  });

  it('runs on the database’s clock when not given one', async () => {
    await fresh();
    const budget = createSharedRequestBudget(database().db, { perMinute: 2, perHour: 60 });
    await budget.take();
    await budget.take();
    expect(budget.waits()).toBe(0);
    const [{ n }] = await rowsOf<{ n: number }>(
      database().db,
      sql`select count(*)::int as n from leon_requests where sent_at > now() - interval '1 minute'`,
    );
    expect(n).toBe(2);
  });

  it('refuses a budget below one request', () => {
    expect(() => createSharedRequestBudget(database().db, { perMinute: 0, perHour: 10 })).toThrow(
      /perMinute/,
    );
  });
});

for (const kind of databaseKinds()) {
  describe(`two API instances on one database [${kind}]`, () => {
    let cluster: Awaited<ReturnType<typeof instancesOf>>;
    beforeAll(async () => {
      cluster = await instancesOf(kind, 2);
    }, 120_000);
    afterAll(async () => {
      await cluster?.close();
    });

    it('share one budget: their Leon clients together send no more than its minute, the others wait for it', async () => {
      // One clock for both instances (the database's stands still here): a sleep ends once the test has
      // moved the clock to the time the slot frees.
      const clock = { at: T0 };
      const sleeping: Array<{ until: number; wake: () => void }> = [];
      const moveTo = (ms: number) => {
        clock.at = T0 + ms;
        for (const sleeper of sleeping.filter((s) => s.until <= clock.at)) {
          sleeping.splice(sleeping.indexOf(sleeper), 1);
          sleeper.wake();
        }
      };
      const instanceClock = () => {
        let read = clock.at;
        return {
          now: () => {
            read = clock.at;
            return new Date(read);
          },
          sleep: (ms: number) =>
            new Promise<void>((wake) => {
              if (clock.at >= read + ms) wake();
              else sleeping.push({ until: read + ms, wake });
            }),
        };
      };
      const sim = createLeonSimulator({ apiKey: 'k', seed: 5, trips: 0 });
      const sent: Array<{ instance: number; at: number }> = [];
      const clients = cluster.instances.map((instance, n) =>
        createLeonClient({
          baseUrl: 'http://leon.test',
          apiKey: 'k',
          fetch: (input, init) => {
            sent.push({ instance: n + 1, at: clock.at - T0 });
            return sim.fetch(input, init);
          },
          budget: createSharedRequestBudget(instance.db, budgetPerMinute(3), instanceClock()),
        }),
      );
      // Each instance: its access token, then three calls — eight requests for a minute's share of three.
      const calls = clients.flatMap((leon, n) => [1, 2, 3].map((k) => leon.echo(`${n + 1}.${k}`)));

      // Three requests went, and both instances are held, each waiting for a slot.
      await vi.waitFor(() => expect(sleeping).toHaveLength(2));
      expect(sent.map((s) => s.at)).toEqual([0, 0, 0]);

      // A minute later three slots free, and three more go; the last two wait for the next minute.
      moveTo(60_000);
      await vi.waitFor(() => expect(sent).toHaveLength(6));
      moveTo(120_000);
      expect(await Promise.all(calls)).toEqual(['1.1', '1.2', '1.3', '2.1', '2.2', '2.3']);
      expect(sent.map((s) => s.at)).toEqual([0, 0, 0, 60_000, 60_000, 60_000, 120_000, 120_000]);
      expect(new Set(sent.map((s) => s.instance))).toEqual(new Set([1, 2]));
      const [{ n }] = await rowsOf<{ n: number }>(
        cluster.instances[1].db,
        sql`select count(*)::int as n from leon_requests`,
      );
      expect(n).toBe(8);
    });
  });
}
