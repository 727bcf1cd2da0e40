// A test harness: the API app on a given database with a movable clock, and a caller that keeps its
// cookies like a browser, sends our public origin on writes and its address the way the edge does.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app';
import type { Database, Db } from '../db/client';
import { outbox } from '../db/schema';
import { seedDemo } from '../db/seed';
import { createLeonClient, createLeonSimulator, type LeonSource } from '../leon';
import { loadConfig } from '../lib/config';
import { createMailer } from '../lib/mail';
import { fileStoreFromConfig } from '../lib/storage';
import type { InputObserver } from '../lib/validate';
import { freshDatabase } from './databases';

export const ORIGIN = 'http://localhost:8787';
/** The edge's secret in tests: the Caller sends it, as the edge does, so its address counts. */
export const EDGE_SECRET = 'test-edge-secret-0123456789abcdef012345';

/** The configuration of tests: our origin, a session secret, the edge's secret; `env` on top. */
export const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    PUBLIC_ORIGIN: ORIGIN,
    SESSION_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    EDGE_SECRET,
    ...env,
  });

/** The app on `db` with test configuration (`env` on top); `onValidate` as createApp takes it. */
export function testApp(
  db: Db,
  env: Record<string, string> = {},
  leon?: LeonSource,
  options: { onValidate?: InputObserver } = {},
) {
  const clock = { now: new Date('2026-03-02T10:00:00Z') };
  const config = testConfig(env);
  const mailer = createMailer({ db, from: config.mailFrom, log: () => {} });
  // A local file store of its own, in a temporary folder created on the first write.
  const now = () => clock.now;
  const filesDir = join(tmpdir(), `bo-test-${randomUUID()}`);
  const files = fileStoreFromConfig({ ...config, dataDir: filesDir }, now, db);
  const app = createApp({ db, config, mailer, now, leon, files, onValidate: options.onValidate });
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  return { app, config, clock, advance, files, filesDir };
}

type TestApp = ReturnType<typeof testApp>;

/** Where tests serve the app on real sockets (api/lib/listen.ts): a free local port, the server's timeouts. */
export const LOCAL_SERVER = {
  port: 0,
  host: '127.0.0.1',
  keepAliveTimeoutMs: 5_000,
  requestTimeoutMs: 60_000,
};

/**
 * The app of a suite, made in its beforeAll on the demo data (seeded first): the returned object is
 * filled then, so that tests read `t.app`, `t.clock`… as usual.
 */
export function seededTestApp(
  database: () => Database,
  options: { env?: Record<string, string>; leon?: LeonSource } = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    await seedDemo(database().db);
    Object.assign(t, testApp(database().db, options.env, options.leon));
  });
  return t;
}

/** The app of a suite on a fresh PGlite database of its own, closed after the suite (HTTP-layer tests). */
export function freshTestApp(env: Record<string, string> = {}): TestApp {
  const t = {} as TestApp;
  let database: Database | undefined;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
    Object.assign(t, testApp(database.db, env));
  });
  afterAll(async () => {
    await database?.close();
  });
  return t;
}

/**
 * The Leon simulator and a client on it, reached without a network, both on Leon's clock `now`
 * (milliseconds; the real time by default); the client does not wait between retries, nor for Leon's
 * quotas, which the simulator does not have (api/leon/budget.test.ts paces).
 */
export function testLeon(options: { seed?: number; trips?: number; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const sim = createLeonSimulator({ apiKey: 'test-key', now, seed: options.seed, trips: options.trips });
  const leon = createLeonClient({
    baseUrl: 'http://leon.test',
    apiKey: 'test-key',
    fetch: sim.fetch,
    now,
    sleep: async () => {},
    budget: null,
  });
  return { sim, leon };
}

/** The text of the last mail sent to `to` (the outbox of the test mailer). */
export async function lastMailText(db: Db, to: string): Promise<string | undefined> {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return mail?.text;
}

/** The six-digit code of the last mail sent to `to` (forgotten password). */
export const lastResetCode = async (db: Db, to: string): Promise<string | undefined> =>
  (await lastMailText(db, to))?.match(/\b(\d{6})\b/)?.[1];

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

export class Caller {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: ReturnType<typeof testApp>['app'],
    private readonly ip = '203.0.113.7',
  ) {}

  /** A request as the browser sends it through the edge: its address, the edge's secret, the cookies. */
  private init(method: string, json?: unknown, headers: Record<string, string> = {}): RequestInit {
    return {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        'x-edge-secret': EDGE_SECRET,
        ...(method === 'GET' ? {} : { origin: ORIGIN }),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    };
  }

  async call<T = { data?: unknown; message?: string }>(
    method: string,
    path: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const response = await this.app.request(path, this.init(method, json, headers));
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some(
        (a) => /max-age=0/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()),
      );
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const type = response.headers.get('content-type') ?? '';
    const body = (type.includes('json') ? await response.json() : await response.text()) as T;
    return { status: response.status, body, headers: response.headers, setCookies };
  }

  get = <T = { data?: unknown; message?: string }>(path: string) => this.call<T>('GET', path);
  /** A GET answered as it came (a file, to read as bytes); its cookies are not kept. */
  file = (path: string) => this.app.request(path, this.init('GET'));
  post = <T = { data?: unknown; message?: string }>(path: string, json?: unknown) =>
    this.call<T>('POST', path, json);
  put = <T = { data?: unknown; message?: string }>(path: string, json?: unknown) =>
    this.call<T>('PUT', path, json);
  delete = <T = { data?: unknown; message?: string }>(path: string) => this.call<T>('DELETE', path);

  login(email: string, password = 'Demo-2026!') {
    return this.post('/auth/login', { email, password });
  }
}

/** A caller signed in as `email` (a demo account by default password), calling from `ip` if given. */
export async function signedIn(
  app: TestApp['app'],
  email: string,
  { password, ip }: { password?: string; ip?: string } = {},
): Promise<Caller> {
  const caller = new Caller(app, ip);
  await caller.login(email, password);
  return caller;
}

/** What a refused call answers: `status` and the French `{ message }` (for `toMatchObject`). */
export const refusal = (status: number, message: string) => ({ status, body: { message } });
