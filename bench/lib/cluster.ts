// The production shape on one machine (docs/deploy.md), as the cluster and live benchmarks start it:
// HAProxy (Debian's package) in front of three API instances of the built bundle on one PostgreSQL
// database (a fresh one on `serverUrl`'s server, dropped by `stop`), and the Node edge in front of HAProxy.
// An instance can be killed and started again (`kill`, `startApi`); `stop` ends every process it started.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { onDatabaseServer, withDatabase } from '../../api/db/scratch';
import { HAPROXY_DEFAULTS, waitFor } from './processes';

const root = resolve(import.meta.dirname, '../..');

/** Stops the benchmark `name` with a word on how to install HAProxy when it is missing. */
export function haproxyOrExit(name: string): void {
  const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (haproxy.error || haproxy.status !== 0) {
    console.log(
      'HAProxy is missing: this benchmark needs it in front of the API instances. ' +
        `Install it (Debian/Ubuntu: \`apt-get install -y haproxy\`) and run \`npm run bench ${name}\` again.`,
    );
    process.exit(1);
  }
}

export interface ClusterOptions {
  /** Names the database (bench_<name>_…) and the temporary folders. */
  name: string;
  /** The PostgreSQL server the database is created on. */
  serverUrl: string;
  ports: { haproxy: number; edge: number; apis: number[] };
  /** More environment for every API instance (Leon, SMTP, the feed's caps…). */
  apiEnv?: Record<string, string>;
  /**
   * What becomes of the processes' error output: shown as it comes (`inherit`, the default), or counted
   * by first line (`count`, read with `stderrCounts`), for a run whose every cut stream logs a stack.
   */
  stderr?: 'inherit' | 'count';
}

export class Cluster {
  static readonly secrets = {
    SESSION_SECRET: 'cluster-secret-0123456789abcdef0123456789abcdef',
    EDGE_SECRET: 'cluster-edge-secret-0123456789abcdef0123456789',
  };
  readonly edge: string;
  /** The database the instances share. */
  readonly databaseUrl: string;
  private readonly children = new Map<string, ChildProcess>();
  private readonly stderrLines = new Map<string, number>();
  private readonly dbName: string;
  private readonly dataDirs: string[];
  private readonly configDir: string;
  private created = false;

  constructor(private readonly options: ClusterOptions) {
    this.edge = `http://127.0.0.1:${options.ports.edge}`;
    this.dbName = `bench_${options.name}_${randomBytes(4).toString('hex')}`;
    this.databaseUrl = withDatabase(options.serverUrl, this.dbName);
    this.dataDirs = options.ports.apis.map(() => mkdtempSync(join(tmpdir(), `bench-${options.name}-`)));
    this.configDir = mkdtempSync(join(tmpdir(), 'bench-haproxy-'));
  }

  private spawn(name: string, args: string[], env: Record<string, string> = {}): ChildProcess {
    const counted = this.options.stderr === 'count';
    const child = spawn(args[0], args.slice(1), {
      cwd: root,
      env: { ...process.env, ...Cluster.secrets, ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', counted ? 'pipe' : 'inherit'],
    });
    if (counted && child.stderr)
      createInterface({ input: child.stderr }).on('line', (line) => {
        // A stack's frames and a dumped object's fields are indented; numbers (process ids) vary.
        if (!line.trim() || /^[\s{}()]/.test(line)) return;
        const key = `${name}: ${line.replace(/\d+/g, '#').slice(0, 140)}`;
        this.stderrLines.set(key, (this.stderrLines.get(key) ?? 0) + 1);
      });
    this.children.set(name, child);
    return child;
  }

  /** With `stderr: 'count'`: each first line the processes wrote (process: line), and how often. */
  stderrCounts(): Array<[string, number]> {
    return [...this.stderrLines].sort((a, b) => b[1] - a[1]);
  }

  /** Starts the API instance `index` (again); answers once its health check passes. */
  async startApi(index: number): Promise<ChildProcess> {
    const port = this.options.ports.apis[index];
    const child = this.spawn(`api${index}`, [process.execPath, join(root, 'dist/api/server.js')], {
      API_PORT: String(port),
      PUBLIC_ORIGIN: this.edge,
      DATA_DIR: this.dataDirs[index],
      DATABASE_URL: this.databaseUrl,
      SEED_DEMO: 'true',
      // The benchmarks store no file, so the instances need no shared bucket: production's refusal to
      // start with files on one machine's disk is lifted by the explicit opt-in (decision 031).
      SINGLE_INSTANCE: 'true',
      ...this.options.apiEnv,
    });
    await waitFor(`http://127.0.0.1:${port}/health`, 2400);
    return child;
  }

  /** A process it started: `api0`…, `haproxy` or `edge` (the last started under that name). */
  child(name: string): ChildProcess | undefined {
    return this.children.get(name);
  }

  /** Kills the API instance `index` at once (SIGKILL: no graceful stop). */
  kill(index: number): void {
    this.child(`api${index}`)?.kill('SIGKILL');
  }

  /** Builds the API bundle, creates the database and starts the instances, HAProxy and the edge. */
  async start(): Promise<void> {
    const { ports } = this.options;
    const build = spawnSync(process.execPath, [join(root, 'scripts/build-api.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build:api failed');
    await onDatabaseServer(this.options.serverUrl, `CREATE DATABASE ${this.dbName}`);
    this.created = true;
    // The first instance migrates and seeds the empty database alone; the others start on it after.
    // (Started together on an empty database, instances without a migration lock race on the same DDL.)
    await this.startApi(0);
    await Promise.all(ports.apis.slice(1).map((_, i) => this.startApi(i + 1)));

    const cfg = join(this.configDir, 'haproxy.cfg');
    writeFileSync(
      cfg,
      [
        ...HAPROXY_DEFAULTS,
        // A busy machine answers /health slowly: a slow check is not a dead instance.
        '  timeout check 5s',
        // A connection refused (the killed instance before its check notices) is tried on another one;
        // a request already sent is never replayed.
        '  retries 2',
        '  option redispatch',
        '  retry-on conn-failure',
        'frontend api',
        `  bind 127.0.0.1:${ports.haproxy}`,
        '  default_backend instances',
        'backend instances',
        // The change feed's events are small writes on a long answer: without this, HAProxy holds each one
        // back (MSG_MORE) until more comes or up to 200 ms pass (docs/deploy.md).
        '  option http-no-delay',
        '  balance roundrobin',
        '  option httpchk GET /health',
        '  http-check expect status 200',
        ...ports.apis.map((port, i) => `  server api${i} 127.0.0.1:${port} check inter 1s fall 3 rise 2`),
        '',
      ].join('\n'),
    );
    this.spawn('haproxy', ['haproxy', '-f', cfg, '-db']);
    await waitFor(`http://127.0.0.1:${ports.haproxy}/health`, 200);
    this.spawn('edge', [process.execPath, '--import', 'tsx', join(root, 'edge/node.ts')], {
      EDGE_PORT: String(ports.edge),
      API_ORIGIN: `http://127.0.0.1:${ports.haproxy}`,
      PUBLIC_ORIGIN: this.edge,
      ASSETS_DIR: join(root, 'web/dist'),
    });
    await waitFor(`${this.edge}/api/health`, 1200);
  }

  /** Ends every process (SIGTERM, then SIGKILL), drops the database and removes the folders. */
  async stop(): Promise<void> {
    for (const child of [...this.children.values()].reverse()) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    for (const child of this.children.values()) if (child.exitCode === null) child.kill('SIGKILL');
    if (this.created)
      await onDatabaseServer(this.options.serverUrl, `DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`);
    for (const dir of [...this.dataDirs, this.configDir]) rmSync(dir, { recursive: true, force: true });
  }
}
