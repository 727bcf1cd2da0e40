// The session calls as a browser would see them, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { INPUT_MESSAGES } from '../../contract/validation';
import { auditLog } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { Caller, lastResetCode, refusal, seededTestApp, testApp } from '../test/harness';

const MINUTE = 60_000;

describeEachDatabase('sessions', (database) => {
  const t = seededTestApp(database);
  const caller = (ip?: string) => new Caller(t.app, ip);
  const lastCode = (email: string) => lastResetCode(database().db, email);

  describe('login', () => {
    it('signs in with the right password and sets both cookies with safe flags', async () => {
      const c = caller();
      const answer = await c.login('Admin@Demo.test');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        data: { email: 'admin@demo.test', role: 'ADMIN', forceChangePassword: false },
      });
      const access = answer.setCookies.find((s) => s.startsWith('access_token='))!;
      const refresh = answer.setCookies.find((s) => s.startsWith('refresh_token='))!;
      expect(access).toMatch(/HttpOnly/);
      expect(access).toMatch(/SameSite=Lax/);
      expect(access).toMatch(/Path=\//);
      expect(refresh).toMatch(/Path=\/auth/);
      expect(refresh).toMatch(/HttpOnly/);
      // Plain-http localhost: no Secure flag, or the browser would drop the cookie.
      expect(access).not.toMatch(/Secure/);
      expect((await c.get('/user/me')).body).toMatchObject({ data: { email: 'admin@demo.test' } });
    });

    it('sets a readable hint cookie beside the session, holding the access expiry, and clears it on logout', async () => {
      const c = caller();
      const cookies = (await c.login('admin@demo.test')).setCookies;
      const hint = cookies.find((s) => s.startsWith('signed_in='))!;
      const access = cookies
        .find((s) => s.startsWith('access_token='))!
        .split(';')[0]
        .split('=')[1];
      const { exp } = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString());
      expect(exp).toBe(Math.floor(t.clock.now.getTime() / 1000) + 15 * 60);
      expect(hint).toMatch(new RegExp(`^signed_in=${exp};`));
      expect(hint).not.toMatch(/HttpOnly/);
      expect(hint).toMatch(/Path=\//);
      // A renewal, later on, moves it with the new access token.
      t.advance(20 * 60_000);
      const renewed = (await c.post('/auth/refresh')).setCookies.find((s) => s.startsWith('signed_in='));
      expect(renewed).toMatch(new RegExp(`^signed_in=${exp + 20 * 60};`));
      const cleared = (await c.post('/auth/logout')).setCookies.find((s) => s.startsWith('signed_in='));
      expect(cleared).toMatch(/Max-Age=0/);
    });

    it('marks cookies Secure behind an https origin', async () => {
      const secure = testApp(database().db, { PUBLIC_ORIGIN: 'https://bo.example.fr' });
      const answer = await secure.app.request('/auth/login', {
        method: 'POST',
        headers: { origin: 'https://bo.example.fr', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo-2026!' }),
      });
      expect(answer.headers.getSetCookie().every((s) => /Secure/.test(s))).toBe(true);
    });

    it('refuses a wrong password or an unknown e-mail with the same message', async () => {
      const wrong = await caller('198.51.100.1').login('operation@demo.test', 'Mauvais-2026!');
      const unknown = await caller('198.51.100.1').login('personne@demo.test');
      expect(wrong).toMatchObject(refusal(401, MESSAGES.badCredentials));
      expect(unknown).toMatchObject(refusal(401, MESSAGES.badCredentials));
      expect(wrong.setCookies).toEqual([]);
    });

    it('validates the body with the form rules', async () => {
      expect(await caller().post('/auth/login', { email: '', password: 'x' })).toMatchObject(
        refusal(400, "L'e-mail ne peut pas être vide"),
      );
      expect(await caller().post('/auth/login', { email: 'a@b.fr', password: '' })).toMatchObject(
        refusal(400, 'le mot de passe est requis'),
      );
    });

    it('rate-limits repeated failures for an e-mail, even with the right password afterwards', async () => {
      const c = caller('198.51.100.2');
      for (let i = 0; i < 10; i++)
        expect((await c.login('hopital@demo.test', 'Mauvais-2026!')).status).toBe(401);
      expect(await c.login('hopital@demo.test')).toMatchObject(refusal(429, MESSAGES.tooManyAttempts));
      t.advance(16 * MINUTE);
      expect((await c.login('hopital@demo.test')).status).toBe(200);
    });
  });

  describe('access and refresh', () => {
    it('answers 401 without a session', async () => {
      expect(await caller().get('/user/me')).toMatchObject(refusal(401, MESSAGES.unauthenticated));
    });

    it('renews an expired access token with the refresh token, then rotates it', async () => {
      const c = caller();
      await c.login('operation@demo.test');
      t.advance(16 * MINUTE);
      expect((await c.get('/user/me')).status).toBe(401);
      const oldRefresh = c.cookies.get('refresh_token');
      const refreshed = await c.post('/auth/refresh');
      expect(refreshed).toMatchObject({ status: 200, body: { data: { email: 'operation@demo.test' } } });
      expect(c.cookies.get('refresh_token')).not.toBe(oldRefresh);
      expect((await c.get('/user/me')).status).toBe(200);
    });

    it('revokes the whole session when a rotated refresh token is used again', async () => {
      const c = caller();
      await c.login('operation@demo.test');
      const stolen = c.cookies.get('refresh_token')!;
      expect((await c.post('/auth/refresh')).status).toBe(200);
      const thief = caller();
      thief.cookies.set('refresh_token', stolen);
      expect(await thief.post('/auth/refresh')).toMatchObject(refusal(401, MESSAGES.sessionExpired));
      // The legitimate holder's session is gone as well: access and refresh both refused.
      expect((await c.get('/user/me')).status).toBe(401);
      expect((await c.post('/auth/refresh')).status).toBe(401);
      const [row] = await database().db.select().from(auditLog).where(eq(auditLog.action, 'login')).limit(1);
      expect(row).toBeTruthy();
    });

    it('refuses a refresh without a cookie and clears the cookies', async () => {
      const answer = await caller().post('/auth/refresh');
      expect(answer.status).toBe(401);
      expect(answer.setCookies.some((s) => s.startsWith('access_token=;'))).toBe(true);
    });
  });

  describe('logout', () => {
    it('revokes the session on the server at once', async () => {
      const c = caller();
      await c.login('admin@demo.test');
      const kept = new Map(c.cookies);
      expect((await c.post('/auth/logout')).status).toBe(200);
      expect(c.cookies.size).toBe(0);
      // Someone who copied the cookies before logout gets nothing.
      const copy = caller();
      for (const [k, v] of kept) copy.cookies.set(k, v);
      expect((await copy.get('/user/me')).status).toBe(401);
      expect((await copy.post('/auth/refresh')).status).toBe(401);
    });

    it('revokes even with an expired access token', async () => {
      const c = caller();
      await c.login('admin@demo.test');
      const kept = new Map(c.cookies);
      t.advance(20 * MINUTE);
      await c.post('/auth/logout');
      const copy = caller();
      for (const [k, v] of kept) copy.cookies.set(k, v);
      expect((await copy.post('/auth/refresh')).status).toBe(401);
    });
  });

  describe('forced password change', () => {
    it('keeps a flagged user out of everything but the change, then lets them in', async () => {
      const c = caller();
      const login = await c.login('nouveau@demo.test');
      expect(login.body).toMatchObject({ data: { forceChangePassword: true } });
      expect((await c.get('/user/me')).body).toMatchObject({ data: { forceChangePassword: true } });
      const weak: Array<[string, string]> = [
        ['', MESSAGES.passwordEmpty],
        ['Ab1!', MESSAGES.passwordLength],
        ['ABCDEFG1!', MESSAGES.passwordLower],
        ['abcdefg1!', MESSAGES.passwordUpper],
        ['Abcdefgh!', MESSAGES.passwordDigit],
        ['Abcdefgh1', MESSAGES.passwordSpecial],
      ];
      for (const [newPassword, message] of weak) {
        expect(await c.post('/auth/force-change-password', { newPassword })).toMatchObject({
          status: 400,
          body: { message },
        });
      }
      expect(await c.post('/auth/force-change-password', { newPassword: 'Demo-2026!' })).toMatchObject(
        refusal(400, MESSAGES.samePassword),
      );
      const changed = await c.post('/auth/force-change-password', { newPassword: 'Nouveau-2026!' });
      expect(changed).toMatchObject({ status: 200, body: { data: { forceChangePassword: false } } });
      expect((await caller().login('nouveau@demo.test', 'Nouveau-2026!')).status).toBe(200);
      expect((await caller().login('nouveau@demo.test')).status).toBe(401);
    });

    it('needs a session', async () => {
      expect(
        (await caller().post('/auth/force-change-password', { newPassword: 'Nouveau-2026!' })).status,
      ).toBe(401);
    });
  });

  describe('forgotten password', () => {
    const email = 'accounting@demo.test';

    it('answers the same whether the e-mail exists or not', async () => {
      const known = await caller('192.0.2.10').post('/auth/request-forget-password', { email });
      const unknown = await caller('192.0.2.10').post('/auth/request-forget-password', {
        email: 'inconnu@demo.test',
      });
      expect(known).toMatchObject({ status: 200, body: { data: { message: MESSAGES.resetRequested } } });
      expect(unknown).toEqual({ ...known, headers: unknown.headers });
      expect(await lastCode('inconnu@demo.test')).toBeUndefined();
      expect(await lastCode(email)).toMatch(/^\d{6}$/);
    });

    it('refuses a resend within 60 s, for known and unknown e-mails alike, then allows it', async () => {
      const c = caller('192.0.2.11');
      const first = await lastCode(email);
      expect(await c.put('/auth/resend-reset-password-otp', { email })).toMatchObject(
        refusal(429, MESSAGES.otpResendTooSoon),
      );
      expect((await c.put('/auth/resend-reset-password-otp', { email: 'inconnu@demo.test' })).status).toBe(
        429,
      );
      t.advance(61_000);
      expect(await c.put('/auth/resend-reset-password-otp', { email })).toMatchObject({
        status: 200,
        body: { data: { message: MESSAGES.resendSuccess } },
      });
      expect(await lastCode(email)).not.toBe(first);
    });

    it('refuses a wrong code, kills the code after 5 wrong tries', async () => {
      const c = caller('192.0.2.12');
      const code = (await lastCode(email))!;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        expect(
          await c.put('/auth/reset-password', { email, otp: wrong, password: 'Compta-2027!' }),
        ).toMatchObject(refusal(400, MESSAGES.otpWrong));
      }
      expect(
        (await c.put('/auth/reset-password', { email, otp: code, password: 'Compta-2027!' })).status,
      ).toBe(400);
    });

    it('refuses an expired code', async () => {
      const c = caller('192.0.2.13');
      t.advance(61_000);
      await c.put('/auth/resend-reset-password-otp', { email });
      const code = (await lastCode(email))!;
      t.advance(10 * MINUTE + 1000);
      expect(
        (await c.put('/auth/reset-password', { email, otp: code, password: 'Compta-2027!' })).status,
      ).toBe(400);
    });

    it('validates the code format and the new password', async () => {
      const c = caller('192.0.2.14');
      expect(
        await c.put('/auth/reset-password', { email, otp: '12345', password: 'Compta-2027!' }),
      ).toMatchObject(refusal(400, MESSAGES.otpInvalid));
      expect(await c.put('/auth/reset-password', { email, otp: '123456', password: 'faible' })).toMatchObject(
        {
          status: 400,
          body: { message: MESSAGES.passwordLength },
        },
      );
    });

    it('resets with the right code, ends existing sessions, and the new password signs in', async () => {
      const session = caller();
      await session.login(email);
      t.advance(61_000);
      const c = caller('192.0.2.15');
      await c.put('/auth/resend-reset-password-otp', { email });
      const code = (await lastCode(email))!;
      expect(
        await c.put('/auth/reset-password', { email, otp: code, password: 'Compta-2027!' }),
      ).toMatchObject({
        status: 200,
        body: { data: { message: MESSAGES.passwordChanged } },
      });
      expect((await session.get('/user/me')).status).toBe(401);
      expect((await caller().login(email, 'Compta-2027!')).status).toBe(200);
      // A code works once.
      expect(
        (await c.put('/auth/reset-password', { email, otp: code, password: 'Compta-2028!' })).status,
      ).toBe(400);
      const rows = await database().db.select().from(auditLog).where(eq(auditLog.action, 'password.reset'));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toMatch(/scrypt/);
    });

    it('rate-limits code checks per address', async () => {
      const c = caller('192.0.2.16');
      for (let i = 0; i < 20; i++)
        await c.put('/auth/reset-password', {
          email: 'x@demo.test',
          otp: '123456',
          password: 'Compta-2027!',
        });
      expect(
        await c.put('/auth/reset-password', { email, otp: '123456', password: 'Compta-2027!' }),
      ).toMatchObject(refusal(429, MESSAGES.tooManyAttempts));
    });
  });

  describe('CSRF rule', () => {
    it('refuses writes from another origin or without origin information', async () => {
      const c = caller();
      const body = { email: 'admin@demo.test', password: 'Demo-2026!' };
      expect(await c.call('POST', '/auth/login', body, { origin: 'https://evil.example' })).toMatchObject(
        refusal(403, MESSAGES.badOrigin),
      );
      const bare = await t.app.request('/auth/logout', { method: 'POST' });
      expect(bare.status).toBe(403);
      const sameSite = await t.app.request('/auth/logout', {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(sameSite.status).toBe(403);
      const sameOrigin = await t.app.request('/auth/logout', {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(sameOrigin.status).toBe(200);
    });
  });

  describe('health and errors', () => {
    it('answers health and a French 404', async () => {
      expect(await caller().get('/health')).toMatchObject({ status: 200, body: { data: { status: 'ok' } } });
      expect(await caller().get('/nope')).toMatchObject(refusal(404, MESSAGES.notFound));
    });

    it('refuses with 415 in French a body not declared JSON, even one that reads as JSON', async () => {
      const credentials = JSON.stringify({ email: 'admin@demo.test', password: 'Demo-2026!' });
      const multipart = `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nadmin@demo.test\r\n--x--\r\n`;
      const bodies: Array<[string | undefined, BodyInit]> = [
        ['text/plain', credentials],
        ['text/plain;charset=UTF-8', credentials],
        ['application/x-www-form-urlencoded', 'email=admin%40demo.test&password=Demo-2026!'],
        ['multipart/form-data; boundary=x', multipart],
        // Bytes, so that the request gets no type of its own (a string body would be text/plain).
        [undefined, new TextEncoder().encode(credentials)],
      ];
      for (const [type, body] of bodies) {
        const answer = await t.app.request('/auth/login', {
          method: 'POST',
          headers: { origin: 'http://localhost:8787', ...(type ? { 'content-type': type } : {}) },
          body,
        });
        expect(answer.status, type).toBe(415);
        expect(await answer.json()).toEqual({
          message: INPUT_MESSAGES.notJson,
          requestId: expect.any(String),
        });
        expect(answer.headers.getSetCookie()).toEqual([]);
      }
      // JSON, with or without its charset, signs in.
      for (const type of ['application/json', 'Application/JSON; charset=utf-8']) {
        const answer = await t.app.request('/auth/login', {
          method: 'POST',
          headers: {
            origin: 'http://localhost:8787',
            'content-type': type,
            'x-forwarded-for': '203.0.113.99',
          },
          body: credentials,
        });
        expect(answer.status, type).toBe(200);
      }
    });

    it('refuses a body that is not JSON', async () => {
      const answer = await t.app.request('/auth/login', {
        method: 'POST',
        headers: { origin: 'http://localhost:8787', 'content-type': 'application/json' },
        body: '{',
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: MESSAGES.invalidBody, requestId: expect.any(String) });
    });
  });
});
