// Load through the edge on the whole stack (issue 18): the Leon simulator, the API on a PostgreSQL
// database of its own (BENCH_DATABASE_URL's server, the local test server by default; dropped at the
// end), the edge in front. LOAD_USERS virtual users (default 100) for LOAD_SECONDS (default 300), each
// visiting as a user would: sign in, read who they are, then in a loop with a think time (LOAD_THINK_MS,
// default 1000, ×0.5–1.5): the counts, a list with filters, a mission's details and, one action in ten, an
// edit of that mission (staff) — signing out and in again every 20 actions. Four users in five are staff
// (ADMIN, OPERATION), one in five a hospital. Prints requests, errors (goal 0) and p50/p95/p99 per kind of
// request and in all. Figures only; nothing is asserted.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Agent, request } from 'undici';
import { onDatabaseServer } from '../api/db/scratch';
import { startLeonSimulator } from '../api/leon/simulator/server';
import { waitFor } from './lib/processes';

const root = resolve(import.meta.dirname, '..');
const USERS = Number(process.env.LOAD_USERS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const TRIPS = Number(process.env.LOAD_TRIPS ?? 400);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const apiPort = 3310;
const edgePort = 8910;
// Apart from the browser tests' ports (e2e/env.ts), so both can run at once.
const simPort = 4310;
const edge = `http://127.0.0.1:${edgePort}`;
const secrets = {
  SESSION_SECRET: 'load-secret-0123456789abcdef0123456789abcdef',
  EDGE_SECRET: 'load-edge-secret-0123456789abcdef0123456789',
};
const PASSWORD = 'Demo-2026!';
const STAFF = ['admin@demo.test', 'operation@demo.test'];
const HOSPITAL = 'hopital@demo.test';
const CATEGORIES = ['requested', 'inProgress', 'completed', 'closed', 'canceled'] as const;
const EDITABLE = ['requested', 'inProgress', 'completed'] as const;
const ORGANS = ['COEUR', 'FOIE', 'REINS', 'POUMONS', 'PANCREAS'];

interface MissionRow {
  id: string;
  status: string;
  aircraftType: string;
}

const children: ChildProcess[] = [];
function start(entry: string, env: Record<string, string>): void {
  children.push(
    spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
      cwd: root,
      env: { ...process.env, ...secrets, ...env, NODE_ENV: 'production', SINGLE_INSTANCE: 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

// ——— Figures ———

const timings = new Map<string, number[]>();
const errors = new Map<string, number>();
const errorSamples: string[] = [];
let measuring = false;

function record(kind: string, ms: number, error?: string): void {
  if (!measuring) return;
  const list = timings.get(kind) ?? [];
  timings.set(kind, list);
  list.push(ms);
  if (error) {
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
    if (errorSamples.length < 10) errorSamples.push(`${kind}: ${error}`);
  }
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

// ——— A virtual user ———

const agent = new Agent({ connections: USERS * 2, keepAliveTimeout: 4_000 });
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class VirtualUser {
  private cookies = new Map<string, string>();
  private lastMission: MissionRow | null = null;
  private lastCategory: string | null = null;

  constructor(
    readonly email: string,
    readonly staff: boolean,
  ) {}

  private async call<T>(kind: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const headers: Record<string, string> = { origin: edge };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const t0 = performance.now();
    try {
      const response = await request(`${edge}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: agent,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      const setCookie = response.headers['set-cookie'];
      for (const c of [setCookie ?? []].flat()) {
        const [pair] = c.split(';');
        const eq = pair.indexOf('=');
        const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
        if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      const text = await response.body.text();
      const ms = performance.now() - t0;
      if (response.statusCode >= 400) {
        record(kind, ms, `${response.statusCode} ${text.slice(0, 120)}`);
        return null;
      }
      record(kind, ms);
      return (text ? JSON.parse(text) : null) as T;
    } catch (error) {
      record(kind, performance.now() - t0, (error as Error).message);
      return null;
    }
  }

  async signIn(): Promise<void> {
    this.cookies.clear();
    await this.call('sign-in', 'POST', '/api/auth/login', { email: this.email, password: PASSWORD });
    await this.call('user/me', 'GET', '/api/user/me');
  }

  async counts(): Promise<void> {
    if (this.staff) await this.call('counts', 'GET', '/api/leon/records-count');
    else await this.call('hospitals', 'GET', '/api/missions/hospitals');
  }

  async list(): Promise<void> {
    const category = pick(this.staff ? CATEGORIES : CATEGORIES.filter((c) => c !== 'canceled'));
    const params = new URLSearchParams({ status: category, pageSize: String(pick([10, 20, 50])) });
    const r = Math.random();
    if (r < 0.25) params.set('search', pick(['TR', '2026', 'Bordeaux', '1', 'CHU']));
    else if (r < 0.5) {
      params.set('startDate', '2026-09-01');
      params.set('endDate', '2026-12-31');
    } else if (r < 0.6) params.set('pageNumber', '2');
    const page = await this.call<{ data: { rows: MissionRow[] } }>('list', 'GET', `/api/missions?${params}`);
    const rows = page?.data.rows ?? [];
    if (rows.length) {
      this.lastMission = pick(rows);
      this.lastCategory = category;
    }
  }

  /** The mission's details (its legs); answers the mission of the list row it was opened from. */
  async details(): Promise<MissionRow | null> {
    if (!this.lastMission) await this.list();
    const mission = this.lastMission;
    if (!mission) return null;
    const legs = await this.call('details', 'GET', `/api/missions/details/${mission.id}`);
    return legs ? mission : null;
  }

  async edit(): Promise<void> {
    if (!this.lastCategory || !(EDITABLE as readonly string[]).includes(this.lastCategory)) {
      const params = new URLSearchParams({ status: pick(EDITABLE), pageSize: '20' });
      const page = await this.call<{ data: { rows: MissionRow[] } }>(
        'list',
        'GET',
        `/api/missions?${params}`,
      );
      if (!page?.data.rows.length) return;
      this.lastMission = pick(page.data.rows);
      this.lastCategory = params.get('status');
    }
    const mission = await this.details();
    if (!mission) return;
    await this.call('edit', 'PUT', '/api/missions/edit/', {
      id: mission.id,
      numberOfCristal: 1 + Math.floor(Math.random() * 9000),
      astonStatus: mission.status,
      organType: pick(ORGANS),
      aircraftType: mission.aircraftType,
      numberOfMeals: Math.floor(Math.random() * 4),
      isWithIcing: false,
      isWithOCS: Math.random() < 0.5,
    });
  }

  async run(until: number): Promise<void> {
    const think = () => sleep(THINK_MS * (0.5 + Math.random()));
    while (Date.now() < until) {
      await this.signIn();
      await think();
      for (let action = 0; action < 20 && Date.now() < until; action++) {
        const r = Math.random();
        if (r < 0.1 && this.staff) await this.edit();
        else if (r < 0.3) await this.counts();
        else if (r < 0.65) await this.list();
        else await this.details();
        await think();
      }
      await this.call('sign-out', 'POST', '/api/auth/logout');
    }
  }
}

// ——— The run ———

const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
const dbName = `bench_load_${randomBytes(4).toString('hex')}`;
let created = false;
const sim = await startLeonSimulator({ port: simPort, apiKey: 'load-key', seed: 7, trips: TRIPS });
try {
  await onDatabaseServer(serverUrl, `CREATE DATABASE ${dbName}`);
  created = true;
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  start('api/server.ts', {
    API_PORT: String(apiPort),
    PUBLIC_ORIGIN: edge,
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    SEED_DEMO: 'true',
    LEON_URL: sim.url,
    LEON_API_KEY: 'load-key',
    LEON_POLL_MINUTES: '0',
  });
  await waitFor(`http://127.0.0.1:${apiPort}/health`, 1200);
  start('edge/node.ts', {
    EDGE_PORT: String(edgePort),
    API_ORIGIN: `http://127.0.0.1:${apiPort}`,
    PUBLIC_ORIGIN: edge,
    ASSETS_DIR: join(root, 'web/dist'),
  });
  await waitFor(`${edge}/api/health`, 1200);

  const users = Array.from({ length: USERS }, (_, i) =>
    i % 5 === 4 ? new VirtualUser(HOSPITAL, false) : new VirtualUser(STAFF[i % 2], true),
  );
  console.log(
    `${USERS} virtual users through the edge for ${SECONDS} s, think time ${THINK_MS} ms ×0.5–1.5, ` +
      `PostgreSQL, ${TRIPS} Leon trips synchronised; ${cpus().length} CPU cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at start`,
  );
  measuring = true;
  const t0 = Date.now();
  const until = t0 + SECONDS * 1000;
  // Users arrive over the first 10 s (or tenth of the run), not all in the same millisecond.
  const ramp = Math.min(10_000, (SECONDS * 1000) / 10);
  await Promise.all(users.map((u, i) => sleep((ramp * i) / USERS).then(() => u.run(until))));
  measuring = false;
  const elapsed = (Date.now() - t0) / 1000;

  const all = [...timings.values()].flat().sort((a, b) => a - b);
  const line = (kind: string, values: number[], errorCount: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(10)} ${String(sorted.length).padStart(8)} req  ${String(errorCount).padStart(5)} errors   p50 ${pct(sorted, 50).toFixed(1).padStart(7)} ms   p95 ${pct(sorted, 95).toFixed(1).padStart(7)} ms   p99 ${pct(sorted, 99).toFixed(1).padStart(7)} ms`,
    );
  };
  for (const [kind, values] of [...timings].sort()) line(kind, values, errors.get(kind) ?? 0);
  const errorTotal = [...errors.values()].reduce((a, b) => a + b, 0);
  line('all', all, errorTotal);
  console.log(
    `  ${(all.length / elapsed).toFixed(0)} req/s over ${elapsed.toFixed(0)} s; errors ${errorTotal} (goal 0); load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end`,
  );
  for (const sample of errorSamples) console.log(`  error: ${sample}`);
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await sim.close();
  await agent.close();
  if (created) await onDatabaseServer(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
