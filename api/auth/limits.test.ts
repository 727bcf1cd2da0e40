// The limits of the session calls as callers see them: a sign-in lockout that spares the owner's other
// addresses, a daily cap of wrong reset codes per account, and the length of every field.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { tooLong } from '../../contract/validation';
import { users } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { Caller, lastResetCode, refusal, seededTestApp } from '../test/harness';

describeEachDatabase('session limits', (database) => {
  const t = seededTestApp(database);
  const caller = (ip?: string) => new Caller(t.app, ip);
  const lastCode = (email: string) => lastResetCode(database().db, email);
  let ipCounter = 0;
  /** A new client address each time, so that only the per-account limits can apply. */
  const fresh = () => caller(`198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);

  describe('sign-in lockout', () => {
    it("locks the attacker's address only: the owner still signs in from another address", async () => {
      const attacker = caller('198.51.100.66');
      for (let i = 0; i < 10; i++)
        expect((await attacker.login('operation@demo.test', 'Mauvais-2026!')).status).toBe(401);
      expect(await attacker.login('operation@demo.test')).toMatchObject(
        refusal(429, MESSAGES.tooManyAttempts),
      );
      expect(await caller('203.0.113.50').login('operation@demo.test')).toMatchObject({
        status: 200,
        body: { data: { email: 'operation@demo.test' } },
      });
      expect(await attacker.login('operation@demo.test')).toMatchObject(
        refusal(429, MESSAGES.tooManyAttempts),
      );
      // Other accounts are not locked for that address by this one.
      expect((await attacker.login('admin@demo.test')).status).toBe(200);
    });
  });

  describe('reset codes', () => {
    const wrongFor = (code: string | undefined) => (code === '000000' ? '111111' : '000000');
    const check = (email: string, otp: string) =>
      fresh().put('/auth/reset-password', { email, otp, password: 'Compta-2027!' });

    it('stops an account after 10 wrong codes in a day, for checks and requests, until the next day', async () => {
      const email = 'accounting@demo.test';
      // A guesser asks for a new code whenever one dies: 5 + 4 wrong tries on two codes…
      for (const tries of [5, 4]) {
        expect((await fresh().post('/auth/request-forget-password', { email })).status).toBe(200);
        const code = await lastCode(email);
        for (let i = 0; i < tries; i++)
          expect(await check(email, wrongFor(code))).toMatchObject(refusal(400, MESSAGES.otpWrong));
        t.advance(61_000);
      }
      // …then a third code, and the tenth wrong try.
      expect((await fresh().put('/auth/resend-reset-password-otp', { email })).status).toBe(200);
      const code = (await lastCode(email))!;
      expect((await check(email, wrongFor(code))).status).toBe(400);
      // Now even the right code is refused, and no new code can be asked for.
      const locked = { status: 429, body: { message: MESSAGES.otpLocked } };
      expect(await check(email, code)).toMatchObject(locked);
      t.advance(61_000);
      expect(await fresh().post('/auth/request-forget-password', { email })).toMatchObject(locked);
      expect(await fresh().put('/auth/resend-reset-password-otp', { email })).toMatchObject(locked);
      expect(await lastCode(email)).toBe(code);
      // The next day (Paris or UTC alike), the account can ask again and the new code works.
      t.clock.now = new Date('2026-03-03T00:00:30Z');
      expect((await fresh().post('/auth/request-forget-password', { email })).status).toBe(200);
      const next = (await lastCode(email))!;
      expect(next).not.toBe(code);
      expect(await check(email, next)).toMatchObject({
        status: 200,
        body: { data: { message: MESSAGES.passwordChanged } },
      });
      expect((await caller().login(email, 'Compta-2027!')).status).toBe(200);
    });

    it('answers an unknown address the same way, so the cap tells nothing', async () => {
      const email = 'inconnu@demo.test';
      for (let i = 0; i < 10; i++)
        expect(await check(email, '123456')).toMatchObject(refusal(400, MESSAGES.otpWrong));
      expect(await check(email, '123456')).toMatchObject(refusal(429, MESSAGES.otpLocked));
      expect(await fresh().post('/auth/request-forget-password', { email })).toMatchObject(
        refusal(429, MESSAGES.otpLocked),
      );
    });
  });

  describe('field lengths', () => {
    const longEmail = `${'a'.repeat(250)}@x.fr`; // 255 characters
    const longPassword = `Aa1!${'x'.repeat(125)}`; // 129 characters

    it('refuses an e-mail over 254 characters on every call that takes one', async () => {
      const message = { status: 400, body: { message: tooLong(254) } };
      expect(await fresh().login(longEmail)).toMatchObject(message);
      expect(await fresh().post('/auth/request-forget-password', { email: longEmail })).toMatchObject(
        message,
      );
      expect(await fresh().put('/auth/resend-reset-password-otp', { email: longEmail })).toMatchObject(
        message,
      );
      expect(
        await fresh().put('/auth/reset-password', {
          email: longEmail,
          otp: '123456',
          password: 'Compta-2027!',
        }),
      ).toMatchObject(message);
    });

    it('refuses a password over 128 characters on every call that takes one, and stores nothing', async () => {
      const message = { status: 400, body: { message: tooLong(128) } };
      expect(await fresh().login('admin@demo.test', longPassword)).toMatchObject(message);
      expect(
        await fresh().put('/auth/reset-password', {
          email: 'admin@demo.test',
          otp: '123456',
          password: longPassword,
        }),
      ).toMatchObject(message);
      const [{ hash: before }] = await database()
        .db.select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.email, 'hopital@demo.test'));
      const c = fresh();
      await c.login('hopital@demo.test');
      expect(
        await c.put('/auth/change-password', {
          currentPassword: 'Demo-2026!',
          newPassword: longPassword,
          confirmation: longPassword,
        }),
      ).toMatchObject(message);
      expect(
        await c.put('/auth/change-password', {
          currentPassword: longPassword,
          newPassword: 'Hopital-2027!',
          confirmation: 'Hopital-2027!',
        }),
      ).toMatchObject(message);
      const forced = fresh();
      await forced.login('nouveau@demo.test');
      expect(await forced.post('/auth/force-change-password', { newPassword: longPassword })).toMatchObject(
        message,
      );
      const after = await database()
        .db.select({ email: users.email, hash: users.passwordHash, force: users.forceChangePassword })
        .from(users)
        .where(eq(users.email, 'hopital@demo.test'));
      expect(after[0].hash).toBe(before);
      const [nouveau] = await database()
        .db.select({ force: users.forceChangePassword })
        .from(users)
        .where(eq(users.email, 'nouveau@demo.test'));
      expect(nouveau.force).toBe(true);
    });
  });
});
