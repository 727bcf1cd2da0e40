// How long the production API takes to start: `npm run build:api` into a folder of its own, then the
// bundle started with plain Node, again and again, the time from its spawn to its first `GET /health` 200.
// On PostgreSQL (a database of its own on BENCH_DATABASE_URL's server, migrated by the first start) and on
// PGlite (a new folder each start: PGlite's own start and the migrations weigh most of it). BENCH_RUNS
// starts each (7 by default); BENCH_ONLY=postgres or pglite keeps one. Figures only (decision 048).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { onDatabaseServer, withDatabase } from '../api/db/scratch';
import { pct } from './lib/timing';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'dist', `bench-api-start-${process.pid}`);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const only = process.env.BENCH_ONLY;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Starts the bundle, waits for its health check, stops it; answers the milliseconds to the first 200. */
async function timeStart(env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [join(out, 'server.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      API_PORT: String(port),
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API stopped (exit ${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
  }
}

function print(kind: string, times: number[]) {
  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(
    `${kind.padEnd(10)} start to first health 200: min ${ms(Math.min(...times))}, median ${ms(pct(times, 50))}, max ${ms(Math.max(...times))}  (${times.map(Math.round).join(' ')})`,
  );
}

const build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--outdir', out], {
  cwd: root,
  encoding: 'utf8',
});
if (build.status !== 0) throw new Error(build.stderr);
const port = 37_100 + (process.pid % 500);
try {
  if (!only || only === 'postgres') {
    const name = `bench_api_start_${process.pid}`;
    await onDatabaseServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = withDatabase(serverUrl, name);
    try {
      const env = { DATABASE_URL: url };
      await timeStart(env, port); // migrates and seeds: not counted
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push(await timeStart(env, port));
      print('postgres', times);
    } finally {
      await onDatabaseServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
  if (!only || only === 'pglite') {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const data = mkdtempSync(join(tmpdir(), 'bench-api-start-'));
      try {
        times.push(await timeStart({ DATA_DIR: data }, port));
      } finally {
        rmSync(data, { recursive: true, force: true });
      }
    }
    print('pglite', times);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
