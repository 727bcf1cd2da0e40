// An API and an edge of a test's own, beside the run's stack, for a test that stops and starts the API
// (e2e/live.spec.ts): the production processes (api/server.ts, edge/node.ts serving the built SPA of the
// run), on a PGlite under a folder of their own that outlives the API's restarts, seeded with the demo
// accounts and the missions of the run's Leon simulator. Ports 3150/8850 plus E2E_PORT_OFFSET: apart from the run's stack and from the other parts'.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E } from '../env';

const root = resolve(import.meta.dirname, '../..');
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const apiPort = 3150 + offset;
const edgePort = 8850 + offset;

export interface OwnStack {
  /** The edge's address: the browser's base URL. */
  url: string;
  /** Stops the API (SIGTERM, as a deployment does) and waits until it has exited. */
  stopApi(): Promise<void>;
  /** Starts the API again on the same data, with `env` over its own, and waits until the edge reaches it. */
  startApi(env?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

async function answers(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopped(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return exited.finally(() => clearTimeout(timer));
}

/** The run's Leon simulator, read only: a first sync brings its trips, as on the run's stack. */
export const WITH_LEON = {
  LEON_URL: E2E.simURL,
  LEON_API_KEY: 'sim-demo-key',
  LEON_REQUESTS_PER_MINUTE: '0',
};

/**
 * `env` over the API's own: by default, Leon's simulator (WITH_LEON); `{}` starts it without Leon.
 * `host`: the name the browser opens it by (`localhost` for passkeys, whose relying party cannot be an
 * address); it listens on 127.0.0.1 either way.
 */
export async function startOwnStack(
  env: Record<string, string> = WITH_LEON,
  { host = '127.0.0.1' }: { host?: string } = {},
): Promise<OwnStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'own-stack-'));
  const url = `http://${host}:${edgePort}`;
  const local = `http://127.0.0.1:${edgePort}`;
  const secret = 'own-stack-edge-secret-0123456789abcdef01234';
  const base: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PUBLIC_ORIGIN: url,
    EDGE_SECRET: secret,
    SESSION_SECRET: E2E.sessionSecret,
  };
  delete base.DATABASE_URL;
  const node = (entry: string, extra: Record<string, string>) =>
    spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
      cwd: root,
      env: { ...base, ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  let api: ChildProcess | undefined;
  const startApi = async (own: Record<string, string> = env) => {
    api = node('api/server.ts', {
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LEON_POLL_MINUTES: '0',
      ...own,
    });
    await answers(`${local}/api/health`);
  };
  const edge = node('edge/node.ts', {
    EDGE_PORT: String(edgePort),
    API_ORIGIN: `http://127.0.0.1:${apiPort}`,
    ASSETS_DIR: join(root, 'web/dist'),
  });
  await startApi();
  await answers(`${local}/login`);
  return {
    url,
    stopApi: () => stopped(api),
    startApi,
    async close() {
      await stopped(edge);
      await stopped(api);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
