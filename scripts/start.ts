// `npm start`: builds the SPA when it is missing or stale, starts the Leon simulator (unless a real Leon
// is configured), the API (migrations + demo seed happen there) and the edge, then prints the URL and
// the demo accounts. Ctrl-C stops every child cleanly; the data stays under DATA_DIR for the next start.
// `npm run dev` (`--dev`): the same services restarted on any change of their sources (tsx watch), no
// build, and the SPA served by Vite with hot reload in front (DEV_PORT, 5173), whose `/api` is proxied to
// this edge: the browser's API calls go through the production edge code, cookies rewritten as in production.
// `--build-only`: the build when missing or stale, and nothing else.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../api/db/seed';
import { apiNodeOptions } from './api-node-flags.mjs';
import { runtime } from './runtime.mjs';

const root = resolve(import.meta.dirname, '..');
const env = process.env;
const apiPort = Number(env.API_PORT ?? 3000);
const edgePort = Number(env.EDGE_PORT ?? 8787);
const simPort = Number(env.LEON_SIM_PORT ?? 4010);
const host = '127.0.0.1';
const dev = process.argv.includes('--dev');
const devPort = Number(env.DEV_PORT ?? 5173);
const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${dev ? devPort : edgePort}`;
const useSimulator = !(env.LEON_URL && env.LEON_API_KEY);
// The edge proves itself to the API with this (so the API trusts the client address it sends): one
// per start unless given.
const edgeSecret = env.EDGE_SECRET || randomBytes(32).toString('base64url');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['dist', 'dist-check', 'node_modules', '.dist-runtime'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Which runtime (RUNTIME, docs/decisions/037) the build in web/dist was made for: kept beside it. */
const builtRuntimeFile = join(root, 'web/.dist-runtime');

function buildIfNeeded(): void {
  const index = join(root, 'web/dist/index.html');
  const sources = Math.max(...['web', 'contract', 'machines'].map((d) => newestMtime(join(root, d))));
  const wanted = runtime();
  const built = existsSync(builtRuntimeFile) ? readFileSync(builtRuntimeFile, 'utf8').trim() : null;
  const fresh = existsSync(index) && statSync(index).mtimeMs >= sources && built === wanted;
  if (fresh && !env.FORCE_BUILD) return;
  console.log(`Building the web app (${wanted})…`);
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The web build failed.');
  writeFileSync(builtRuntimeFile, `${wanted}\n`);
}

const children: ChildProcess[] = [];

function run(name: string, entry: string, extraEnv: Record<string, string>, watch = dev): ChildProcess {
  // In development each service restarts when one of the files it imports changes.
  const args = !entry.endsWith('.ts')
    ? [join(root, entry)]
    : watch
      ? [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', join(root, entry)]
      : ['--import', 'tsx', join(root, entry)];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped unexpectedly (${signal ?? `code ${code}`}); stopping everything.`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (stopping) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

let stopping = false;
async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Reverse order: the edge first, the API (which closes the database) last but one, Leon last.
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise<void>((r) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        r();
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        r();
      });
    });
  }
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function main(): Promise<void> {
  if (!dev && !env.ASSETS_DIR) buildIfNeeded();
  const leonEnv: Record<string, string> = {};
  if (useSimulator) {
    const simEntry = 'api/leon/simulator/server.ts';
    if (existsSync(join(root, simEntry))) {
      const key = env.LEON_SIM_KEY ?? 'sim-demo-key';
      run('Leon simulator', simEntry, { LEON_SIM_PORT: String(simPort), LEON_SIM_KEY: key });
      await waitFor(`http://${host}:${simPort}/__sim/health`, 'The Leon simulator');
      leonEnv.LEON_URL = `http://${host}:${simPort}`;
      leonEnv.LEON_API_KEY = key;
      // The simulator has no quota: its requests are not paced (api/leon/budget.ts).
      leonEnv.LEON_REQUESTS_PER_MINUTE = '0';
      // Nor a reason to limit manual syncs (decision 061), unless asked: the browser tests sync often.
      leonEnv.LEON_MANUAL_SYNCS = env.LEON_MANUAL_SYNCS ?? '0';
    }
  }
  run('API', 'api/server.ts', {
    // Said explicitly: with NODE_ENV unset the API opens no development route (the outbox reader).
    NODE_ENV: env.NODE_ENV || 'development',
    API_PORT: String(apiPort),
    API_HOST: host,
    PUBLIC_ORIGIN: publicOrigin,
    EDGE_SECRET: edgeSecret,
    ...leonEnv,
    // The heap limit the API runs with in production (docs/decisions/045).
    NODE_OPTIONS: apiNodeOptions(env.NODE_OPTIONS),
  });
  await waitFor(`http://${host}:${apiPort}/health`, 'The API');
  run('Edge', 'edge/node.ts', {
    EDGE_PORT: String(edgePort),
    API_ORIGIN: `http://${host}:${apiPort}`,
    // ASSETS_DIR serves a build made elsewhere (npm run perf's production builds); web/dist otherwise.
    ASSETS_DIR: env.ASSETS_DIR || join(root, 'web/dist'),
    PUBLIC_ORIGIN: publicOrigin,
    EDGE_SECRET: edgeSecret,
  });
  await waitFor(`http://${host}:${edgePort}/api/health`, 'The edge');
  if (dev) {
    run('Vite', 'node_modules/vite/bin/vite.js', { EDGE_PORT: String(edgePort), DEV_PORT: String(devPort) });
    await waitFor(`http://${host}:${devPort}/login`, 'Vite');
  }
  const seeded = (env.SEED_DEMO ?? (env.NODE_ENV === 'production' ? 'false' : 'true')) !== 'false';
  console.log(`\nBack-office ready: ${publicOrigin}/`);
  if (dev) console.log(`Stately inspector: ${publicOrigin}/login?inspect (allow the pop-up)`);
  if (seeded) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS)
      console.log(`  ${account.email.padEnd(24)} ${account.role}${account.note ? ` — ${account.note}` : ''}`);
  }
  console.log('Press Ctrl-C to stop.\n');
}

if (process.argv.includes('--build-only')) {
  // The browser tests build once before starting a stack per part (scripts/e2e.mjs).
  buildIfNeeded();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
