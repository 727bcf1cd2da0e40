// A local Leon for development, demos and tests: the same protocol (API key → access token, Bearer
// GraphQL, 401/429/400 as Leon answers them) over deterministic French data, plus a control API under
// /__sim/ (not Leon's) to add, change, cancel and delete trips and to inject failures.
import { randomBytes } from 'node:crypto';
import { type DocumentNode, execute, type GraphQLError, parse, validate as validateDocument } from 'graphql';
import { Hono } from 'hono';
import {
  array,
  boolean,
  enums,
  integer,
  literal,
  min,
  nullable,
  number,
  object,
  optional,
  partial,
  type Struct,
  string,
  union,
  validate,
} from 'superstruct';
import { generateTrips } from './generate';
import { createInvoiceStore, invoiceRootValue } from './invoices';
import { DAY, SIM_TRIP_KINDS, type SimSafetyReport, type SimTrip } from './model';
import { createLeonSchema, createRootValue } from './schema';
import {
  type AddReportInput,
  type AddTripInput,
  type ChangeReportInput,
  type ChangeTripInput,
  createStore,
  SimulatorInputError,
} from './store';

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

export type FailureStatus = 401 | 429 | 500 | 502 | 503 | 'timeout';

export interface FailNextOptions {
  /** Seconds or an HTTP date, sent as Retry-After with a 429. */
  retryAfter?: number | string;
  /** Which endpoint fails. Default: the GraphQL endpoint. */
  on?: 'graphql' | 'refresh' | 'any';
  /** How many consecutive requests fail. Default 1. */
  times?: number;
}

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

const TripStatusStruct = enums(['CONFIRMED', 'OPTION', 'OPPORTUNITY'] as const);
const CrewStruct = array(
  object({
    contactNid: integer(),
    position: string(),
    name: string(),
    surname: string(),
    phoneWork: nullable(string()),
  }),
);
const legFields = {
  from: string(),
  to: string(),
  std: string(),
  sta: optional(string()),
  blockOff: optional(nullable(string())),
  blockOn: optional(nullable(string())),
  registration: optional(nullable(string())),
  passengers: optional(min(integer(), 0)),
  crew: optional(CrewStruct),
  isCnl: optional(boolean()),
  flightNo: optional(nullable(string())),
};
const AddTripStruct: Struct<AddTripInput> = object({
  tripNumber: optional(string()),
  status: optional(TripStatusStruct),
  client: optional(nullable(string())),
  kind: optional(enums(SIM_TRIP_KINDS)),
  legs: optional(array(object({ ...legFields, flightNid: optional(min(integer(), 1)) }))),
});
const LegPatchStruct = partial(object(legFields));
const ChangeTripStruct: Struct<ChangeTripInput> = object({
  status: optional(TripStatusStruct),
  client: optional(nullable(string())),
  legs: optional(array(optional(nullable(LegPatchStruct)))),
});
const CancelStruct = object({ at: optional(string()) });
const reportFields = {
  tripNumber: optional(nullable(string())),
  reportDateUTC: optional(string()),
  status: optional(enums(['OPEN', 'CLOSED'] as const)),
  category: optional(string()),
  title: optional(string()),
  description: optional(string()),
  presumedCauses: optional(string()),
  correctiveAction: optional(nullable(string())),
};
const AddReportStruct: Struct<AddReportInput> = object({
  ...reportFields,
  attachments: optional(
    array(object({ fileName: string(), kind: optional(enums(['pdf', 'png'] as const)) })),
  ),
});
const ChangeReportStruct: Struct<ChangeReportInput> = object(reportFields);
const BreakStruct = object({ times: optional(min(integer(), 1)) });
const FailNextStruct = object({
  status: union([literal(401), literal(429), literal(500), literal(502), literal(503), literal('timeout')]),
  retryAfter: optional(union([number(), string()])),
  on: optional(enums(['graphql', 'refresh', 'any'] as const)),
  times: optional(min(integer(), 1)),
});

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
  const documents = new Map<string, { document: DocumentNode } | { errors: readonly GraphQLError[] }>();

  const tokens = new Map<string, number>();
  const counters = { refreshCalls: 0, tokensIssued: 0, graphqlCalls: 0 };
  let injections: Injection[] = [];

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

  async function input<T>(
    c: { req: { json(): Promise<unknown> } },
    struct: Struct<T>,
    empty?: T,
  ): Promise<T> {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      if (empty !== undefined) return empty;
      throw new SimulatorInputError('A JSON body is required');
    }
    const [error, value] = validate(raw, struct);
    if (error) throw new SimulatorInputError(error.message);
    return value;
  }

  app.onError((error, c) => {
    if (error instanceof SimulatorInputError) return c.json({ message: error.message }, error.status);
    console.error(error);
    return c.json({ message: 'Simulator error' }, 500);
  });

  app.get('/__sim/health', (c) => c.json({ ok: true }));
  app.get('/__sim/stats', (c) => c.json(stats()));
  app.get('/__sim/trips', (c) => c.json(store.list()));
  app.get('/__sim/trips/:tripNumber', (c) => c.json(store.get(c.req.param('tripNumber'))));
  app.post('/__sim/trips', async (c) => c.json(store.add(await input(c, AddTripStruct, {})), 201));
  app.patch('/__sim/trips/:tripNumber', async (c) =>
    c.json(store.change(c.req.param('tripNumber'), await input(c, ChangeTripStruct))),
  );
  app.post('/__sim/trips/:tripNumber/cancel', async (c) =>
    c.json(store.cancel(c.req.param('tripNumber'), await input(c, CancelStruct, {}))),
  );
  app.delete('/__sim/trips/:tripNumber', (c) => c.json(store.remove(c.req.param('tripNumber'))));
  app.get('/__sim/safety-reports', (c) => c.json(store.reports().map(reportSummary)));
  app.post('/__sim/safety-reports', async (c) =>
    c.json(reportSummary(store.addReport(await input(c, AddReportStruct, {}))), 201),
  );
  app.patch('/__sim/safety-reports/:nid', async (c) =>
    c.json(reportSummary(store.changeReport(Number(c.req.param('nid')), await input(c, ChangeReportStruct)))),
  );
  app.delete('/__sim/safety-reports/:nid', (c) =>
    c.json(reportSummary(store.removeReport(Number(c.req.param('nid'))))),
  );
  app.post('/__sim/safety-report-attachments/:nid/break', async (c) => {
    const { times } = await input(c, BreakStruct, {});
    breakAttachment(Number(c.req.param('nid')), times);
    return c.json({ ok: true });
  });
  app.post('/__sim/reset', (c) => {
    reset();
    return c.json({ ok: true });
  });
  app.post('/__sim/fail-next', async (c) => {
    const { status, ...rest } = await input(c, FailNextStruct);
    failNext(status, rest);
    return c.json({ ok: true });
  });

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

/** A report as the control API shows it: without the attachments' bytes. */
function reportSummary(report: SimSafetyReport) {
  return {
    ...report,
    attachments: report.attachments.map(({ bytes, ...a }) => ({ ...a, size: bytes.byteLength })),
  };
}
