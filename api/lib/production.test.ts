// What a production API answers a caller who is not the edge, and where the development routes exist
// (issue 24, fail closed): in production, a request without the edge's secret is refused (health
// excepted), so that the edge's limits and headers cannot be bypassed; the outbox reader (welcome
// passwords, reset codes) answers only when NODE_ENV says development or test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { describeEachDatabase, freshDatabase } from '../test/databases';
import { Caller, EDGE_SECRET, ORIGIN, refusal, seededTestApp, testApp } from '../test/harness';
import { EDGE_ONLY_MESSAGE } from './edge-only';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://bo@db.example.fr:5432/bo',
  SINGLE_INSTANCE: 'true',
};

describeEachDatabase('a production API reached without the edge', (database) => {
  const t = seededTestApp(database, { env: PRODUCTION });
  const json = { origin: ORIGIN, 'content-type': 'application/json' };
  const login = (headers: Record<string, string>) =>
    t.app.request('/auth/login', {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo-2026!' }),
    });
  const answerOf = async (response: Response) => ({ status: response.status, body: await response.json() });

  it('refuses every request without the edge secret, in French, before any work', async () => {
    expect(await answerOf(await login({}))).toMatchObject(refusal(403, EDGE_ONLY_MESSAGE));
    expect(await answerOf(await login({ 'x-edge-secret': `${EDGE_SECRET}x` }))).toMatchObject(
      refusal(403, EDGE_ONLY_MESSAGE),
    );
    expect(await answerOf(await t.app.request('/user/me'))).toMatchObject(refusal(403, EDGE_ONLY_MESSAGE));
    expect(await answerOf(await t.app.request('/nope'))).toMatchObject(refusal(403, EDGE_ONLY_MESSAGE));
  });

  it('answers the edge, and the health check from anyone', async () => {
    expect((await login({ 'x-edge-secret': EDGE_SECRET })).status).toBe(200);
    expect(await answerOf(await t.app.request('/health'))).toEqual({
      status: 200,
      body: { data: { status: 'ok' } },
    });
  });

  it('answers the metrics to the scraper that holds their token, without the edge secret', async () => {
    const scraped = testApp(database().db, {
      ...PRODUCTION,
      METRICS_TOKEN: 'metrics-token-0123456789abcdef0123456789',
    });
    const metrics = (authorization?: string) =>
      scraped.app.request('/metrics', authorization ? { headers: { authorization } } : {});
    const answer = await metrics('Bearer metrics-token-0123456789abcdef0123456789');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^mail_outbox_messages\{state="queued"\} \d+$/m);
    expect(await answerOf(await metrics())).toMatchObject(
      refusal(401, 'Jeton des métriques manquant ou invalide'),
    );
    expect(await answerOf(await t.app.request('/metrics'))).toMatchObject({ status: 404 });
  });

  it('has no outbox reader, even for the edge', async () => {
    const admin = new Caller(t.app);
    expect((await admin.login('admin@demo.test')).status).toBe(200);
    expect((await admin.get('/dev/outbox')).status).toBe(404);
  });
});

// The development routes are the HTTP layer's: one database kind is enough.
describe('the outbox reader (development routes)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('with NODE_ENV unset', () => {
    const t = seededTestApp(() => database, { env: { NODE_ENV: '' } });
    it('does not exist: nobody reads welcome passwords and reset codes', async () => {
      expect(t.config.env).toBe('development');
      const anyone = new Caller(t.app);
      expect((await anyone.post('/auth/request-forget-password', { email: 'admin@demo.test' })).status).toBe(
        200,
      );
      expect(await anyone.get('/dev/outbox')).toMatchObject({ status: 404 });
      expect(await anyone.get('/dev/outbox?to=admin%40demo.test')).toMatchObject({ status: 404 });
    });
  });

  describe('with NODE_ENV=test', () => {
    const t = seededTestApp(() => database);
    it('lists the queued mails', async () => {
      const anyone = new Caller(t.app);
      await anyone.post('/auth/request-forget-password', { email: 'admin@demo.test' });
      const answer = await anyone.get<{ data: Array<{ to: string }> }>('/dev/outbox?to=admin%40demo.test');
      expect(answer.status).toBe(200);
      expect(answer.body.data.map((mail) => mail.to)).toEqual(['admin@demo.test']);
    });
  });
});
