// Bad input of every form on every route that takes input answers 400 with a French `{ message }`,
// never a 500 (security issue #9): non-UUID ids, NUL characters, impossible days, huge page numbers,
// integers beyond the database's, deeply nested and malformed JSON.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { INCIDENT_MESSAGES } from '../../contract/incidents';
import { INVOICE_MESSAGES } from '../../contract/invoices';
import { MISSION_MESSAGES } from '../../contract/missions';
import { STATISTIC_MESSAGES } from '../../contract/statistics';
import { INPUT_MESSAGES } from '../../contract/validation';
import { seedDemo } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { insertMissions } from '../test/fixtures';
import { Caller, ORIGIN, testApp } from '../test/harness';

const BAD_IDS = [
  '------------------------------------',
  '0123456789abcdef0123456789abcdef0123',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '00000000-0000-0000-0000-00000000000\u0000',
  '{00000000-0000-0000-0000-000000000000}',
  'abc',
];
const BAD_DAYS = ['2024-13-45', '2024-02-30', '0000-00-00', '9999-99-99', '2023-02-29', '2024-1-5'];
const BAD_PAGES = ['1e300', '99999999999999999999', '2147483648', '0', '-1', '1.5', 'abc', '0x10'];
/** A number written into the JSON text as it is (JSON.stringify cannot write 1e1000). */
class JsonNumber {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}
const BAD_INTS: unknown[] = [
  2147483648,
  '2147483648',
  1e300,
  '1e300',
  new JsonNumber('99999999999999999999'),
  new JsonNumber('1e1000'),
];
const NESTING = 5000;
const DEEP_BODIES = [
  '['.repeat(NESTING) + ']'.repeat(NESTING),
  `{"a":${'{"a":'.repeat(NESTING)}1${'}'.repeat(NESTING)}}`,
];
const MALFORMED_BODIES = ['{', '{"email":', '', 'null x', "{'a':1}", '\u0000', '[1,]'];

type Kind = 'text' | 'id' | 'int' | 'day' | 'page';

/** The query of every paged list with a search box (contract/validation.ts PageQuery). */
const PAGED_SEARCH: Record<string, Kind> = { pageSize: 'page', pageNumber: 'page', search: 'text' };

/** A route an anonymous caller reaches with nothing but an e-mail address (the forgotten-password steps). */
const anonymousByEmail = (method: Route['method'], path: string): Route => ({
  method,
  path,
  who: 'anonymous',
  body: () => ({ email: 'admin@demo.test' }),
  fields: { email: 'text' },
});

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `:id` stands for a path id. */
  path: string;
  who: 'admin' | 'anonymous' | 'pending';
  /** A valid query string, and the query parameters to spoil one by one. */
  query?: string;
  params?: Record<string, Kind>;
  /** A valid body, and the fields to spoil one by one. */
  body?: () => Record<string, unknown>;
  fields?: Record<string, Kind>;
  /** The message of a parameter or field when it is not the one of its kind. */
  messages?: Record<string, string | undefined>;
}

interface Case {
  label: string;
  path: string;
  raw?: string;
  /** The exact message expected, when the form of input decides it. */
  message?: string;
}

const kindMessage = (kind: Kind, name: string): string | undefined =>
  ({
    text: INPUT_MESSAGES.nul,
    id: INPUT_MESSAGES.uuid,
    day: INPUT_MESSAGES.day,
    page: name === 'pageSize' ? INPUT_MESSAGES.pageSize : INPUT_MESSAGES.pageNumber,
    // Too large, not an integer or not a number: the field's own wording.
    int: undefined,
  })[kind];

const badValues = (kind: Kind, valid: unknown): unknown[] => {
  switch (kind) {
    case 'text':
      return [`${String(valid ?? '')}\u0000`, '\u0000'];
    case 'id':
      return BAD_IDS;
    case 'int':
      return BAD_INTS;
    case 'day':
      return BAD_DAYS;
    case 'page':
      return BAD_PAGES;
  }
};

function cases(route: Route, id: string): Case[] {
  const out: Case[] = [];
  const path = route.path.replace(':id', id);
  const withQuery = (p: string, q?: string) => (q ? `${p}${p.includes('?') ? '&' : '?'}${q}` : p);
  const base = withQuery(path, route.query);
  if (route.path.includes(':id')) {
    for (const bad of BAD_IDS) {
      out.push({
        label: `path id ${JSON.stringify(bad)}`,
        path: withQuery(route.path.replace(':id', encodeURIComponent(bad)), route.query),
        raw: route.body ? JSON.stringify(route.body()) : undefined,
        message: INPUT_MESSAGES.uuid,
      });
    }
  }
  const messageOf = (name: string, kind: Kind) =>
    route.messages && name in route.messages ? route.messages[name] : kindMessage(kind, name);
  for (const [name, kind] of Object.entries(route.params ?? {})) {
    for (const bad of badValues(kind, 'x')) {
      const query = new URLSearchParams(route.query);
      query.set(name, String(bad));
      out.push({
        label: `query ${name}=${JSON.stringify(bad)}`,
        path: `${path}?${query}`,
        message: messageOf(name, kind),
      });
    }
  }
  if (route.body) {
    const valid = route.body();
    for (const [name, kind] of Object.entries(route.fields ?? {})) {
      for (const bad of badValues(kind, valid[name])) {
        const raw =
          bad instanceof JsonNumber
            ? JSON.stringify({ ...valid, [name]: 0 }).replace(`"${name}":0`, `"${name}":${bad.text}`)
            : JSON.stringify({ ...valid, [name]: bad });
        out.push({
          label: `body ${name}=${bad instanceof JsonNumber ? bad.text : JSON.stringify(bad)}`,
          path: base,
          raw,
          // A NUL anywhere in a body is refused before the body's schema sees it.
          message: String(bad).includes('\u0000') ? INPUT_MESSAGES.nul : messageOf(name, kind),
        });
      }
    }
    for (const raw of DEEP_BODIES)
      out.push({
        label: `body nested ${NESTING} deep`,
        path: base,
        raw,
        message: INPUT_MESSAGES.tooDeep,
      });
    for (const raw of MALFORMED_BODIES)
      out.push({
        label: `malformed body ${JSON.stringify(raw)}`,
        path: base,
        raw,
        message: INPUT_MESSAGES.invalidBody,
      });
    out.push({
      label: 'body with a NUL key',
      path: base,
      raw: JSON.stringify({ ...valid, 'a\u0000b': 1 }),
      message: INPUT_MESSAGES.nul,
    });
  }
  return out;
}

const userBody = () => ({
  firstName: 'Anne',
  lastName: 'Martin',
  email: 'anne.nul@chu.fr',
  phone: '0601020304',
  role: 'OPERATION',
  hospitals: null,
});

describeEachDatabase('bad input', (database) => {
  let t: ReturnType<typeof testApp>;
  const callers = {} as Record<Route['who'], Caller>;
  let missionId: string;
  let userId: string;
  beforeAll(async () => {
    await seedDemo(database().db);
    t = testApp(database().db);
    [missionId] = await insertMissions(database().db, [
      { tripNumber: 'TR-9001', status: 'EN_COURS', buyerName: 'CHU X', departure: '2026-03-30T08:00:00Z' },
    ]);
    callers.admin = new Caller(t.app, '198.51.100.1');
    await callers.admin.login('admin@demo.test');
    callers.pending = new Caller(t.app, '198.51.100.2');
    await callers.pending.login('nouveau@demo.test');
    callers.anonymous = new Caller(t.app, '198.51.100.3');
    const created = await callers.admin.post<{ data: { id: string } }>('/user/create', {
      ...userBody(),
      email: 'cible@chu.fr',
    });
    userId = created.body.data.id;
  });

  const ROUTES: Route[] = [
    {
      method: 'POST',
      path: '/auth/login',
      who: 'anonymous',
      body: () => ({ email: 'admin@demo.test', password: 'mauvais' }),
      fields: { email: 'text', password: 'text' },
    },
    {
      method: 'POST',
      path: '/auth/force-change-password',
      who: 'pending',
      body: () => ({ newPassword: 'Nouveau-2026!' }),
      fields: { newPassword: 'text' },
    },
    anonymousByEmail('POST', '/auth/request-forget-password'),
    anonymousByEmail('PUT', '/auth/resend-reset-password-otp'),
    {
      method: 'PUT',
      path: '/auth/reset-password',
      who: 'anonymous',
      body: () => ({ email: 'admin@demo.test', otp: '123456', password: 'Nouveau-2026!' }),
      fields: { email: 'text', otp: 'text', password: 'text' },
    },
    {
      method: 'GET',
      path: '/user/all',
      who: 'admin',
      params: PAGED_SEARCH,
    },
    {
      method: 'POST',
      path: '/user/create',
      who: 'admin',
      body: userBody,
      fields: { firstName: 'text', lastName: 'text', email: 'text', phone: 'text', hospitals: 'text' },
    },
    {
      method: 'PUT',
      path: '/user/edit',
      who: 'admin',
      body: () => ({ ...userBody(), id: userId, email: 'cible@chu.fr' }),
      fields: {
        id: 'id',
        firstName: 'text',
        lastName: 'text',
        email: 'text',
        phone: 'text',
        hospitals: 'text',
      },
    },
    { method: 'DELETE', path: '/user/delete/:id', who: 'admin' },
    { method: 'GET', path: '/user/hospitalsByName/', who: 'admin', params: { name: 'text' } },
    {
      method: 'GET',
      path: '/missions',
      who: 'admin',
      query: 'status=requested',
      params: {
        ...PAGED_SEARCH,
        status: 'text',
        statusNeeded: 'text',
        hospitals: 'text',
        startDate: 'day',
        endDate: 'day',
      },
      messages: { status: MISSION_MESSAGES.unknownCategory, statusNeeded: MISSION_MESSAGES.unknownStatus },
    },
    { method: 'GET', path: '/missions/details/:id', who: 'admin' },
    { method: 'GET', path: '/missions/generate-pdf/:id', who: 'admin' },
    { method: 'GET', path: '/missions/transport-voucher/:id', who: 'admin' },
    {
      method: 'PUT',
      path: '/missions/edit/',
      who: 'admin',
      body: () => ({
        id: missionId,
        numberOfCristal: 2,
        astonStatus: 'EN_COURS',
        organType: 'COEUR',
        aircraftType: 'JET',
        numberOfMeals: 1,
        isWithIcing: false,
        isWithOCS: false,
        airportDeIcing: [],
      }),
      fields: {
        id: 'id',
        numberOfCristal: 'int',
        numberOfMeals: 'int',
        organType: 'text',
        astonStatus: 'text',
        aircraftType: 'text',
        airportDeIcing: 'text',
      },
    },
    { method: 'DELETE', path: '/missions/delete/:id', who: 'admin' },
    { method: 'PUT', path: '/missions/toggle-statistic/:id', who: 'admin' },
    {
      method: 'GET',
      path: '/statistic/all',
      who: 'admin',
      params: {
        ...PAGED_SEARCH,
        status: 'text',
        hospitals: 'text',
        startDate: 'day',
        endDate: 'day',
        organName: 'text',
        flightStatus: 'text',
        airportStatus: 'text',
      },
      messages: {
        status: STATISTIC_MESSAGES.unknownMissionStatus,
        organName: STATISTIC_MESSAGES.unknownOrgan,
        flightStatus: STATISTIC_MESSAGES.unknownStatus,
        airportStatus: STATISTIC_MESSAGES.unknownStatus,
      },
    },
    {
      method: 'PUT',
      path: '/statistic/change-status',
      who: 'admin',
      body: () => ({ selectedIds: [missionId], flightStatus: 'PAID' }),
      fields: { selectedIds: 'id', flightStatus: 'text', airportStatus: 'text' },
      messages: {
        selectedIds: undefined,
        flightStatus: STATISTIC_MESSAGES.unknownStatus,
        airportStatus: STATISTIC_MESSAGES.unknownStatus,
      },
    },
    {
      method: 'GET',
      path: '/media/get-media-path',
      who: 'admin',
      query: `id=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}&kind=flight&fileName=f.pdf&size=10`,
      params: { id: 'id', kind: 'text', fileName: 'text', size: 'page' },
      messages: { kind: STATISTIC_MESSAGES.unknownKind, size: STATISTIC_MESSAGES.fileSize },
    },
    {
      method: 'PUT',
      path: '/statistic/update-pdf',
      who: 'admin',
      body: () => ({ id: missionId, flightId: 'FV-1', flightPdfPath: 'statistics/x/flight/y.pdf' }),
      fields: {
        id: 'id',
        flightId: 'text',
        flightPdfPath: 'text',
        airportId: 'text',
        airportPdfPath: 'text',
      },
    },
    {
      method: 'GET',
      path: '/statistic/download-pdf',
      who: 'admin',
      query: `id=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}&type=FLIGHT`,
      params: { id: 'id', type: 'text' },
      messages: { type: STATISTIC_MESSAGES.unknownKind },
    },
    { method: 'DELETE', path: '/statistic/delete-pdf-data/:id/flight', who: 'admin' },
    {
      method: 'GET',
      path: '/statistic/export-excel',
      who: 'admin',
      params: { startDate: 'day', endDate: 'day', search: 'text', hospitals: 'text' },
      messages: { startDate: undefined, endDate: undefined },
    },
    { method: 'GET', path: '/dev/outbox', who: 'admin', params: { to: 'text' } },
    {
      method: 'GET',
      path: '/incidents',
      who: 'admin',
      params: {
        ...PAGED_SEARCH,
        status: 'text',
        startDate: 'day',
        endDate: 'day',
      },
      messages: { status: INCIDENT_MESSAGES.unknownStatus },
    },
    { method: 'GET', path: '/incidents/details/:id', who: 'admin' },
    {
      method: 'PUT',
      path: '/incidents/details/:id',
      who: 'admin',
      body: () => ({ response: 'Rappel de la procédure' }),
      fields: { response: 'text' },
    },
    { method: 'PUT', path: '/incidents/validate/:id', who: 'admin' },
    {
      method: 'GET',
      path: '/invoice/leon-invoices',
      who: 'admin',
      params: { ...PAGED_SEARCH, sort: 'text', direction: 'text' },
      messages: { sort: INVOICE_MESSAGES.unknownSort, direction: INVOICE_MESSAGES.unknownSort },
    },
    {
      method: 'POST',
      path: '/invoice/export-csv',
      who: 'admin',
      body: () => ({ startDate: '2024-01-01', endDate: '2024-12-31', exportSuccess: false }),
      fields: { startDate: 'day', endDate: 'day', exportSuccess: 'text' },
      messages: { exportSuccess: INVOICE_MESSAGES.exportSuccessFlag },
    },
  ];

  async function send(route: Route, c: Case) {
    const caller = callers[route.who];
    const headers: Record<string, string> = {
      'x-forwarded-for': '198.51.100.9',
      ...(route.method === 'GET' ? {} : { origin: ORIGIN }),
      ...(c.raw === undefined ? {} : { 'content-type': 'application/json' }),
    };
    if (caller.cookies.size) headers.cookie = [...caller.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await t.app.request(c.path, { method: route.method, headers, body: c.raw });
    const type = response.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await response.json() : await response.text();
    return { status: response.status, body };
  }

  // Superstruct's, V8's and PostgreSQL's own wordings are English: none of them may reach a caller.
  const ENGLISH = /expected|unexpected|json|syntax|invalid input|error|undefined|NaN|\bat path\b/i;

  for (const route of ROUTES) {
    it(`${route.method} ${route.path} answers 400 with a French message to each bad input`, async () => {
      const problems: string[] = [];
      for (const c of cases(route, route.path.includes('/user/') ? userId : missionId)) {
        const answer = await send(route, c);
        const message = (answer.body as { message?: unknown })?.message;
        const keys = typeof answer.body === 'object' && answer.body ? Object.keys(answer.body) : [];
        if (
          answer.status !== 400 ||
          // The error shape: the French message and the request id (decision 032), nothing else.
          keys.join() !== 'message,requestId' ||
          typeof message !== 'string' ||
          message === '' ||
          ENGLISH.test(message) ||
          (c.message !== undefined && message !== c.message)
        )
          problems.push(`${c.label} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('still serves valid input on the same routes', async () => {
    const admin = callers.admin;
    expect((await admin.get(`/missions/details/${missionId}`)).status).toBe(200);
    expect(
      (await admin.get('/missions?status=inProgress&startDate=2024-02-29&endDate=2026-12-31')).status,
    ).toBe(200);
    expect((await admin.get('/missions?status=inProgress&pageNumber=2147483647')).status).toBe(200);
    expect((await admin.get('/user/all?pageNumber=2&pageSize=100&search=%C3%A9')).status).toBe(200);
    expect((await admin.get('/missions/details/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});

it('is the only place where the API reads a query, a path parameter or a body', () => {
  const root = resolve(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      file.endsWith('.ts') &&
      !file.endsWith('.test.ts') &&
      file !== join('lib', 'validate.ts') &&
      // The Leon simulator stands for a foreign system, with its own checks.
      !file.startsWith(join('leon', 'simulator')),
  );
  expect(files).toContain(join('missions', 'routes.ts'));
  const direct = files.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        /\.req\.(query|queries|param|json|parseBody|text|formData|arrayBuffer|blob)\(/.test(line)
          ? [`api/${file}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );
  expect(direct).toEqual([]);
});

describeEachDatabase('input observer', (database) => {
  it("tells the schema a route reads to the onValidate given to createApp, and to no other app's", async () => {
    const seen: string[] = [];
    const observed = testApp(database().db, {}, undefined, {
      onValidate: (c, input) => seen.push(`${c.req.method} ${c.req.routePath} ${input.where}`),
    });
    const plain = testApp(database().db);
    expect((await plain.app.request('/dev/outbox?to=nobody%40demo.test')).status).toBe(200);
    expect(seen).toEqual([]);
    expect((await observed.app.request('/dev/outbox?to=nobody%40demo.test')).status).toBe(200);
    expect(seen).toEqual(['GET /dev/outbox query']);
  });
});
