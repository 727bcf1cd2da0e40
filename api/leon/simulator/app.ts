// A local Leon for development, demos and tests: the same protocol (API key → access token, Bearer
// GraphQL, 401/429/400 as Leon answers them) over deterministic French data, plus a control API under
// /__sim/ (not Leon's, control.ts) to add, change, cancel and delete trips and to inject failures.
import { randomBytes } from 'node:crypto';
import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLSchema,
  parse,
  validate as validateDocument,
} from 'graphql';
import { Hono } from 'hono';
import { type FailNextOptions, type FailureStatus, mountControlApi } from './control';
import { generateTrips } from './generate';
import { createInvoiceStore, invoiceRootValue } from './invoices';
import { DAY, type SimSafetyReport, type SimTrip } from './model';
import { createLeonSchema, createRootValue } from './schema';
import { createStore, SimulatorInputError } from './store';

export interface LeonSimulatorOptions {
  /** The API key (refresh token) the simulator accepts. */
  apiKey: string;
  /** Epoch milliseconds. Default Date.now. */
  now?: () => number;
  seed?: number;
  /** Access-token lifetime. Leon: 1800 s. */
  tokenTtlSeconds?: number;
  /** Active tokens allowed per key before 429. Leon: 500. */
  maxActiveTokens?: number;
  /** Initial trips: a number to generate (default 40, first departures from 45 days ago to 30 days ahead) or a list. */
  trips?: number | SimTrip[];
  /** Initial safety reports; default: a few generated on the initial trips' flown ones. */
  reports?: SimSafetyReport[];
}

export type { FailNextOptions, FailureStatus } from './control';

export interface LeonSimulatorStats {
  refreshCalls: number;
  tokensIssued: number;
  activeTokens: number;
  graphqlCalls: number;
  clock: number;
  trips: number;
}

interface Injection {
  status: FailureStatus;
  retryAfter?: number | string;
  on: 'graphql' | 'refresh' | 'any';
}

// Leon's two paths, trailing slash included: without it, 404 as on Leon.
export const REFRESH_PATH = '/access_token/refresh/';
export const GRAPHQL_PATH = '/api/graphql/';

const MAX_HANG_MS = 120_000;
const DOCUMENT_CACHE_LIMIT = 200;

export function createLeonSimulator(options: LeonSimulatorOptions) {
  const now = options.now ?? Date.now;
  const seed = options.seed ?? 1;
  const ttlMs = (options.tokenTtlSeconds ?? 1800) * 1000;
  const maxActiveTokens = options.maxActiveTokens ?? 500;
  const initialTrips =
    typeof options.trips === 'object'
      ? options.trips
      : generateTrips(options.trips ?? 40, {
          seed,
          from: now() - 45 * DAY,
          to: now() + 30 * DAY,
          now: now(),
        });
  const store = createStore({ now, seed, initialTrips, initialReports: options.reports });
  /** Attachments that answer 503 for their next `n` downloads (tests of copies that fail). */
  const brokenAttachments = new Map<number, number>();
  const schema = createLeonSchema();
  const invoices = createInvoiceStore({ now, trips: store.list });
  const rootValue = { ...createRootValue(store), ...invoiceRootValue(invoices, store.find) };
  const compile = documentCache(schema);

  const tokens = new Map<string, number>();
  const counters = { refreshCalls: 0, tokensIssued: 0, graphqlCalls: 0 };
  let injections: Injection[] = [];
  /** How long each GraphQL answer waits (a slow Leon, as at night over a long history); 0 by default. */
  let latencyMs = 0;

  function activeTokens(): number {
    const t = now();
    for (const [token, expiresAt] of tokens) if (expiresAt <= t) tokens.delete(token);
    return tokens.size;
  }

  function takeInjection(endpoint: 'graphql' | 'refresh'): Injection | undefined {
    const index = injections.findIndex((i) => i.on === endpoint || i.on === 'any');
    if (index === -1) return undefined;
    return injections.splice(index, 1)[0];
  }

  const app = new Hono();

  app.post(REFRESH_PATH, async (c) => {
    counters.refreshCalls++;
    const injection = takeInjection('refresh');
    if (injection) return injected(injection, c.req.raw.signal);
    let refreshToken: unknown;
    try {
      refreshToken = (await c.req.parseBody()).refresh_token;
    } catch {
      refreshToken = undefined;
    }
    if (typeof refreshToken !== 'string' || !refreshToken) return c.text('refresh_token is required.', 400);
    if (refreshToken !== options.apiKey) return c.text('Invalid refresh token.', 401);
    if (activeTokens() >= maxActiveTokens) {
      const oldest = Math.min(...tokens.values());
      c.header('Retry-After', String(Math.max(1, Math.ceil((oldest - now()) / 1000))));
      return c.text('Too many active access tokens for this refresh token.', 429);
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, now() + ttlMs);
    counters.tokensIssued++;
    return c.text(token, 200);
  });

  app.post(GRAPHQL_PATH, async (c) => {
    counters.graphqlCalls++;
    const injection = takeInjection('graphql');
    if (injection) return injected(injection, c.req.raw.signal);
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const expiresAt = match ? tokens.get(match[1]) : undefined;
    if (expiresAt === undefined || expiresAt <= now())
      return c.json({ detail: 'Invalid or expired access token.' }, 401);
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = await c.req.json();
    } catch {
      return c.json({ errors: [{ message: 'The body must be JSON: {"query": …, "variables": …}.' }] }, 400);
    }
    if (typeof body?.query !== 'string')
      return c.json({ errors: [{ message: 'A "query" string is required.' }] }, 400);
    const compiled = compile(body.query);
    if ('errors' in compiled)
      return c.json({ errors: compiled.errors.map((e) => ({ message: e.message })) }, 400);
    const result = await execute({
      schema,
      document: compiled.document,
      rootValue,
      variableValues: (body.variables ?? {}) as Record<string, unknown>,
      operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
    });
    // A request that never started (a variable that is not ISO 8601 UTC…) is Leon's 400; errors
    // during execution travel as `errors` beside `data`.
    if (!('data' in result) || result.data === undefined)
      return c.json({ errors: (result.errors ?? []).map((e) => e.toJSON()) }, 400);
    return c.json(result, 200);
  });

  // An attachment of a safety report, read with the same Bearer token as GraphQL.
  app.get('/api/safety-report-attachments/:nid/', (c) => {
    counters.graphqlCalls++;
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const expiresAt = match ? tokens.get(match[1]) : undefined;
    if (expiresAt === undefined || expiresAt <= now())
      return c.json({ detail: 'Invalid or expired access token.' }, 401);
    const nid = Number(c.req.param('nid'));
    const broken = brokenAttachments.get(nid) ?? 0;
    if (broken > 0) {
      if (broken === Number.POSITIVE_INFINITY) {
        // stays broken
      } else if (broken === 1) brokenAttachments.delete(nid);
      else brokenAttachments.set(nid, broken - 1);
      return c.json({ detail: 'Service unavailable.' }, 503);
    }
    const file = Number.isInteger(nid) ? store.attachmentFile(nid) : undefined;
    if (!file) return c.json({ detail: 'Not found.' }, 404);
    return new Response(file.bytes as BodyInit, {
      headers: { 'content-type': file.contentType, 'content-length': String(file.bytes.byteLength) },
    });
  });

  // ——— Control API (not Leon's) ———

  app.onError((error, c) => {
    if (error instanceof SimulatorInputError) return c.json({ message: error.message }, error.status);
    console.error(error);
    return c.json({ message: 'Simulator error' }, 500);
  });

  mountControlApi(app, { store, stats, reset, failNext, breakAttachment, setLatency });

  /** Makes every GraphQL answer wait `ms` from now on (0: at once again). */
  function setLatency(ms: number): void {
    latencyMs = ms;
  }

  function stats(): LeonSimulatorStats {
    return {
      ...counters,
      activeTokens: activeTokens(),
      clock: store.clock(),
      trips: store.list().filter((t) => !t.isDeleted).length,
    };
  }

  /** Makes the next request(s) to an endpoint fail with `status` (or hang, for 'timeout'). */
  function failNext(status: FailureStatus, failOptions: FailNextOptions = {}): void {
    for (let i = 0; i < (failOptions.times ?? 1); i++)
      injections.push({ status, retryAfter: failOptions.retryAfter, on: failOptions.on ?? 'graphql' });
  }

  function reset(): void {
    store.reset();
    invoices.reset();
    injections = [];
    latencyMs = 0;
    brokenAttachments.clear();
  }

  /** Makes an attachment's next `times` downloads fail with 503 (for good without `times`). */
  function breakAttachment(attachmentNid: number, times?: number): void {
    brokenAttachments.set(attachmentNid, times ?? Number.POSITIVE_INFINITY);
  }

  return {
    app,
    /** `fetch` bound to the app, for a client under test: no port needed. */
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      app.fetch(new Request(input, init))) as typeof globalThis.fetch,
    addTrip: store.add,
    changeTrip: store.change,
    cancelTrip: store.cancel,
    deleteTrip: store.remove,
    trip: store.find,
    trips: store.list,
    /** Sales invoices and credit notes, issued for completed trips (simulator/invoices.ts). */
    invoices,
    reset,
    failNext,
    addReport: store.addReport,
    changeReport: store.changeReport,
    deleteReport: store.removeReport,
    reports: store.reports,
    breakAttachment,
    repairAttachment: (attachmentNid: number) => brokenAttachments.delete(attachmentNid),
    /** Ends every access token now (as after a key rotation on Leon's side). */
    revokeTokens(): void {
      tokens.clear();
    },
    stats,
  };
}

export type LeonSimulator = ReturnType<typeof createLeonSimulator>;

/** A failure injected by `failNext`: Leon's error answer, or no answer in time for 'timeout'. */
async function injected(injection: Injection, signal: AbortSignal): Promise<Response> {
  if (injection.status === 'timeout') {
    // Never answers in time: waits until the caller gives up (or a long cap).
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, MAX_HANG_MS);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    return new Response('Gateway Timeout', { status: 504 });
  }
  const headers = new Headers({ 'content-type': 'application/json' });
  if (injection.status === 429) headers.set('retry-after', String(injection.retryAfter ?? 1));
  const messages: Record<number, string> = {
    401: 'Invalid or expired access token.',
    429: 'Too many requests.',
    500: 'Internal server error.',
    502: 'Bad gateway.',
    503: 'Service unavailable.',
  };
  return new Response(JSON.stringify({ detail: messages[injection.status] }), {
    status: injection.status,
    headers,
  });
}

/** Parses and validates a GraphQL document once; the answer (document or errors) is kept for the next calls. */
function documentCache(schema: GraphQLSchema) {
  const documents = new Map<string, { document: DocumentNode } | { errors: readonly GraphQLError[] }>();
  function compile(query: string) {
    let entry = documents.get(query);
    if (!entry) {
      try {
        const document = parse(query);
        const errors = validateDocument(schema, document);
        entry = errors.length ? { errors } : { document };
      } catch (error) {
        entry = { errors: [error as GraphQLError] };
      }
      if (documents.size >= DOCUMENT_CACHE_LIMIT) documents.clear();
      documents.set(query, entry);
    }
    return entry;
  }
  return compile;
}
