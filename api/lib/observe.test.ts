// What an operator sees of each request: its id (the edge's, or one made here) in the answer's header and
// in every error body, a JSON access-log line with that id and no personal data, and the metrics behind
// their token.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { createApp } from '../app';
import { seedDemo } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { EDGE_SECRET, ORIGIN, testConfig } from '../test/harness';
import { memoryLogger } from '../test/logs';
import { createLogger } from './log';
import { createMailer } from './mail';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeEachDatabase('request ids, access log and metrics', (database) => {
  let logs: ReturnType<typeof memoryLogger>;
  const appWith = (env: Record<string, string> = {}) => {
    const config = testConfig(env);
    const db = database().db;
    const mailer = createMailer({ db, from: config.mailFrom, log: () => {} });
    return createApp({ db, config, mailer, log: logs.log });
  };
  const signInWrong = (app: ReturnType<typeof appWith>, headers: Record<string, string> = {}) =>
    app.request('/auth/login', {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        'x-edge-secret': EDGE_SECRET,
        'x-forwarded-for': '203.0.113.9',
        ...headers,
      },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'pas-le-bon-mot-de-passe' }),
    });

  beforeAll(async () => {
    await seedDemo(database().db);
  });

  it('answers with the id the edge sent, in the header and in the error body', async () => {
    logs = memoryLogger();
    const answer = await signInWrong(appWith(), { 'x-request-id': 'edge-7f3a9c' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toBe('edge-7f3a9c');
    expect(await answer.json()).toEqual({ message: MESSAGES.badCredentials, requestId: 'edge-7f3a9c' });
  });

  it('makes an id when none (or one that is not a plain token) was sent, and answers it on success too', async () => {
    logs = memoryLogger();
    const app = appWith();
    const health = await app.request('/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toMatch(UUID);
    expect(await health.json()).toEqual({ data: { status: 'ok' } });
    const missing = await app.request('/nulle-part', { headers: { 'x-request-id': 'a b\u00e9<script>' } });
    const id = missing.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(await missing.json()).toEqual({ message: MESSAGES.notFound, requestId: id });
  });

  it('writes one JSON access-log line per request, with the id and the route pattern, and no e-mail', async () => {
    logs = memoryLogger();
    const app = appWith();
    await signInWrong(app, { 'x-request-id': 'edge-log-1' });
    await app.request('/missions/details/00000000-0000-4000-8000-000000000000', {
      headers: { 'x-request-id': 'edge-log-2' },
    });
    const access = logs.lines().filter((line) => line.msg === 'request');
    expect(access).toEqual([
      expect.objectContaining({
        level: 'info',
        requestId: 'edge-log-1',
        method: 'POST',
        route: '/auth/login',
        status: 401,
        durationMs: expect.any(Number),
      }),
      expect.objectContaining({
        requestId: 'edge-log-2',
        method: 'GET',
        route: '/missions/details/:id',
        status: 401,
      }),
    ]);
    expect(logs.text()).not.toContain('@');
    expect(logs.text()).not.toContain('00000000-0000-4000-8000-000000000000');
  });

  it('keeps e-mail addresses out of any log line, in messages and errors alike', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', destination: { write: (line: string) => lines.push(line) } });
    log.warn('Mail to jeanne.dupont@chu-exemple.fr refused: 550 <jeanne.dupont@chu-exemple.fr> unknown');
    log.error({ err: new Error('RCPT TO:<paul@hopital.test> rejected'), email: 'paul@hopital.test' }, 'SMTP');
    expect(lines.join('')).not.toContain('@');
    expect(JSON.parse(lines[0]).msg).toBe('Mail to [e-mail] refused: 550 <[e-mail]> unknown');
  });

  describe('GET /metrics', () => {
    it('does not exist without METRICS_TOKEN', async () => {
      logs = memoryLogger();
      const answer = await appWith().request('/metrics');
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ message: MESSAGES.notFound });
    });

    it('refuses a request without the token, or with another one', async () => {
      logs = memoryLogger();
      const app = appWith({ METRICS_TOKEN });
      for (const authorization of [undefined, 'Bearer wrong-token', METRICS_TOKEN]) {
        const answer = await app.request('/metrics', authorization ? { headers: { authorization } } : {});
        expect(answer.status).toBe(401);
        expect(answer.headers.get('www-authenticate')).toBe('Bearer');
        expect(await answer.json()).toMatchObject({ message: 'Jeton des métriques manquant ou invalide' });
      }
    });

    it('shows the request counters by route pattern, the latency and the mail queue with the token', async () => {
      logs = memoryLogger();
      const app = appWith({ METRICS_TOKEN });
      await signInWrong(app);
      await app.request('/health');
      const answer = await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      const text = await answer.text();
      expect(text).toMatch(/^http_requests_total\{method="POST",route="\/auth\/login",status="401"\} [1-9]/m);
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/health",status="200"\} [1-9]/m);
      expect(text).toMatch(
        /^http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/health"\}/m,
      );
      expect(text).toMatch(/^mail_outbox_messages\{state="queued"\} \d+$/m);
      expect(text).toContain('# TYPE leon_sync_runs_total counter');
    });
  });
});
