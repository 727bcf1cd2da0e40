// Requests per second and latency of GET /user/me straight to the API, before and after issue 18's
// changes, in the same run: the API of BENCH_BEFORE_REF (a git commit, extracted to a temporary folder)
// and the API of this working tree, each on a fresh PostgreSQL database of its own (BENCH_DATABASE_URL's
// server, the local test server by default), 20 connections, measured in turn (BENCH_ROUNDS rounds of
// BENCH_SECONDS each) so that a busy moment of the machine weighs on both. Then through the edge
// (/api/user/me) for the current API (issue 2: the edge keeps at least 60% of the direct throughput).
// Goal (issue 18): ≥ 2,000 req/s direct. Figures only; nothing is asserted.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { onDatabaseServer, withDatabase } from '../api/db/scratch';
import { EDGE_SECRET_HEADER } from '../contract/http';
import { signInCookies, waitFor } from './lib/processes';

const root = resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
// The last commit before issue 18's changes to the token check (api/auth/guards.ts, tokens.ts).
const beforeRef = process.env.BENCH_BEFORE_REF ?? 'ac351a2';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const secrets = {
  SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
  EDGE_SECRET: 'bench-edge-secret-0123456789abcdef0123456789',
};
const temp = mkdtempSync(join(tmpdir(), 'bench-session-'));
const children: ChildProcess[] = [];
const databases: string[] = [];

function start(dir: string, entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(dir, entry)], {
    cwd: dir,
    env: {
      ...process.env,
      ...secrets,
      ...env,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      SINGLE_INSTANCE: 'true',
      // The demo's accounts sign in with the password alone here (decision 070's policy is not measured).
      MFA_REQUIRED_ROLES: 'none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/** Starts the API found in `dir` on a new database; answers its origin. */
async function startApi(dir: string, port: number, publicOrigin: string): Promise<string> {
  const name = `bench_session_${randomBytes(4).toString('hex')}`;
  await onDatabaseServer(serverUrl, `CREATE DATABASE ${name}`);
  databases.push(name);
  const url = withDatabase(serverUrl, name);
  start(dir, 'api/server.ts', {
    API_PORT: String(port),
    PUBLIC_ORIGIN: publicOrigin,
    DATA_DIR: join(temp, `data-${port}`),
    DATABASE_URL: url,
    LEON_POLL_MINUTES: '0',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/health`, 600);
  return origin;
}

// Direct calls carry the edge's secret: a production API answers nothing else (decision 031).
const signIn = (loginUrl: string, origin: string) =>
  signInCookies(loginUrl, origin, 'admin@demo.test', { [EDGE_SECRET_HEADER]: secrets.EDGE_SECRET });

async function measure(title: string, url: string, cookie: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: 20,
    duration,
    headers: { cookie, [EDGE_SECRET_HEADER]: secrets.EDGE_SECRET },
  });
  console.log(
    `  ${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   (${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.errors} errors)   load ${loadavg()[0].toFixed(1)}`,
  );
  return result.requests.average;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

try {
  const beforeDir = join(temp, 'before');
  execFileSync('sh', ['-c', `mkdir -p ${beforeDir} && git archive ${beforeRef} | tar -x -C ${beforeDir}`], {
    cwd: root,
  });
  symlinkSync(join(root, 'node_modules'), join(beforeDir, 'node_modules'));

  const edgePort = 8900;
  const edgeOrigin = `http://127.0.0.1:${edgePort}`;
  const before = await startApi(beforeDir, 3301, edgeOrigin);
  const after = await startApi(root, 3300, edgeOrigin);
  start(root, 'edge/node.ts', {
    EDGE_PORT: String(edgePort),
    API_ORIGIN: after,
    ASSETS_DIR: join(root, 'web/dist'),
  });
  await waitFor(`${edgeOrigin}/api/health`, 600);
  const cookies = {
    before: await signIn(`${before}/auth/login`, edgeOrigin),
    after: await signIn(`${after}/auth/login`, edgeOrigin),
  };

  console.log(
    `GET /user/me, 20 connections, ${duration} s per measure, PostgreSQL, ${rounds} round(s), ` +
      `2 CPU cores shared with the database (load average ${loadavg()[0].toFixed(1)} at start):`,
  );
  const figures = { before: [] as number[], after: [] as number[] };
  for (let round = 1; round <= rounds; round++) {
    figures.before.push(await measure(`before (${beforeRef}), direct`, `${before}/user/me`, cookies.before));
    figures.after.push(await measure('after (this tree), direct', `${after}/user/me`, cookies.after));
  }
  const [b, a] = [mean(figures.before), mean(figures.after)];
  console.log(
    `  mean: before ${b.toFixed(0)} req/s, after ${a.toFixed(0)} req/s (×${(a / b).toFixed(2)}) — goal ≥ 2,000`,
  );
  const edge = await measure('after, through the edge', `${edgeOrigin}/api/user/me`, cookies.after);
  console.log(`  edge keeps ${((edge / a) * 100).toFixed(0)}% of the direct throughput — goal ≥ 60%`);
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  for (const name of databases)
    await onDatabaseServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(temp, { recursive: true, force: true });
}
