// Every route of the API, found in the app's own route table (a new route is fuzzed without being listed
// here), fed input generated with fast-check from the contract schema the route reads it with: malformed
// JSON, wrong types, huge and negative numbers, impossible days, 1 MB strings, unknown enum values, unicode
// and path tricks in ids. Each answer is a 2xx, or a 4xx with a French `{message}`; never a 5xx. A route
// that refused every input changed no row, and a GET changes no row whatever it answers: a state change
// is never a GET (the CSRF rule covers writes only, decision 004), so a GET handler that writes fails here.

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Struct } from 'superstruct';
import { beforeAll, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '../contract/validation';
import { seedDemo } from './db/seed';
import type { InputObserver } from './lib/validate';
import { arbitraryFor, hostileJson, pathValue, queryArbitraryFor } from './test/arbitraries';
import { describeEachDatabase } from './test/databases';
import { insertMissions } from './test/fixtures';
import { EDGE_SECRET, ORIGIN, testApp, testLeon } from './test/harness';

// biome-ignore lint/suspicious/noExplicitAny: any struct, whatever its schema type
type AnyStruct = Struct<any, any>;

/** Runs per route; FUZZ_RUNS=500 for a longer search. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Tables that record refused attempts on purpose (failed sign-ins, rate limits, the mails they send). */
const ATTEMPT_TABLES = new Set([
  'sessions',
  'refresh_tokens',
  'rate_limits',
  'outbox',
  'password_reset_codes',
]);

/** Wordings of superstruct, V8, PostgreSQL or Hono: English, and none of them may reach a caller. */
const ENGLISH = /expected|unexpected|json|syntax|invalid input|error|undefined|NaN|\bat path\b|internal/i;

interface Inputs {
  body?: AnyStruct;
  query?: AnyStruct;
  params: Record<string, AnyStruct>;
}

interface Request {
  path: string;
  query: Record<string, string>;
  /** The raw body text, or undefined for none. */
  body?: string;
}

let seen: Map<string, Inputs> = new Map();
/** Given to the app (createApp's `onValidate`): learns the schemas each route reads its input with. */
const learnInputs: InputObserver = (c, input) => {
  const key = `${c.req.method} ${c.req.routePath}`;
  const inputs = seen.get(key) ?? { params: {} };
  if (input.where === 'param') inputs.params[input.name] = input.schema;
  else inputs[input.where] = input.schema;
  seen.set(key, inputs);
};

describeEachDatabase('route-table fuzzing', (database) => {
  let t: ReturnType<typeof testApp>;
  let missionId: string;
  let sessionCookies = '';
  let ip = 0;

  /** A fresh ADMIN session from an address of its own (a route may end it, or count failures). */
  async function signIn(): Promise<void> {
    const answer = await t.app.request('/auth/login', {
      method: 'POST',
      headers: headers(true),
      body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo-2026!' }),
    });
    expect(answer.status).toBe(200);
    sessionCookies = answer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  }

  function headers(json: boolean): Record<string, string> {
    return {
      'x-forwarded-for': `198.51.${100 + Math.floor(ip / 250)}.${(ip % 250) + 1}`,
      'x-edge-secret': EDGE_SECRET,
      origin: ORIGIN,
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(sessionCookies ? { cookie: sessionCookies } : {}),
    };
  }

  async function send(method: string, request: Request) {
    const search = new URLSearchParams(request.query).toString();
    const response = await t.app.request(`${request.path}${search ? `?${search}` : ''}`, {
      method,
      headers: headers(request.body !== undefined),
      body: request.body,
    });
    const type = response.headers.get('content-type') ?? '';
    // The change feed's stream (GET /events) never ends by itself: its answer is its status.
    if (type.includes('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, body: null };
    }
    const body: unknown = type.includes('json') ? await response.json() : await response.text();
    return { status: response.status, body };
  }

  /** A digest of every table but the attempt records: equal digests, no row changed. */
  async function fingerprint(): Promise<string> {
    const tables = (await database().db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: Array<{ name: string }> };
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      if (ATTEMPT_TABLES.has(name) || name.startsWith('__drizzle')) continue;
      const digest = (await database().db.execute(
        sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '')
                 as d from "${name}" t`),
      )) as unknown as { rows: Array<{ d: string }> };
      parts.push(`${name}=${digest.rows[0].d}`);
    }
    return parts.join('\n');
  }

  const fill = (path: string, values: Record<string, string>) =>
    path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? missionId));

  beforeAll(async () => {
    await seedDemo(database().db);
    // Leon is the simulator, so that the sync routes run for real.
    const now = () => Date.parse('2026-03-02T10:00:00Z');
    const { leon, sim } = testLeon({ now, seed: 3, trips: 6 });
    t = testApp(database().db, {}, leon, { onValidate: learnInputs });
    [missionId] = await insertMissions(database().db, [
      { tripNumber: 'TR-7001', status: 'TERMINEE', buyerName: 'CHU X', departure: '2026-02-10T08:00:00Z' },
    ]);
    // Rows a GET could wrongly change: pending invoices (an export marks them exported), among others.
    for (const day of ['2026-02-20', '2026-02-21']) sim.invoices.add({ issueDate: day });
    await signIn();
    const sync = await t.app.request('/leon/synchronize-data', { method: 'PUT', headers: headers(true) });
    expect(sync.status).toBe(200);
    seen = new Map();
  });

  it('finds the routes in the app itself', () => {
    const routes = appRoutes(t.app.routes);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContainEqual({ method: 'GET', path: '/missions/details/:id' });
    expect(routes).toContainEqual({ method: 'PUT', path: '/missions/edit/' });
  });

  it('answers every generated input on every route with a 2xx, or a 4xx and a French message', async () => {
    const problems: string[] = [];
    const summary: string[] = [];
    for (const route of appRoutes(t.app.routes)) {
      ip++;
      await signIn();
      const key = `${route.method} ${route.path}`;
      const isGet = route.method === 'GET';
      const beforeAll = await fingerprint();
      // A first, well-formed call teaches us the schemas the route reads (see learnInputs).
      await send(route.method, {
        path: fill(route.path, {}),
        query: {},
        body: isGet ? undefined : '{}',
      });
      const inputs = seen.get(key) ?? { params: {} };
      // A GET with the widest period its query takes (start and end days), so that one that writes
      // finds rows to change.
      if (isGet && inputs.query)
        await send(route.method, { path: fill(route.path, {}), query: widest(inputs.query) });
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const request: fc.Arbitrary<Request> = fc.record({
        path: fc
          .tuple(...names.map((name) => fc.oneof(fc.constant(missionId), pathValue(inputs.params[name]))))
          .map((values) => fill(route.path, Object.fromEntries(names.map((n, i) => [n, values[i]])))),
        query: inputs.query ? queryArbitraryFor(inputs.query) : fc.constant({}),
        body:
          route.method === 'GET'
            ? fc.constant(undefined)
            : fc.oneof(
                {
                  arbitrary: (inputs.body ? arbitraryFor(inputs.body) : hostileJson).map((v) =>
                    JSON.stringify(v),
                  ),
                  weight: 6,
                },
                {
                  arbitrary: fc.constantFrom('{', '{"a":', '', 'null x', "{'a':1}", '[1,]', '\u0000'),
                  weight: 1,
                },
                { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)), weight: 1 },
              ),
      });
      const before = await fingerprint();
      const statuses = new Map<number, number>();
      await fc
        .assert(
          fc.asyncProperty(request, async (input) => {
            const answer = await send(route.method, input);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const message = (answer.body as { message?: unknown } | null)?.message;
            const refusedWell =
              answer.status >= 400 &&
              answer.status < 500 &&
              typeof message === 'string' &&
              message !== '' &&
              !ENGLISH.test(message);
            if (!(answer.status < 400 || refusedWell)) {
              problems.push(
                `${key} ${input.path} ${JSON.stringify(input.query).slice(0, 80)} ${String(input.body).slice(0, 120)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: RUNS, endOnFailure: true, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
        )
        .catch((error: Error) => {
          // A refused answer is already in `problems`; anything else (a request that threw) is one too.
          if (!problems.some((p) => p.startsWith(`${key} `)))
            problems.push(`${key}: ${error.message.slice(0, 300)}`);
        });
      const accepted = [...statuses.keys()].some((status) => status < 400);
      const after = await fingerprint();
      if (isGet && after !== beforeAll) problems.push(`${key}: a GET changed rows`);
      else if (!accepted && after !== before) problems.push(`${key}: refused every input, yet rows changed`);
      summary.push(`${key}: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`);
    }
    expect(problems, summary.join('\n')).toEqual([]);
  }, 600_000);

  it('refuses with 415 in French, changing nothing, any body not declared JSON on every route that reads one', async () => {
    const problems: string[] = [];
    const readers: string[] = [];
    for (const route of appRoutes(t.app.routes).filter((r) => r.method !== 'GET')) {
      ip++;
      await signIn();
      const key = `${route.method} ${route.path}`;
      for (const { type, body } of NOT_JSON) {
        const before = await fingerprint();
        const { 'content-type': _, ...rest } = headers(false);
        const response = await t.app.request(fill(route.path, {}), {
          method: route.method,
          headers: { ...rest, ...(type ? { 'content-type': type } : {}) },
          body: body(),
        });
        // Only the routes that read a JSON body (the observer sees them ask for it) are held to the rule.
        if (!seen.get(key)?.body) break;
        if (type === NOT_JSON[0].type) readers.push(key);
        const answer = (await response.json().catch(() => null)) as { message?: string } | null;
        if (response.status !== 415 || answer?.message !== INPUT_MESSAGES.notJson)
          problems.push(`${key} ${type ?? 'no type'} → ${response.status} ${JSON.stringify(answer)}`);
        if ((await fingerprint()) !== before) problems.push(`${key} ${type ?? 'no type'}: rows changed`);
      }
    }
    expect(readers).toEqual(
      expect.arrayContaining([
        'POST /auth/login',
        'PUT /user/edit',
        'PUT /missions/edit/',
        'PUT /incidents/details/:id',
      ]),
    );
    expect(problems).toEqual([]);
  }, 300_000);
});

/** Bodies that are not declared JSON, each holding JSON text: none may be read as JSON (415 instead). */
const NOT_JSON: Array<{ type?: string; body: () => BodyInit }> = [
  { type: 'text/plain', body: () => '{}' },
  { type: 'application/x-www-form-urlencoded', body: () => 'a=1' },
  {
    type: 'multipart/form-data; boundary=x',
    body: () => '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n{}\r\n--x--\r\n',
  },
  // Bytes, so that the request gets no type of its own (a string body would be text/plain).
  { body: () => new TextEncoder().encode('{}') },
];

/** A query with the widest period the schema names: its start days at 2023-01-01, its end days far ahead. */
function widest(struct: AnyStruct): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of Object.keys((struct.schema ?? {}) as Record<string, unknown>)) {
    if (/start/i.test(name)) query[name] = '2023-01-01';
    else if (/end/i.test(name)) query[name] = '2099-12-31';
  }
  return query;
}

/** The routes of the app's route table, without its middleware (ALL) and the catch-all paths. */
function appRoutes(routes: ReadonlyArray<{ method: string; path: string }>) {
  const unique = new Map<string, { method: string; path: string }>();
  for (const { method, path } of routes)
    if (method !== 'ALL' && !path.includes('*')) unique.set(`${method} ${path}`, { method, path });
  return [...unique.values()];
}
