// The forgotten-password request when mail fails: the caller gets the same answer for a known and an
// unknown address; the code's mail waits in the outbox and is delivered by a later retry.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { createApp } from '../app';
import { seedDemo } from '../db/seed';
import { loadConfig } from '../lib/config';
import { createMailer } from '../lib/mail';
import { describeEachDatabase } from '../test/databases';
import { Caller, lastMailText, lastResetCode, ORIGIN } from '../test/harness';
import { type FakeSmtp, fakeSmtp } from '../test/smtp';

describeEachDatabase('forgotten password with a failing mail server', (database) => {
  const clock = { now: new Date('2026-03-02T10:00:00Z') };
  const logs: string[] = [];
  let smtp: FakeSmtp;
  let mailer: ReturnType<typeof createMailer>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    await seedDemo(database().db);
    smtp = await fakeSmtp();
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_ORIGIN: ORIGIN,
      SESSION_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    });
    // The SMTP server is down until the test starts it.
    mailer = createMailer({
      db: database().db,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: config.mailFrom,
      log: (line) => logs.push(line),
      now: () => clock.now,
    });
    app = createApp({ db: database().db, config, mailer, now: () => clock.now });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('answers a known and an unknown address with the same status and body', async () => {
    const known = await new Caller(app, '192.0.2.30').post('/auth/request-forget-password', {
      email: 'admin@demo.test',
    });
    const unknown = await new Caller(app, '192.0.2.31').post('/auth/request-forget-password', {
      email: 'personne@demo.test',
    });
    expect(known).toMatchObject({ status: 200, body: { data: { message: MESSAGES.resetRequested } } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await lastMailText(database().db, 'personne@demo.test')).toBeUndefined();
  });

  it('logs the failed delivery without the address and retries it from the outbox later', async () => {
    expect(await mailer.deliverPending()).toEqual({ sent: 0, failed: 1 });
    // The failure is logged by the outbox row's id, never by the recipient's address (no personal data).
    expect(logs.some((line) => /^Mail [0-9a-f-]+ \(".*"\) not delivered, try 1\/8/.test(line))).toBe(true);
    expect(logs.join('\n')).not.toContain('@');
    await smtp.listen();
    // Not yet: the retry waits a little after a failure.
    expect(await mailer.deliverPending()).toEqual({ sent: 0, failed: 0 });
    clock.now = new Date(clock.now.getTime() + 5 * 60_000);
    expect(await mailer.deliverPending()).toEqual({ sent: 1, failed: 0 });
    const code = await lastResetCode(database().db, 'admin@demo.test');
    expect(code).toMatch(/^\d{6}$/);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatch(/^To: admin@demo\.test$/m);
    expect(smtp.received[0]).toContain(code);
    // Delivered once only.
    clock.now = new Date(clock.now.getTime() + 60 * 60_000);
    expect(await mailer.deliverPending()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });
});
