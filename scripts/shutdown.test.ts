// The API stopped with SIGTERM (issue 24, graceful shutdown): while it drains, /health answers 503 so
// that the load balancer sends new work elsewhere; a request in flight finishes; a sync still reading
// Leon stops and its run reads as interrupted; then the process exits 0. The API runs as its own
// process (api/server.ts, production settings) on a PostgreSQL database of its own (TEST_DATABASE_URL's
// server, else the local test server). The slow request is held by a table lock this test takes, and the
// sync by a Leon that never answers: nothing here depends on timing.
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHUTTING_DOWN } from '../api/app';
import { RUN_INTERRUPTED } from '../api/sync';
import { type ApiProcessHome, apiProcessHome, cookiesOf } from '../api/test/api-process';

const ORIGIN = 'http://127.0.0.1:8998';
const EDGE_SECRET = 'shutdown-test-edge-secret-0123456789abcdef';
const API_PORT = 35_000 + Math.floor(Math.random() * 1_000);
const origin = `http://127.0.0.1:${API_PORT}`;

let home: ApiProcessHome;
let api: ChildProcess | null = null;
/** A Leon that takes every request and never answers it. */
let leon: Server;
let leonCalls = 0;

beforeAll(async () => {
  home = await apiProcessHome({
    name: 'shutdown',
    env: { API_PORT: String(API_PORT), PUBLIC_ORIGIN: ORIGIN, EDGE_SECRET },
  });
  leon = createServer(() => {
    leonCalls++;
  });
  await new Promise<void>((r) => leon.listen(0, '127.0.0.1', r));
}, 120_000);

afterAll(async () => {
  api?.kill('SIGKILL');
  leon?.closeAllConnections();
  await new Promise((r) => leon?.close(r));
  await home?.close();
});

async function startApi(): Promise<void> {
  const started = await home.start({
    LEON_URL: `http://127.0.0.1:${(leon.address() as AddressInfo).port}`,
    LEON_API_KEY: 'key',
    // Far more than the test needs: the stop must not wait for it.
    SHUTDOWN_DEADLINE_MS: '120000',
  });
  api = started.child;
}

const call = (path: string, init: RequestInit & { cookie?: string } = {}) =>
  fetch(`${origin}${path}`, {
    ...init,
    headers: {
      origin: ORIGIN,
      'x-edge-secret': EDGE_SECRET,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });

async function signIn(email: string): Promise<string> {
  const login = await call('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'Demo-2026!' }),
  });
  expect(login.status).toBe(200);
  return cookiesOf(login);
}

it('drains on SIGTERM: health 503, the slow request finishes, the sync is recorded as interrupted, exit 0', async () => {
  await startApi();
  const exited = new Promise<number | null>((r) => api?.once('exit', (code) => r(code)));
  const operation = await signIn('operation@demo.test');
  const admin = await signIn('admin@demo.test');

  // A sync that is reading Leon (which never answers).
  const sync = call('/leon/synchronize-data', { method: 'PUT', cookie: operation });
  await expect.poll(() => leonCalls, { timeout: 30_000 }).toBeGreaterThan(0);

  // A slow request: the users list waits on a lock this test holds on the users table.
  const lock = new pg.Client({ connectionString: home.databaseUrl });
  await lock.connect();
  await lock.query('begin');
  await lock.query('lock table users in access exclusive mode');
  const slow = call('/user/all', { cookie: admin });
  const waiting = async () =>
    (
      await lock.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )
    ).rows[0].n;
  await expect.poll(waiting, { timeout: 30_000 }).toBe(1);

  api?.kill('SIGTERM');

  // Draining: the health check says so, while the slow request is still in flight.
  await expect.poll(async () => (await call('/health')).status, { timeout: 30_000 }).toBe(503);
  expect(await (await call('/health')).json()).toEqual({
    message: SHUTTING_DOWN,
    requestId: expect.any(String),
  });
  // The sync stopped reading and answered, its run recorded as interrupted.
  const syncAnswer = await sync;
  expect({ status: syncAnswer.status, body: await syncAnswer.json() }).toEqual({
    status: 503,
    body: { message: RUN_INTERRUPTED, requestId: expect.any(String) },
  });
  const runs = await home.rows<{ status: string; reason: string; ended: boolean }>(
    sql`select status, reason, finished_at is not null as ended from sync_runs`,
  );
  expect(runs).toEqual([{ status: 'failed', reason: RUN_INTERRUPTED, ended: true }]);
  expect(await home.rows(sql`select id from missions`)).toEqual([]);

  // The lock goes: the slow request completes normally, then the process ends, exit code 0.
  await lock.query('commit');
  await lock.end();
  const answer = await slow;
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { data: { rows: unknown[] } }).data.rows.length).toBeGreaterThan(0);
  expect(await exited).toBe(0);
  api = null;
}, 180_000);
