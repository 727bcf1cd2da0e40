// The error handler's last line of defence: a database error that bad input causes is a 400, not a 500,
// on both drivers (the routes parse their input first: api/lib/validate.test.ts).
import { type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '../../contract/validation';
import { describeEachDatabase } from '../test/databases';
import { memoryLogger } from '../test/logs';
import { onError } from './errors';
import type { Logger } from './log';

const QUERIES: Array<[string, string, SQL]> = [
  [
    '22P02',
    'a 36-character id that is not a UUID',
    sql`select ${'------------------------------------'}::uuid`,
  ],
  ['22003', 'an integer beyond 2^31', sql`select ${'2147483648'}::int`],
  ['22007', 'a date that is not one', sql`select ${'pas une date'}::date`],
  ['22008', 'an impossible day', sql`select ${'2024-02-30'}::date`],
  ['22008', 'an impossible timestamp', sql`select ${'9999-99-99'}::timestamptz`],
  ['22021', 'a NUL character', sql`select ${'a\u0000b'}::text`],
];

describeEachDatabase('database errors caused by input', (database) => {
  let app: Hono<{ Variables: { log: Logger } }>;
  let logs: ReturnType<typeof memoryLogger>;
  beforeAll(() => {
    logs = memoryLogger();
    app = new Hono<{ Variables: { log: Logger } }>();
    app.onError(onError);
    // The request's logger, as api/lib/observe.ts sets it.
    app.use(async (c, next) => {
      c.set('log', logs.log);
      await next();
    });
    QUERIES.forEach(([, , query], index) => {
      app.get(`/q/${index}`, async (c) => {
        await database().db.execute(query);
        return c.json({ data: null });
      });
    });
    app.get('/bug', async () => {
      await database().db.execute(sql`select 1 / 0`);
      return new Response();
    });
  });

  for (const [index, [state, what]] of QUERIES.entries()) {
    it(`answers 400 with a French message to ${what} (${state})`, async () => {
      const response = await app.request(`/q/${index}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: INPUT_MESSAGES.invalidBody });
      expect(logs.lines().at(-1)).toMatchObject({ level: 'warn', msg: expect.stringContaining(state) });
    });
  }

  it('still answers 500 to a database error that input does not cause', async () => {
    const before = logs.lines().length;
    const response = await app.request('/bug');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Une erreur s'est produite" });
    expect(logs.lines().slice(before)).toEqual([
      expect.objectContaining({ level: 'error', msg: 'Unhandled API error', err: expect.anything() }),
    ]);
  });
});
