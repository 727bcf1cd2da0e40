// The pace of this process's requests to Leon (docs/decisions/047). Leon gives an integration 150 requests
// a minute and 4,500 an hour, and asks to stay far below: a first load of a long or dense history asks for
// one window per request and would pass the minute's quota when Leon answers fast. Every request takes a
// slot first; when the last minute (or hour) already holds its share, it waits until the oldest leaves.
// On a real clock, apart from the `now` the tests give the client to age its tokens. The API's instances
// share one budget in the database instead (shared-budget.ts, decision 061); this one serves a single
// process (the benchmarks, the tests of the rule).

export interface RequestBudgetLimits {
  /** Requests in any 60 s. */
  perMinute: number;
  /** Requests in any hour. */
  perHour: number;
}

/** The limits for `perMinute` requests a minute (LEON_REQUESTS_PER_MINUTE): the hour keeps Leon's ratio, 30. */
export const budgetPerMinute = (perMinute: number): RequestBudgetLimits => ({
  perMinute,
  perHour: perMinute * 30,
});

/**
 * Two thirds of Leon's quotas (api/leon/README.md), 100 a minute and 3,000 an hour: room for a retry after a
 * 429 and for another tool.
 */
export const LEON_REQUEST_BUDGET = budgetPerMinute(100);

export interface BudgetClock {
  /** Milliseconds on a clock that only moves forward. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realClock: BudgetClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Slots given in the order asked: `take()` resolves once this request may leave. Only the times of the
 * last hour's requests are kept (at most `perHour` numbers).
 */
export function createRequestBudget(
  limits: RequestBudgetLimits = LEON_REQUEST_BUDGET,
  clock = realClock,
): RequestBudget {
  for (const [name, value] of Object.entries(limits))
    if (!(value >= 1)) throw new RangeError(`Leon request budget: ${name} must be at least 1`);
  /** When each request of the last hour left, oldest first. */
  const sent: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  let waits = 0;

  /** How long the next request must wait for a slot, 0 when it may leave now. */
  function wait(at: number): number {
    while (sent.length > 0 && sent[0] <= at - HOUR) sent.shift();
    let until = 0;
    // The request `limit` places back must have left the window before one more may enter it.
    for (const [window, limit] of [
      [MINUTE, limits.perMinute],
      [HOUR, limits.perHour],
    ] as const) {
      if (sent.length >= limit) until = Math.max(until, sent[sent.length - limit] + window);
    }
    return Math.max(0, until - at);
  }

  async function slot(): Promise<void> {
    for (let ms = wait(clock.now()); ms > 0; ms = wait(clock.now())) {
      waits++;
      await clock.sleep(ms);
    }
    sent.push(clock.now());
    if (sent.length > limits.perHour) sent.shift();
  }

  return {
    take(): Promise<void> {
      const mine = queue.then(slot);
      queue = mine.catch(() => {});
      return mine;
    },
    /** Times a request waited for a slot so far (tests, logs). */
    waits: () => waits,
  };
}

/** What the Leon client asks of a pace: a slot before each request. */
export interface RequestBudget {
  /** Resolves once the request may leave. */
  take(): Promise<void>;
  /** Times a request waited for a slot so far (tests, logs). */
  waits(): number;
}
