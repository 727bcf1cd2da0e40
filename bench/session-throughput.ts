// Requests per second and p99 latency of GET /user/me straight to the API and through the edge
// (/api/user/me), in the same run, on a fresh PGlite database (or DATABASE_URL). Goal (issue 2): the edge
// keeps at least 60% of the direct throughput. Figures only; nothing is asserted.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '..');
const apiPort = 3300;
const edgePort = 8900;
const origin = `http://127.0.0.1:${edgePort}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-session-'));
const children: ChildProcess[] = [];

function start(entry: string, env: Record<string, string>): void {
  children.push(
    spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
      cwd: root,
      env: { ...process.env, ...env, NODE_ENV: 'production', SEED_DEMO: 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
}

async function measure(title: string, url: string, cookie: string) {
  const result = await autocannon({ url, connections: 20, duration, headers: { cookie } });
  const ok = result['2xx'];
  console.log(
    `  ${title.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   (${ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors)`,
  );
  return result.requests.average;
}

try {
  start('api/server.ts', {
    API_PORT: String(apiPort),
    PUBLIC_ORIGIN: origin,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    LEON_POLL_MINUTES: '0',
  });
  await waitFor(`http://127.0.0.1:${apiPort}/health`);
  start('edge/node.ts', {
    EDGE_PORT: String(edgePort),
    API_ORIGIN: `http://127.0.0.1:${apiPort}`,
    ASSETS_DIR: join(root, 'web/dist'),
  });
  await waitFor(`${origin}/api/health`);

  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo-2026!' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  console.log(
    `GET /user/me, ${duration} s each, 20 connections, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}:`,
  );
  const direct = await measure('straight to the API', `http://127.0.0.1:${apiPort}/user/me`, cookie);
  const edge = await measure('through the edge', `${origin}/api/user/me`, cookie);
  console.log(`  edge keeps ${((edge / direct) * 100).toFixed(0)}% of the direct throughput — goal ≥ 60%`);
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
