// The stack of `npm run dev` (scripts/start.ts --dev: Vite serving the SPA with the flow player under
// /__flows, /api through the edge to the real API and a fresh database, the Leon simulator) started by a
// browser test file on ports of its own (3300/8900/4300/5300 + E2E_PORT_OFFSET), and stopped after it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from './support/test';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const DEV_PORTS = { API_PORT: 3300, EDGE_PORT: 8900, LEON_SIM_PORT: 4300, DEV_PORT: 5300 };
/** How long a test on the dev stack waits for what it expects (see useDevStack). */
export const DEV_STACK_EXPECT = { timeout: 30_000 };
/** The SPA under Vite (the address the browser opens). */
export const devURL = `http://localhost:${DEV_PORTS.DEV_PORT + offset}`;
/** The Leon simulator's own address (its /__sim routes add trips and reports). */
export const simURL = `http://127.0.0.1:${DEV_PORTS.LEON_SIM_PORT + offset}`;

export interface DevStack {
  stop(): Promise<void>;
}

/** Starts the stack and waits until the API answers through Vite and the sign-in page is served. */
export async function startDevStack(): Promise<DevStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flows-e2e-'));
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir };
  for (const [name, port] of Object.entries(DEV_PORTS)) env[name] = String(port + offset);
  delete env.PUBLIC_ORIGIN;
  delete env.LEON_URL;
  env.LEON_POLL_MINUTES = '0';
  const stack: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dev'], {
    cwd: resolve(import.meta.dirname, '..'),
    env,
    detached: true,
    stdio: 'ignore',
  });
  const stop = async () => {
    if (stack.pid && stack.exitCode === null && stack.signalCode === null) {
      const exited = new Promise((r) => stack.once('exit', r));
      process.kill(-stack.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (stack.exitCode === null && stack.signalCode === null) process.kill(-stack.pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 200_000;
  for (;;) {
    const ok = await fetch(`${devURL}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    const page = ok && (await fetch(`${devURL}/login`).then((r) => r.ok));
    if (page) break;
    if (Date.now() > deadline || stack.exitCode !== null) {
      await stop();
      throw new Error('npm run dev did not start');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { stop };
}

/**
 * The tests of the calling file run one after the other on a dev stack started before them, stopped after.
 * Vite compiles each module the first time a page asks for it: on a loaded machine a first sign-in or a
 * first visit to a screen took more than the usual waits (two CI runs on 28 November 2026), so each test
 * here has three times the usual time, and its files wait 30 s for what they expect (DEV_STACK_EXPECT).
 */
export function useDevStack(): void {
  let stack: DevStack | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    stack = await startDevStack();
  });
  test.beforeEach(() => {
    test.slow();
  });
  test.afterAll(async () => {
    await stack?.stop();
  });
}
