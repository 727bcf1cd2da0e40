// Price tables as callers see them, on PGlite and PostgreSQL: roles, lists, search, create and edit with
// their audit rows, the overlap guard (also under concurrent writes), and bad input of every kind.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { PRICE_MESSAGES, PRICE_PATHS, type PriceTable } from '../../contract/prices';
import {
  airportCosts,
  auditLog,
  flightUnitCosts,
  marketNumbers,
  passengerMealCosts,
  regulationCosts,
} from '../db/schema';
import { seedDemo } from '../db/seed';
import { describeEachDatabase, freshDatabase } from '../test/databases';
import { Caller, ORIGIN, refusal, testApp } from '../test/harness';

type Row = { id: string; fromDate: string; toDate: string } & Record<string, unknown>;
type PageBody = { data: { rows: Row[]; pageCount: number } };
type RowBody = { data: Row; message?: string };

const TABLES = {
  flightUnitCost: flightUnitCosts,
  regulationCost: regulationCosts,
  passengerMealCost: passengerMealCosts,
  airportCost: airportCosts,
  marketNumber: marketNumbers,
} as const;

/** The fields of a valid body of each table, besides the period. */
const FIELDS: Record<PriceTable, Record<string, unknown>> = {
  flightUnitCost: {
    priceJetWithOCS: 5450.5,
    priceJetWithoutOCS: 4980,
    priceTurbopropWithOCS: 3620.25,
    priceTurbopropWithoutOCS: 3290.1,
  },
  regulationCost: { price: 385 },
  passengerMealCost: { price: 24.5 },
  airportCost: {
    icaoCode: 'LFBD',
    airportName: 'Bordeaux-Mérignac',
    priceWithDeIcing: 920,
    priceWithoutDeIcing: 370.99,
  },
  marketNumber: { value: "ABM-2019-TAO-011 – Transport aérien d'organes" },
};
const PRICE_FIELDS: Record<PriceTable, string[]> = {
  flightUnitCost: [
    'priceJetWithOCS',
    'priceJetWithoutOCS',
    'priceTurbopropWithOCS',
    'priceTurbopropWithoutOCS',
  ],
  regulationCost: ['price'],
  passengerMealCost: ['price'],
  airportCost: ['priceWithDeIcing', 'priceWithoutDeIcing'],
  marketNumber: [],
};
const NAMES = Object.keys(TABLES) as PriceTable[];
const period = (year: number) => ({ fromDate: `${year}-01-01`, toDate: `${year}-12-31` });
const body = (name: PriceTable, year: number, extra: Record<string, unknown> = {}) => ({
  ...period(year),
  ...FIELDS[name],
  ...extra,
});
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const FRENCH = /[a-zàâçéèêëîïôûùüÿœ]/i;

describeEachDatabase('prices', (database) => {
  let t: ReturnType<typeof testApp>;
  let admin: Caller;
  let ops: Caller;
  let accounting: Caller;
  let hospital: Caller;
  let anonymous: Caller;
  const db = () => database().db;
  const rowsIn = async (name: PriceTable) => (await db().select({ n: count() }).from(TABLES[name]))[0].n;
  const auditRows = async () => (await db().select({ n: count() }).from(auditLog))[0].n;
  const clear = async () => {
    for (const table of Object.values(TABLES)) await db().delete(table);
  };

  beforeAll(async () => {
    await seedDemo(db(), new Date('2026-03-02T10:00:00Z'));
    t = testApp(db());
    admin = new Caller(t.app);
    ops = new Caller(t.app);
    accounting = new Caller(t.app);
    hospital = new Caller(t.app);
    anonymous = new Caller(t.app);
    await admin.login('admin@demo.test');
    await ops.login('operation@demo.test');
    await accounting.login('accounting@demo.test');
    await hospital.login('hopital@demo.test');
  });
  beforeEach(clear);

  describe.each(NAMES)('%s', (name) => {
    const paths = PRICE_PATHS[name];

    it('lets ADMIN, OPERATION and ACCOUNTING read, ADMIN alone write, HOSPITAL nothing', async () => {
      const created = await admin.post<RowBody>(paths.create, body(name, 2019));
      expect(created.status).toBe(201);
      for (const reader of [admin, ops, accounting]) {
        const list = await reader.get<PageBody>(paths.list);
        expect(list.status).toBe(200);
        expect(list.body.data.rows).toEqual([created.body.data]);
      }
      expect(await hospital.get(paths.list)).toMatchObject(refusal(403, MESSAGES.forbidden));
      expect((await anonymous.get(paths.list)).status).toBe(401);
      const before = [await rowsIn(name), await auditRows()];
      for (const caller of [ops, accounting, hospital]) {
        expect(await caller.post(paths.create, body(name, 2020))).toMatchObject(
          refusal(403, MESSAGES.forbidden),
        );
        expect(await caller.put(paths.edit, { id: created.body.data.id, ...body(name, 2020) })).toMatchObject(
          { status: 403, body: { message: MESSAGES.forbidden } },
        );
      }
      expect((await anonymous.post(paths.create, body(name, 2020))).status).toBe(401);
      expect([await rowsIn(name), await auditRows()]).toEqual(before);
    });

    it('creates a row in euros, stores cents, and audits who and when', async () => {
      const answer = await admin.post<RowBody>(paths.create, body(name, 2019));
      expect(answer.status).toBe(201);
      expect(answer.body.data).toEqual({ id: expect.any(String), ...body(name, 2019), version: 1 });
      const [stored] = await db().select().from(TABLES[name]).where(eq(TABLES[name].id, answer.body.data.id));
      if (name === 'passengerMealCost') expect(stored).toMatchObject({ priceCents: 2450 });
      if (name === 'airportCost') expect(stored).toMatchObject({ priceWithoutDeIcingCents: 37099 });
      const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, answer.body.data.id));
      expect(entry).toMatchObject({
        action: `${name}.create`,
        entity: name,
        before: null,
        after: answer.body.data,
        at: t.clock.now,
      });
      expect(entry.actorId).toEqual(expect.any(String));
    });

    it('edits a row by the id in its body, on the path with or without the trailing slash', async () => {
      const created = (await admin.post<RowBody>(paths.create, body(name, 2019))).body.data;
      const changed = { ...body(name, 2019), toDate: '2019-06-30' };
      const edited = await admin.put<RowBody>(paths.edit, { id: created.id, ...changed });
      expect(edited.status).toBe(200);
      expect(edited.body.data).toEqual({ id: created.id, ...changed, version: 2 });
      const again = await admin.put<RowBody>(paths.edit.replace(/\/$/, ''), {
        id: created.id,
        ...body(name, 2019),
      });
      expect(again.body.data).toEqual({ ...created, version: 3 });
      const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, created.id));
      expect(entries.map((e) => e.action).sort()).toEqual([`${name}.create`, `${name}.edit`, `${name}.edit`]);
      expect(
        entries.find((e) => e.action === `${name}.edit` && (e.after as Row).toDate === '2019-06-30'),
      ).toMatchObject({
        before: created,
      });
      expect((await admin.get<PageBody>(paths.list)).body.data.rows).toEqual([{ ...created, version: 3 }]);
    });

    it('saves on the current version and bumps it; refuses a stale one with 409, changing nothing (decision 064)', async () => {
      const created = (await admin.post<RowBody>(paths.create, body(name, 2019))).body.data;
      expect((await admin.get<PageBody>(paths.list)).body.data.rows[0]).toMatchObject({ version: 1 });
      const changed = { id: created.id, ...body(name, 2019), toDate: '2019-06-30' };
      const edited = await admin.put<RowBody>(paths.edit, { ...changed, version: 1 });
      expect(edited).toMatchObject({ status: 200, body: { data: { toDate: '2019-06-30', version: 2 } } });
      const [stored] = await db().select().from(TABLES[name]).where(eq(TABLES[name].id, created.id));
      const before = [await rowsIn(name), await auditRows()];
      const stale = await admin.put(paths.edit, { ...changed, toDate: '2019-03-31', version: 1 });
      expect(stale).toMatchObject(
        refusal(
          409,
          'Ce prix a été modifié entre-temps (par Claire Dubois à 11:00) : rechargez-le avant d’enregistrer.',
        ),
      );
      expect((await db().select().from(TABLES[name]).where(eq(TABLES[name].id, created.id)))[0]).toEqual(
        stored,
      );
      expect([await rowsIn(name), await auditRows()]).toEqual(before);
      const unchecked = await admin.put<RowBody>(paths.edit, { ...changed, toDate: '2019-03-31' });
      expect(unchecked).toMatchObject({ status: 200, body: { data: { toDate: '2019-03-31', version: 3 } } });
      expect((await admin.put(paths.edit, { ...changed, version: 0 })).status).toBe(400);
    });

    it('lists the newest period first, by pages', async () => {
      for (const year of [2017, 2019, 2018]) await admin.post(paths.create, body(name, year));
      const first = await admin.get<PageBody>(`${paths.list}?pageSize=2&pageNumber=1`);
      expect(first.body.data.pageCount).toBe(2);
      expect(first.body.data.rows.map((r) => r.fromDate)).toEqual(['2019-01-01', '2018-01-01']);
      const second = await admin.get<PageBody>(`${paths.list}?pageSize=2&pageNumber=2`);
      expect(second.body.data.rows.map((r) => r.fromDate)).toEqual(['2017-01-01']);
      const far = await admin.get<PageBody>(`${paths.list}?pageNumber=2147483647`);
      expect(far.status).toBe(200);
      expect(far.body.data).toEqual({ rows: [], pageCount: 1 });
      for (const query of [
        'pageSize=0',
        'pageSize=abc',
        'pageNumber=-1',
        'pageSize=100000',
        'pageNumber=1e400',
        'pageNumber=999999999999999',
      ]) {
        const bad = await admin.get(`${paths.list}?${query}`);
        expect(bad.status).toBe(400);
        expect(bad.body.message).toMatch(FRENCH);
      }
    });

    it('refuses a period that shares a day with another, naming it; allows the next day', async () => {
      const first = (await admin.post<RowBody>(paths.create, body(name, 2019))).body.data;
      const message = 'Cette période chevauche celle du 01/01/2019 au 31/12/2019.';
      const before = [await rowsIn(name), await auditRows()];
      for (const clash of [
        { fromDate: '2019-12-31', toDate: '2020-03-01' },
        { fromDate: '2018-06-01', toDate: '2019-01-01' },
        { fromDate: '2019-03-01', toDate: '2019-04-01' },
        { fromDate: '2018-01-01', toDate: '2020-12-31' },
      ]) {
        expect(await admin.post(paths.create, { ...body(name, 2019), ...clash })).toMatchObject({
          status: 409,
          body: { message },
        });
      }
      expect([await rowsIn(name), await auditRows()]).toEqual(before);
      const next = await admin.post<RowBody>(paths.create, body(name, 2020));
      expect(next.status).toBe(201);
      // An edit may move its own period, not onto another row's days.
      expect(
        (await admin.put(paths.edit, { id: first.id, ...body(name, 2019), toDate: '2019-11-30' })).status,
      ).toBe(200);
      expect(
        await admin.put(paths.edit, { id: next.body.data.id, ...body(name, 2020), fromDate: '2019-11-30' }),
      ).toMatchObject(refusal(409, 'Cette période chevauche celle du 01/01/2019 au 30/11/2019.'));
    });

    it('is guarded by the database itself: an overlapping row written around the API is refused', async () => {
      const created = (await admin.post<RowBody>(paths.create, body(name, 2019))).body.data;
      const [record] = await db().select().from(TABLES[name]).where(eq(TABLES[name].id, created.id));
      const { id: _, ...copy } = record as Record<string, unknown>;
      const error = await db()
        .insert(TABLES[name])
        .values({ ...copy, fromDate: '2019-12-31', toDate: '2020-01-31' } as never)
        .then(
          () => null,
          (e: unknown) => e as { code?: string; cause?: { code?: string } },
        );
      expect(error?.cause?.code ?? error?.code).toBe('23P01');
      expect(await rowsIn(name)).toBe(1);
      if (name === 'airportCost') {
        await db()
          .insert(airportCosts)
          .values({ ...(copy as typeof airportCosts.$inferInsert), icaoCode: 'LFPG' });
        expect(await rowsIn(name)).toBe(2);
      }
    });

    it('lets exactly one of several concurrent overlapping creates win', async () => {
      const answers = await Promise.all(
        [0, 1, 2, 3, 4].map((i) =>
          admin.post(paths.create, { ...body(name, 2019), fromDate: `2019-0${i + 1}-01` }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused.map((a) => a.status)).toEqual([409, 409, 409, 409]);
      for (const a of refused)
        expect(a.body.message).toMatch(
          /^Cette période chevauche celle du \d\d\/\d\d\/2019 au 31\/12\/2019\.$/,
        );
      expect(await rowsIn(name)).toBe(1);
    });

    it('answers bad input with a 4xx and a French message, and writes nothing', async () => {
      const created = (await admin.post<RowBody>(paths.create, body(name, 2019))).body.data;
      const before = [await rowsIn(name), await auditRows()];
      type Case = [string, 'create' | 'edit', unknown, number, string?];
      /** A 2020 row with `patch` applied, refused on create with a 400 (and `message`). */
      const badCreate = (label: string, patch: Record<string, unknown>, message?: string): Case => [
        label,
        'create',
        body(name, 2020, patch),
        400,
        message,
      ];
      /** The 2019 row with `patch` applied, refused on edit with a 400 (and `message`). */
      const badEdit = (label: string, patch: Record<string, unknown>, message?: string): Case => [
        label,
        'edit',
        { id: created.id, ...body(name, 2019, patch) },
        400,
        message,
      ];
      const cases: Case[] = [
        ['an empty object', 'create', {}, 400, PRICE_MESSAGES.required],
        ['an array', 'create', [body(name, 2020)], 400],
        ['null', 'create', null, 400],
        ['a string', 'create', 'prix', 400],
        ['no fromDate', 'create', { ...body(name, 2020), fromDate: undefined }, 400, PRICE_MESSAGES.required],
        badCreate('an empty toDate', { toDate: '' }, PRICE_MESSAGES.required),
        badCreate('toDate before fromDate', { toDate: '2019-12-31' }, PRICE_MESSAGES.dateOrder),
        badCreate('toDate equal to fromDate', { toDate: '2020-01-01' }, PRICE_MESSAGES.dateOrder),
        badCreate('30 February', { toDate: '2020-02-30' }, PRICE_MESSAGES.dateInvalid),
        badCreate('a French date', { fromDate: '01/01/2020' }, PRICE_MESSAGES.dateInvalid),
        badCreate('a date-time', { fromDate: '2020-01-01T00:00:00Z' }, PRICE_MESSAGES.dateInvalid),
        badCreate('a number as date', { fromDate: 20200101 }, PRICE_MESSAGES.dateInvalid),
        badCreate('year 1900', { fromDate: '1900-01-01' }, PRICE_MESSAGES.dateRange),
        badCreate('an unknown field', { createdBy: 'x' }),
        [
          'a 1 MB string',
          'create',
          body(name, 2020, { fromDate: 'x'.repeat(1 << 20) }),
          413,
          PRICE_MESSAGES.bodyTooLarge,
        ],
        ['no id', 'edit', body(name, 2020), 400, PRICE_MESSAGES.required],
        ['a malformed id', 'edit', { id: 'abc', ...body(name, 2020) }, 400, PRICE_MESSAGES.idInvalid],
        ['a numeric id', 'edit', { id: 42, ...body(name, 2020) }, 400, PRICE_MESSAGES.idInvalid],
        ['an injected id', 'edit', { id: "' or 1=1 --", ...body(name, 2020) }, 400, PRICE_MESSAGES.idInvalid],
        ['an unknown id', 'edit', { id: UNKNOWN_ID, ...body(name, 2020) }, 404, PRICE_MESSAGES.notFound],
        // The edit route takes the same beating as the create route.
        ['an empty object on edit', 'edit', {}, 400, PRICE_MESSAGES.required],
        ['an array on edit', 'edit', [{ id: created.id, ...body(name, 2019) }], 400],
        [
          'no toDate on edit',
          'edit',
          { id: created.id, ...body(name, 2019), toDate: undefined },
          400,
          PRICE_MESSAGES.required,
        ],
        badEdit('toDate before fromDate on edit', { toDate: '2018-12-31' }, PRICE_MESSAGES.dateOrder),
        badEdit('a number as date on edit', { toDate: 20191231 }, PRICE_MESSAGES.dateInvalid),
        ['an unknown field on edit', 'edit', { id: created.id, ...body(name, 2019), role: 'ADMIN' }, 400],
        [
          'a 1 MB string on edit',
          'edit',
          { id: created.id, ...body(name, 2019, { toDate: 'x'.repeat(1 << 20) }) },
          413,
          PRICE_MESSAGES.bodyTooLarge,
        ],
        ['a 1 MB id', 'edit', { id: 'a'.repeat(1 << 20), ...body(name, 2019) }, 413],
      ];
      for (const field of PRICE_FIELDS[name]) {
        const zeroOk = name === 'airportCost' && field === 'priceWithDeIcing';
        cases.push(
          badCreate(`${field} missing`, { [field]: undefined }, PRICE_MESSAGES.required),
          badCreate(`${field} as text`, { [field]: 'douze' }, PRICE_MESSAGES.priceNumber),
          badCreate(`${field} as boolean`, { [field]: true }, PRICE_MESSAGES.priceNumber),
          badCreate(`${field} negative`, { [field]: -1 }, PRICE_MESSAGES.pricePositive),
          badCreate(`${field} zero`, { [field]: 0 }, PRICE_MESSAGES.pricePositive),
          badCreate(`${field} 3 decimals`, { [field]: 12.345 }, PRICE_MESSAGES.priceDecimals),
          badCreate(`${field} 0.1 + 0.2`, { [field]: 0.1 + 0.2 }, PRICE_MESSAGES.priceDecimals),
          badCreate(`${field} a tiny amount`, { [field]: 1e-7 }, PRICE_MESSAGES.priceDecimals),
          badCreate(`${field} over the maximum`, { [field]: 1_000_000.01 }, PRICE_MESSAGES.priceMax),
          badCreate(`${field} huge`, { [field]: 1e308 }, PRICE_MESSAGES.priceMax),
          badCreate(`${field} 3 decimals in text`, { [field]: '12,345' }, PRICE_MESSAGES.priceDecimals),
          badEdit(`${field} missing on edit`, { [field]: undefined }, PRICE_MESSAGES.required),
          badEdit(`${field} as text on edit`, { [field]: 'douze' }, PRICE_MESSAGES.priceNumber),
          badEdit(`${field} huge on edit`, { [field]: 1e21 }, PRICE_MESSAGES.priceMax),
          badCreate(`${field} as an object`, { [field]: { euros: 12 } }),
          [
            `${field} negative on edit`,
            'edit',
            { id: created.id, ...body(name, 2019, { [field]: -0.01 }) },
            400,
            zeroOk ? PRICE_MESSAGES.priceZeroOrMore : PRICE_MESSAGES.pricePositive,
          ],
        );
        if (!zeroOk)
          cases.push(badEdit(`${field} zero on edit`, { [field]: 0 }, PRICE_MESSAGES.pricePositive));
      }
      if (name === 'airportCost') {
        cases.push(
          badCreate('a 3-letter ICAO code', { icaoCode: 'LFB' }, PRICE_MESSAGES.icao),
          badCreate('an ICAO code with a digit', { icaoCode: 'LFB1' }, PRICE_MESSAGES.icao),
          badCreate('a blank airport name', { airportName: '   ' }, PRICE_MESSAGES.required),
          badCreate(
            'a long airport name',
            { airportName: 'a'.repeat(101) },
            PRICE_MESSAGES.airportNameLength,
          ),
          ['a 1 MB airport name', 'create', body(name, 2020, { airportName: 'é'.repeat(1 << 20) }), 413],
          badCreate('an ICAO code as a number', { icaoCode: 1234 }, PRICE_MESSAGES.icao),
          badCreate('no ICAO code', { icaoCode: undefined }, PRICE_MESSAGES.required),
          badCreate('an airport name as a number', { airportName: 42 }, PRICE_MESSAGES.required),
          badEdit('a bad ICAO code on edit', { icaoCode: 'LFBDX' }, PRICE_MESSAGES.icao),
        );
      }
      if (name === 'marketNumber') {
        cases.push(
          badCreate('no value', { value: undefined }, PRICE_MESSAGES.required),
          badCreate('a number as value', { value: 12 }, PRICE_MESSAGES.required),
          badCreate('a long value', { value: 'n'.repeat(101) }, PRICE_MESSAGES.marketNumberLength),
        );
      }
      for (const [label, kind, json, status, message] of cases) {
        const answer =
          kind === 'create' ? await admin.post(paths.create, json) : await admin.put(paths.edit, json);
        expect({ label, status: answer.status }).toEqual({ label, status });
        expect(answer.body.message, label).toMatch(FRENCH);
        expect(answer.body.message, label).not.toMatch(/Expected|undefined|null|Error/);
        if (message) expect({ label, message: answer.body.message }).toEqual({ label, message });
      }
      // Bodies that are not JSON at all, on both write routes.
      for (const [method, path] of [
        ['POST', paths.create],
        ['PUT', paths.edit],
      ]) {
        for (const text of ['{', 'prix=12', '']) {
          const response = await t.app.request(path, {
            method,
            headers: { origin: ORIGIN, 'content-type': 'application/json', cookie: cookieOf(admin) },
            body: text,
          });
          expect({ method, text, status: response.status }).toEqual({ method, text, status: 400 });
          expect(((await response.json()) as { message: string }).message).toBe(MESSAGES.invalidBody);
        }
      }
      // The list route: wrong types and a 1 MB search, on every table (only the airports read `search`).
      for (const query of ['pageSize=dix', 'pageNumber=1.5', `search=${'a'.repeat(101)}`]) {
        const bad = await admin.get(`${paths.list}?${query}`);
        expect({ query: query.slice(0, 20), status: bad.status }).toEqual({
          query: query.slice(0, 20),
          status: 400,
        });
        expect(bad.body.message).toMatch(FRENCH);
      }
      const huge = await admin.get(`${paths.list}?search=${'a'.repeat(1 << 20)}`);
      expect(huge.status).toBeGreaterThanOrEqual(400);
      expect(huge.status).toBeLessThan(500);
      expect([await rowsIn(name), await auditRows()]).toEqual(before);
      expect((await admin.get<PageBody>(paths.list)).body.data.rows).toEqual([created]);
    });

    it('accepts amounts typed in a form: text with a dot or a comma', async () => {
      const typed = Object.fromEntries(PRICE_FIELDS[name].map((f) => [f, '1234,5']));
      const answer = await admin.post<RowBody>(paths.create, body(name, 2019, typed));
      expect(answer.status).toBe(201);
      for (const field of PRICE_FIELDS[name]) expect(answer.body.data[field]).toBe(1234.5);
    });
  });

  describe('airport cost', () => {
    const paths = PRICE_PATHS.airportCost;
    const airport = (icaoCode: string, airportName: string, year = 2019) =>
      admin.post<RowBody>(paths.create, body('airportCost', year, { icaoCode, airportName }));

    it('upper-cases the ICAO code; the same period is free for another airport', async () => {
      const lower = await airport(' lfbd ', 'Bordeaux-Mérignac');
      expect(lower.body.data.icaoCode).toBe('LFBD');
      expect((await airport('LFPG', 'Paris Charles-de-Gaulle')).status).toBe(201);
      expect(await airport('LFBD', 'Bordeaux')).toMatchObject(
        refusal(409, 'Cette période chevauche celle du 01/01/2019 au 31/12/2019.'),
      );
    });

    it('allows a price with de-icing of 0 on edit only', async () => {
      const created = (await airport('LFST', 'Strasbourg-Entzheim')).body.data;
      const edited = await admin.put<RowBody>(paths.edit, { ...created, priceWithDeIcing: 0 });
      expect(edited.status).toBe(200);
      expect(edited.body.data.priceWithDeIcing).toBe(0);
    });

    it('searches by ICAO code or airport name, without case, % and _ taken literally', async () => {
      await airport('LFBD', 'Bordeaux-Mérignac');
      await airport('LFPG', 'Paris Charles-de-Gaulle');
      await airport('LFPO', 'Paris-Orly', 2018);
      const search = async (text: string) =>
        (await admin.get<PageBody>(`${paths.list}?search=${encodeURIComponent(text)}`)).body.data.rows.map(
          (r) => `${r.icaoCode} ${r.fromDate.slice(0, 4)}`,
        );
      expect(await search('lfbd')).toEqual(['LFBD 2019']);
      expect(await search('PARIS')).toEqual(['LFPG 2019', 'LFPO 2018']);
      expect(await search('mérignac')).toEqual(['LFBD 2019']);
      expect(await search('LF')).toEqual(['LFBD 2019', 'LFPG 2019', 'LFPO 2018']);
      expect(await search('%')).toEqual([]);
      expect(await search('L_BD')).toEqual([]);
      const tooLong = await admin.get(`${paths.list}?search=${'a'.repeat(101)}`);
      expect(tooLong).toMatchObject(refusal(400, PRICE_MESSAGES.searchTooLong));
      const huge = await admin.get(`${paths.list}?search=${'a'.repeat(1 << 20)}`);
      expect(huge.status).toBeGreaterThanOrEqual(400);
      expect(huge.status).toBeLessThan(500);
    });
  });
});

function cookieOf(caller: Caller): string {
  return [...caller.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

// Two writers that each wait on the other's uncommitted row: PostgreSQL aborts one of them as a deadlock.
// Made to happen on purpose here (it needs two connections, so PostgreSQL only): the API's create waits on
// a row another transaction holds, which then writes a row overlapping the API's own.
describe.runIf(process.env.TEST_DATABASE_URL)('prices [postgres], a create aborted as a deadlock', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let admin: Caller;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await seedDemo(database.db, new Date('2026-03-02T10:00:00Z'));
    admin = new Caller(testApp(database.db).app);
    await admin.login('admin@demo.test');
  });
  afterAll(() => database?.close());

  it('is written again and answered like any other overlap, with a 409 naming the period', async () => {
    const db = database.db;
    await db.delete(airportCosts);
    const stored = (fromDate: string, toDate: string) => ({
      fromDate,
      toDate,
      icaoCode: 'LFBD',
      airportName: 'Bordeaux-Mérignac',
      priceWithDeIcingCents: 92000,
      priceWithoutDeIcingCents: 37099,
    });
    const waitingOnALock = async () => {
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: Array<{ n: number }> };
      return rows[0].n;
    };
    let answer: Promise<{ status: number; body: { message?: string } }> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(airportCosts).values(stored('2019-01-01', '2019-03-31'));
      answer = admin.post(PRICE_PATHS.airportCost.create, {
        ...body('airportCost', 2019),
        fromDate: '2019-03-01',
      });
      await expect.poll(waitingOnALock, { timeout: 10_000 }).toBe(1);
      await tx.insert(airportCosts).values(stored('2019-06-01', '2019-12-31'));
    });
    expect(await answer).toMatchObject(
      refusal(409, 'Cette période chevauche celle du 01/01/2019 au 31/03/2019.'),
    );
    expect(
      await db.select({ fromDate: airportCosts.fromDate }).from(airportCosts).orderBy(airportCosts.fromDate),
    ).toEqual([{ fromDate: '2019-01-01' }, { fromDate: '2019-06-01' }]);
  });
});
