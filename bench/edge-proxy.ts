// What the edge costs, against what a proxy can do on this machine (issue 28), in one run: the same
// requests straight to the API, through a bare undici pass-through (a Node HTTP server that forwards
// and pipes, nothing else), through HAProxy (Debian's), through the Node edge (edge/node.ts) and through
// the Workers edge in workerd (`wrangler dev`). Two routes: GET /user/me (the cheapest) and a page of
// the mission list. One API (the built bundle, production mode) on a fresh PostgreSQL database; each
// path measured in turn, BENCH_ROUNDS rounds of BENCH_SECONDS, so that a busy moment weighs on all. The
// Worker is measured last, against direct again, while `wrangler dev` runs: it takes CPU even when idle.
// Then the Node edge once more under `--cpu-prof`: where its time goes, by module.
// Goals: the Node edge within 15 % of the bare pass-through; ≥ 75 % of direct on /user/me, ≥ 90 % on
// the mission list. Figures only; nothing is asserted.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { onDatabaseServer, withDatabase } from '../api/db/scratch';
import { EDGE_SECRET_HEADER } from '../contract/http';
import { wranglerConfig } from '../scripts/wrangler-config.mjs';
import { HAPROXY_DEFAULTS, signInCookies, waitFor } from './lib/processes';

const root = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 20;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const secrets = {
  SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
  EDGE_SECRET: 'bench-edge-secret-0123456789abcdef0123456789',
};
const ports = { api: 3340, bare: 3341, haproxy: 3342, edge: 8940, workerd: 8941, profiled: 8942 };
const origin = (port: number) => `http://127.0.0.1:${port}`;
const temp = mkdtempSync(join(tmpdir(), 'bench-edge-'));
const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(args[0], args.slice(1), {
    cwd: root,
    env: {
      ...process.env,
      ...secrets,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      MFA_REQUIRED_ROLES: 'none',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/** The bare pass-through: strips /api, adds the edge's secret, forwards, pipes the answer back. */
function startBare(apiOrigin: string, port: number): Promise<() => void> {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  const server = createServer(async (req, res) => {
    try {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (value !== undefined && name !== 'host' && name !== 'connection') headers[name] = value;
      headers[EDGE_SECRET_HEADER] = secrets.EDGE_SECRET;
      const answer = await request(apiOrigin + (req.url ?? '/').replace(/^\/api/, ''), {
        method: req.method as 'GET',
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? null : req,
        dispatcher: agent,
      });
      const out = { ...answer.headers };
      delete out.connection;
      delete out['keep-alive'];
      delete out['transfer-encoding'];
      res.writeHead(answer.statusCode, out as Record<string, string>);
      await pipeline(answer.body, res);
    } catch {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    }
  });
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r(() => server.close())));
}

function haproxyConfig(apiPort: number, port: number): string {
  const file = join(temp, 'haproxy.cfg');
  writeFileSync(
    file,
    [
      ...HAPROXY_DEFAULTS,
      '  option http-keep-alive',
      'frontend edge',
      `  bind 127.0.0.1:${port}`,
      '  http-request replace-path ^/api(/.*)$ \\1',
      `  http-request set-header ${EDGE_SECRET_HEADER} ${secrets.EDGE_SECRET}`,
      '  default_backend api',
      'backend api',
      `  server api 127.0.0.1:${apiPort}`,
      '',
    ].join('\n'),
  );
  return file;
}

const signIn = () =>
  signInCookies(`${origin(ports.api)}/auth/login`, origin(ports.edge), 'operation@demo.test', {
    [EDGE_SECRET_HEADER]: secrets.EDGE_SECRET,
  });

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

async function measure(url: string, cookie: string, seconds = SECONDS): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie, [EDGE_SECRET_HEADER]: secrets.EDGE_SECRET },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

/** Self time by module of a V8 CPU profile: node internals, each package, each file of ours. */
function profileByModule(file: string): Array<[string, number]> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { url, functionName } = byId.get(id)?.callFrame ?? { url: '', functionName: '' };
    let key: string;
    if (!url) key = functionName ? `(${functionName.replace(/[()]/g, '')})` : '(native)';
    else if (url.startsWith('node:')) key = url.split('/').slice(0, 3).join('/');
    else if (url.includes('/node_modules/')) {
      const parts = url.split('/node_modules/').pop()?.split('/') ?? [];
      key = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    } else key = url.replace(/^file:\/\//, '').replace(`${root}/`, '');
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, (v / sum) * 100]);
}

const dbName = `bench_edge_${randomBytes(4).toString('hex')}`;
let created = false;
try {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build-api.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build:api failed');
  const haproxyFound = spawnSync('haproxy', ['-v']).status === 0;
  await onDatabaseServer(serverUrl, `CREATE DATABASE ${dbName}`);
  created = true;
  const url = withDatabase(serverUrl, dbName);
  const api = origin(ports.api);
  start([process.execPath, join(root, 'dist/api/server.js')], {
    API_PORT: String(ports.api),
    PUBLIC_ORIGIN: origin(ports.edge),
    DATA_DIR: join(temp, 'data'),
    DATABASE_URL: url,
    SEED_DEMO: 'true',
    LEON_POLL_MINUTES: '0',
    SINGLE_INSTANCE: 'true',
  });
  await waitFor(`${api}/health`, 2400);

  const paths: Array<[string, string]> = [['direct', api]];
  const stopBare = await startBare(api, ports.bare);
  paths.push(['bare undici pass-through', `${origin(ports.bare)}/api`]);
  if (haproxyFound) {
    start(['haproxy', '-f', haproxyConfig(ports.api, ports.haproxy), '-db']);
    await waitFor(`${origin(ports.haproxy)}/api/health`, 200);
    paths.push(['HAProxy', `${origin(ports.haproxy)}/api`]);
  } else console.log('HAProxy is missing (apt-get install -y haproxy): its line is left out.');
  const edgeEnv = (port: number) => ({
    EDGE_PORT: String(port),
    API_ORIGIN: api,
    PUBLIC_ORIGIN: origin(ports.edge),
    ASSETS_DIR: join(root, 'web/dist'),
  });
  start([process.execPath, '--import', 'tsx', join(root, 'edge/node.ts')], edgeEnv(ports.edge));
  await waitFor(`${origin(ports.edge)}/api/health`, 1200);
  paths.push(['Node edge', `${origin(ports.edge)}/api`]);
  const cookie = await signIn();
  const routes: Array<[string, string, number]> = [
    // [route, path, goal: the Node edge's share of direct]
    ['GET /user/me', '/user/me', 0.75],
    ['GET /missions (a page of the list)', '/missions?status=completed&pageNumber=1&pageSize=10', 0.9],
  ];
  for (const [, path] of routes) {
    const check = await fetch(`${paths[paths.length - 1][1]}${path}`, { headers: { cookie } });
    if (!check.ok) throw new Error(`${path}: ${check.status} ${await check.text()}`);
  }
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s per measure, ${ROUNDS} round(s) in turn, one API (built bundle) ` +
      `on PostgreSQL; 2 CPU cores shared by every process; load average ${loadavg()[0].toFixed(1)} at start`,
  );
  /** Each path measured in turn, ROUNDS times; the means printed beside direct's. */
  async function compare(title: string, path: string, among: Array<[string, string]>) {
    const runs = new Map<string, Measure[]>(among.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, base] of among) runs.get(name)?.push(await measure(`${base}${path}`, cookie));
    const mean = (name: string) => {
      const list = runs.get(name) ?? [];
      const avg = (pick: (m: Measure) => number) => list.reduce((a, m) => a + pick(m), 0) / list.length;
      return {
        rps: avg((m) => m.rps),
        p50: avg((m) => m.p50),
        p99: avg((m) => m.p99),
        failed: avg((m) => m.failed),
      };
    };
    const direct = mean('direct').rps;
    console.log(`\n${title}:`);
    for (const [name] of among) {
      const m = mean(name);
      console.log(
        `  ${name.padEnd(38)} ${m.rps.toFixed(0).padStart(6)} req/s  ${((m.rps / direct) * 100).toFixed(0).padStart(3)} % of direct` +
          `   p50 ${m.p50.toFixed(1)} ms  p99 ${m.p99.toFixed(1)} ms  ${m.failed ? `${m.failed} failed` : ''}`,
      );
    }
    return mean;
  }
  for (const [title, path, goal] of routes) {
    const mean = await compare(title, path, paths);
    const direct = mean('direct').rps;
    const edge = mean('Node edge').rps;
    const bare = mean('bare undici pass-through').rps;
    console.log(
      `  Node edge: ${((edge / bare) * 100).toFixed(0)} % of the bare pass-through (goal ≥ 85 %), ` +
        `${((edge / direct) * 100).toFixed(0)} % of direct (goal ≥ ${goal * 100} %)   load ${loadavg()[0].toFixed(1)}`,
    );
  }
  stopBare();
  // workerd, as `wrangler dev` runs the Worker (local mode: no Cloudflare account, no network). Started
  // only now: while it runs, wrangler and its two workerd processes take CPU even when idle.
  const wranglerToml = wranglerConfig(root);
  const wrangler = start(
    [
      join(root, 'node_modules/.bin/wrangler'),
      'dev',
      '--config',
      wranglerToml.config,
      '--port',
      String(ports.workerd),
      '--ip',
      '127.0.0.1',
      '--var',
      `API_ORIGIN:${api}`,
      '--var',
      `EDGE_SECRET:${secrets.EDGE_SECRET}`,
      '--log-level',
      'error',
    ],
    { WRANGLER_SEND_METRICS: 'false', CI: '1', NODE_ENV: 'development' },
  );
  const workerd = await waitFor(`${origin(ports.workerd)}/api/health`, 600).then(
    () => true,
    () => false,
  );
  if (workerd)
    for (const [title, path] of routes)
      await compare(
        `${title}, the Worker in workerd (wrangler dev), with direct measured again beside it`,
        path,
        [
          ['direct', api],
          ['Workers edge (wrangler dev, workerd)', `${origin(ports.workerd)}/api`],
        ],
      );
  else console.log('wrangler dev did not answer: the workerd lines are left out.');
  wrangler.kill('SIGTERM');
  wranglerToml.cleanup();

  // Where the Node edge's time goes: one more instance under the CPU profiler, the cheapest route.
  const profileDir = join(temp, 'profile');
  const profiled = start(
    [
      process.execPath,
      '--cpu-prof',
      '--cpu-prof-dir',
      profileDir,
      '--import',
      'tsx',
      join(root, 'edge/node.ts'),
    ],
    edgeEnv(ports.profiled),
  );
  await waitFor(`${origin(ports.profiled)}/api/health`, 1200);
  await measure(`${origin(ports.profiled)}/api/user/me`, cookie);
  await new Promise<void>((r) => {
    profiled.once('exit', () => r());
    profiled.kill('SIGTERM');
  });
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (file) {
    console.log(`\nNode edge under --cpu-prof, ${SECONDS} s of GET /user/me: self time by module`);
    for (const [module, share] of profileByModule(join(profileDir, file)).slice(0, 14))
      console.log(`  ${share.toFixed(1).padStart(5)} %  ${module}`);
  }
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  if (created) await onDatabaseServer(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(temp, { recursive: true, force: true });
}
