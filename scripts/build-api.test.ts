// The production bundles (`npm run build:api`) run with plain Node, without tsx or any TypeScript: the
// release job's migration, the first administrator, then the API answering its health check — what the
// container (Dockerfile) does, on an embedded database in a folder of this test's own; and the exports that
// the server loads on first use (their chunks, exceljs) answering through the bundle.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cookiesOf } from '../api/test/api-process';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'build-api-'));
// Inside the project, as in the container (/app/dist/api beside /app/node_modules): packages are
// resolved from the bundle's own folder upwards.
const out = join(root, 'dist', `build-api-test-${process.pid}`);
const dataDir = join(work, 'data');
const port = 36_000 + Math.floor(Math.random() * 1_000);
// No NODE_OPTIONS or loader from the test runner: the bundle must stand on its own.
const ORIGIN = 'http://127.0.0.1:8999';
const env = {
  PATH: process.env.PATH,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  API_PORT: String(port),
  PUBLIC_ORIGIN: ORIGIN,
};
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

it('builds bundles that migrate, create the first administrator and serve, with plain Node', async () => {
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--outdir', out], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);

  // Run from the project (for node_modules) but load only the bundles.
  const node = (file: string, args: string[] = []) =>
    spawnSync(process.execPath, [join(out, file), ...args], { cwd: root, encoding: 'utf8', env });
  const migrate = node('migrate.js');
  expect(migrate.stderr).toBe('');
  expect(migrate.stdout).toMatch(/^Migrations: (\d+) applied, \1 in all\.$/m);
  expect(node('migrate.js').stdout).toMatch(/^Migrations: 0 applied/m);

  const admin = node(
    'create-admin.js',
    Object.entries({
      email: 'premier.admin@organ-air.fr',
      'first-name': 'Claire',
      'last-name': 'Durand',
      phone: '0140000000',
    }).map(([name, value]) => `--${name}=${value}`),
  );
  expect(admin.stderr).toBe('');
  const temporary = admin.stdout.match(/Mot de passe temporaire : (\S{12,})/)?.[1];
  expect(temporary).toBeDefined();

  server = spawn(process.execPath, [join(out, 'server.js')], { cwd: root, env, stdio: 'ignore' });
  let health: Response | undefined;
  for (let i = 0; i < 300 && !health?.ok; i++) {
    health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
    if (!health?.ok) await new Promise((r) => setTimeout(r, 200));
  }
  expect(health?.status).toBe(200);
  expect(await health?.json()).toEqual({ data: { status: 'ok' } });

  // The first administrator signs in, changes the temporary password, and exports: the XLSX answers come
  // from chunks the server loads on first use (scripts/build-api.mjs, decision 048).
  const call = (path: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      ...init,
      headers: {
        origin: ORIGIN,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
    });
  const login = await call('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'premier.admin@organ-air.fr', password: temporary }),
  });
  expect(login.status).toBe(200);
  const changed = await call('/auth/force-change-password', {
    method: 'POST',
    cookie: cookiesOf(login),
    body: JSON.stringify({ newPassword: 'Premier-Admin-2026!' }),
  });
  expect(changed.status).toBe(200);
  for (const path of ['/auth/get-users', '/statistic/export-excel']) {
    const answer = await call(path, { cookie: cookiesOf(changed) });
    expect(answer.status, path).toBe(200);
    expect(answer.headers.get('content-type'), path).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    // An XLSX is a ZIP archive: 'PK'.
    expect(
      Buffer.from(await answer.arrayBuffer())
        .subarray(0, 2)
        .toString(),
      path,
    ).toBe('PK');
  }
}, 180_000);
