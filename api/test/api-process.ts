// api/server.ts as its own process, as production runs it (tests that kill or stop it: scripts/
// faults-kill.test.ts, scripts/shutdown.test.ts). Resolves once it listens, with the process and the
// origin it listens on; rejects with what it printed if it stops first.
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface ApiProcess {
  child: ChildProcess;
  origin: string;
}

export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api/server.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', SINGLE_INSTANCE: 'true', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.resume();
  return new Promise((resolveStart, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /API listening on http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port) resolveStart({ child, origin: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`the API stopped (${code}): ${out}`)));
  });
}
