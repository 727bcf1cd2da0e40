// Prometheus metrics (prom-client): requests by route pattern and status, their latency, the Leon sync
// runs and their duration, and the mail queue read from the outbox at each scrape. Counters are per
// process (Prometheus adds the instances up); the queue is the database's, the same on every instance.
// Served at GET /metrics with `Authorization: Bearer <METRICS_TOKEN>` (api/app.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/** The process's metrics: Node's own (memory, event loop, GC) and ours. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request (until the handler returned), by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const syncRuns = new Counter({
  name: 'leon_sync_runs_total',
  help: 'Leon sync runs started in this process, by kind and outcome (ok, failed, busy: another run held the lock)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

export const syncDuration = new Histogram({
  name: 'leon_sync_run_duration_seconds',
  help: 'Duration of the Leon sync runs that ran (ok or failed), by kind',
  labelNames: ['kind'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

/** Runs one sync and counts it: its outcome and, unless it never ran (busy), its duration. */
export async function measureSyncRun<T>(
  kind: string,
  run: () => Promise<T>,
  isBusy: (error: unknown) => boolean,
): Promise<T> {
  const end = syncDuration.startTimer({ kind });
  try {
    const value = await run();
    end();
    syncRuns.inc({ kind, outcome: 'ok' });
    return value;
  } catch (error) {
    if (isBusy(error)) syncRuns.inc({ kind, outcome: 'busy' });
    else {
      end();
      syncRuns.inc({ kind, outcome: 'failed' });
    }
    throw error;
  }
}

/** The metrics of this process plus the mail queue of `db`, in Prometheus's text format. */
export async function metricsText(db: Db, maxAttempts: number): Promise<string> {
  const queue = new Registry();
  const gauge = new Gauge({
    name: 'mail_outbox_messages',
    help: 'Messages in the outbox: queued (not sent yet, still tried) and given_up (every try failed)',
    labelNames: ['state'] as const,
    registers: [queue],
  });
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${and(isNull(outbox.sentAt), lt(outbox.attempts, maxAttempts))})::int`,
      givenUp: sql<number>`count(*) filter (where ${and(isNull(outbox.sentAt), sql`${outbox.attempts} >= ${maxAttempts}`)})::int`,
      sent: sql<number>`count(*) filter (where ${isNotNull(outbox.sentAt)})::int`,
    })
    .from(outbox);
  gauge.set({ state: 'queued' }, row.queued);
  gauge.set({ state: 'given_up' }, row.givenUp);
  gauge.set({ state: 'sent' }, row.sent);
  return `${await registry.metrics()}\n${await queue.metrics()}`;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header is `Bearer <token>`, compared in constant time. */
export function isMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export const METRICS_CONTENT_TYPE = registry.contentType;
