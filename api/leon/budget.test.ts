// The pace of the requests to Leon (decision 047): no more in any minute or hour than the budget allows,
// the waiting ones let go in the order they asked, on a clock of the test's.
import { describe, expect, it } from 'vitest';
import { budgetPerMinute, createRequestBudget, LEON_REQUEST_BUDGET } from './budget';
import { createLeonClient } from './client';
import { createLeonSimulator } from './simulator/app';

/** A clock whose sleeps move it forward at once, and the times at which each request left. */
function testClock() {
  const clock = {
    at: 0,
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.at += ms;
    },
  };
  return clock;
}

async function takeAll(budget: ReturnType<typeof createRequestBudget>, count: number, clock: { at: number }) {
  const times: number[] = [];
  await Promise.all(Array.from({ length: count }, () => budget.take().then(() => times.push(clock.at))));
  return times;
}

describe('the request budget', () => {
  it('stays two thirds below Leon’s quotas of 150 a minute and 4,500 an hour', () => {
    expect(LEON_REQUEST_BUDGET).toEqual({ perMinute: 100, perHour: 3_000 });
    expect(budgetPerMinute(60)).toEqual({ perMinute: 60, perHour: 1_800 });
  });

  it('lets the minute’s share go at once, then each one as the oldest leaves the minute', async () => {
    const clock = testClock();
    const budget = createRequestBudget({ perMinute: 3, perHour: 100 }, clock);
    const times = await takeAll(budget, 7, clock);
    expect(times).toEqual([0, 0, 0, 60_000, 60_000, 60_000, 120_000]);
    expect(budget.waits()).toBe(2);
  });

  it('counts the minute from each request: one sent 20 s later frees its slot 20 s later', async () => {
    const clock = testClock();
    const budget = createRequestBudget({ perMinute: 2, perHour: 100 }, clock);
    await budget.take();
    clock.at = 20_000;
    await budget.take();
    expect(await takeAll(budget, 2, clock)).toEqual([60_000, 80_000]);
  });

  it('holds the hour too: past its share, the next waits for the hour’s oldest', async () => {
    const clock = testClock();
    const budget = createRequestBudget({ perMinute: 10, perHour: 20 }, clock);
    const times = await takeAll(budget, 21, clock);
    expect(times.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(times.slice(10, 20)).toEqual(Array(10).fill(60_000));
    expect(times[20]).toBe(3_600_000);
  });

  it('refuses a budget below one request', () => {
    expect(() => createRequestBudget({ perMinute: 0, perHour: 10 })).toThrow(/perMinute/);
  });
});

describe('the Leon client under a budget', () => {
  it('waits for a slot before each request, the token’s included', async () => {
    const clock = testClock();
    const sim = createLeonSimulator({ apiKey: 'k', seed: 4, trips: 0 });
    const sent: number[] = [];
    const leon = createLeonClient({
      baseUrl: 'http://leon.test',
      apiKey: 'k',
      fetch: (input, init) => {
        sent.push(clock.at);
        return sim.fetch(input, init);
      },
      budget: createRequestBudget({ perMinute: 2, perHour: 100 }, clock),
    });
    const answers = [];
    for (const text of ['un', 'deux', 'trois', 'quatre', 'cinq']) answers.push(await leon.echo(text));
    expect(answers).toEqual(['un', 'deux', 'trois', 'quatre', 'cinq']);
    // The access token, then the five calls: two a minute.
    expect(sent).toEqual([0, 0, 60_000, 60_000, 120_000, 120_000]);
  });

  it('sends each request at once without a budget (the simulator’s)', async () => {
    const sim = createLeonSimulator({ apiKey: 'k', seed: 4, trips: 0 });
    const leon = createLeonClient({
      baseUrl: 'http://leon.test',
      apiKey: 'k',
      fetch: sim.fetch,
      budget: null,
    });
    const started = performance.now();
    for (let i = 0; i < 120; i++) await leon.echo(String(i));
    // 121 requests, past the default budget's 100 a minute, without waiting a minute.
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
