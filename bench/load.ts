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
import { Agent } from 'undici';
import { onDatabaseServer, withDatabase } from '../api/db/scratch';
import { startLeonSimulator } from '../api/leon/simulator/server';
import { waitFor } from './lib/processes';
import { Figures } from './lib/timing';
import { runUsers, usersFor } from './lib/virtual-user';

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

const children: ChildProcess[] = [];
function start(entry: string, env: Record<string, string>): void {
  children.push(
    spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
      cwd: root,
      env: {
        ...process.env,
        ...secrets,
        ...env,
        NODE_ENV: 'production',
        SINGLE_INSTANCE: 'true',
        MFA_REQUIRED_ROLES: 'none',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

// ——— Figures ———

const errorSamples: string[] = [];
const figures = new Figures((kind, error) => {
  if (errorSamples.length < 10) errorSamples.push(`${kind}: ${error}`);
});

const agent = new Agent({ connections: USERS * 2, keepAliveTimeout: 4_000 });

// ——— The run ———

const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
const dbName = `bench_load_${randomBytes(4).toString('hex')}`;
let created = false;
const sim = await startLeonSimulator({ port: simPort, apiKey: 'load-key', seed: 7, trips: TRIPS });
try {
  await onDatabaseServer(serverUrl, `CREATE DATABASE ${dbName}`);
  created = true;
  const url = withDatabase(serverUrl, dbName);
  start('api/server.ts', {
    API_PORT: String(apiPort),
    PUBLIC_ORIGIN: edge,
    DATA_DIR: dataDir,
    DATABASE_URL: url,
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

  const users = usersFor(USERS, { edge, agent, thinkMs: THINK_MS, record: figures.record });
  console.log(
    `${USERS} virtual users through the edge for ${SECONDS} s, think time ${THINK_MS} ms ×0.5–1.5, ` +
      `PostgreSQL, ${TRIPS} Leon trips synchronised; ${cpus().length} CPU cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at start`,
  );
  figures.measuring = true;
  const t0 = Date.now();
  const until = t0 + SECONDS * 1000;
  await Promise.all(runUsers(users, until));
  const { elapsed, rate, errorTotal } = figures.finish(t0);
  console.log(
    `  ${rate} req/s over ${elapsed.toFixed(0)} s; errors ${errorTotal} (goal 0); load average ${loadavg()
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
