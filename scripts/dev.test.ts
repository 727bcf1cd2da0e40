// `npm run dev` starts as one command: Vite serves the SPA (with its hot-reload client), `/api` reaches
// the API through the edge (the production proxy code: cookies rewritten onto /api), with the demo data.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../api/db/seed';

const root = resolve(import.meta.dirname, '..');
const ports = { API_PORT: 23_050, EDGE_PORT: 23_051, LEON_SIM_PORT: 23_052, DEV_PORT: 23_053 };
const origin = `http://localhost:${ports.DEV_PORT}`;
const vite = `http://127.0.0.1:${ports.DEV_PORT}`;
let child: ChildProcess;
let dataDir: string;
let output = '';

async function until(url: string, timeoutMs = 150_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await fetch(url).catch(() => null);
    if (answer?.ok) return answer;
    if (child.exitCode !== null) throw new Error(`npm run dev stopped:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer:\n${output}`);
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'dev-data-'));
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir };
  for (const [name, port] of Object.entries(ports)) env[name] = String(port);
  delete env.LEON_URL;
  delete env.PUBLIC_ORIGIN;
  // Its own process group, so that the whole tree (watchers, services, Vite) is stopped at the end.
  child = spawn('npm', ['run', 'dev'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
});

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

it('serves /login from Vite and /api through the edge, with the demo accounts', async () => {
  const page = await until(`${vite}/login`);
  const html = await page.text();
  expect(html).toContain('<div id="root">');
  expect(html).toContain('/@vite/client'); // hot reload
  const health = await until(`${vite}/api/health`);
  expect(health.status).toBe(200);
  // The edge's security headers are on the /api answers: the call went through the edge.
  expect(health.headers.get('x-content-type-options')).toBe('nosniff');

  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'ADMIN')!;
  const login = await fetch(`${vite}/api/auth/login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookies = login.headers.getSetCookie();
  // The session cookies live under /api (edge/proxy.ts rewriteSetCookie), the page's hint on the site.
  expect(cookies.some((c) => /HttpOnly/i.test(c) && /Path=\/api/.test(c))).toBe(true);
  expect(cookies.every((c) => !/Domain=/i.test(c))).toBe(true);
  // The command announces itself once its own check of Vite has answered, which may come a moment after
  // this test's first answer from Vite.
  await expect.poll(() => output, { timeout: 30_000 }).toContain(`Back-office ready: ${origin}/`);
}, 200_000);
