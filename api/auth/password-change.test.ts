// Password changes as callers see them: the forced change only while one is pending, the signed-in
// user's own change with the current password, and the other sessions ended by both.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { auditLog, users } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { Caller, lastMailText, refusal, seededTestApp } from '../test/harness';

describeEachDatabase('password changes', (database) => {
  const t = seededTestApp(database);
  const caller = (ip?: string) => new Caller(t.app, ip);
  const copyOf = (c: Caller) => {
    const copy = caller();
    for (const [k, v] of c.cookies) copy.cookies.set(k, v);
    return copy;
  };

  describe('forced change', () => {
    it('is refused when no change is pending, and the password stays', async () => {
      const c = caller();
      await c.login('operation@demo.test');
      expect(await c.post('/auth/force-change-password', { newPassword: 'Pirate-2026!' })).toMatchObject(
        refusal(403, MESSAGES.noPasswordChangePending),
      );
      expect((await caller().login('operation@demo.test', 'Pirate-2026!')).status).toBe(401);
      expect((await caller().login('operation@demo.test')).status).toBe(200);
    });

    it('ends the other sessions of the user, keeps the caller signed in, and works once', async () => {
      const elsewhere = caller();
      await elsewhere.login('nouveau@demo.test');
      const c = caller();
      await c.login('nouveau@demo.test');
      const before = copyOf(c);
      const changed = await c.post('/auth/force-change-password', { newPassword: 'Nouveau-2026!' });
      expect(changed).toMatchObject({ status: 200, body: { data: { forceChangePassword: false } } });
      expect(await c.get('/user/me')).toMatchObject({
        status: 200,
        body: { data: { email: 'nouveau@demo.test' } },
      });
      expect((await elsewhere.get('/user/me')).status).toBe(401);
      expect((await elsewhere.post('/auth/refresh')).status).toBe(401);
      // The caller's session is a new one: the cookies held before the change are dead too.
      expect((await before.post('/auth/refresh')).status).toBe(401);
      expect(await c.post('/auth/force-change-password', { newPassword: 'Encore-2026!' })).toMatchObject(
        refusal(403, MESSAGES.noPasswordChangePending),
      );
      expect((await caller().login('nouveau@demo.test', 'Nouveau-2026!')).status).toBe(200);
    });
  });

  describe('change my password', () => {
    const email = 'accounting@demo.test';
    const input = (more: Record<string, string> = {}) => ({
      currentPassword: 'Demo-2026!',
      newPassword: 'Compta-2027!',
      confirmation: 'Compta-2027!',
      ...more,
    });

    it('needs a session', async () => {
      expect(await caller().put('/auth/change-password', input())).toMatchObject(
        refusal(401, MESSAGES.unauthenticated),
      );
    });

    it('validates the fields with the form rules', async () => {
      const c = caller();
      await c.login(email);
      const cases: Array<[Record<string, string>, string]> = [
        [{ currentPassword: '' }, MESSAGES.currentPasswordRequired],
        [{ newPassword: 'faible', confirmation: 'faible' }, MESSAGES.passwordLength],
        [{ newPassword: 'Compta2027', confirmation: 'Compta2027' }, MESSAGES.passwordSpecial],
        [{ confirmation: 'Compta-2028!' }, MESSAGES.passwordMismatch],
        [{ newPassword: 'Demo-2026!', confirmation: 'Demo-2026!' }, MESSAGES.samePassword],
      ];
      for (const [more, message] of cases)
        expect(await c.put('/auth/change-password', input(more))).toMatchObject({
          status: 400,
          body: { message },
        });
      expect((await caller().login(email)).status).toBe(200);
    });

    it('refuses a wrong current password', async () => {
      const c = caller();
      await c.login(email);
      expect(await c.put('/auth/change-password', input({ currentPassword: 'Mauvais-2026!' }))).toMatchObject(
        {
          status: 400,
          body: { message: MESSAGES.currentPasswordWrong },
        },
      );
      expect((await c.get('/user/me')).status).toBe(200);
      expect((await caller().login(email)).status).toBe(200);
    });

    it('changes it, ends every other session, keeps the caller signed in, and audits', async () => {
      const elsewhere = caller();
      await elsewhere.login(email);
      const c = caller();
      await c.login(email);
      const before = copyOf(c);
      expect(await c.put('/auth/change-password', input())).toMatchObject({
        status: 200,
        body: { data: { message: MESSAGES.passwordChanged } },
      });
      expect(await c.get('/user/me')).toMatchObject({ status: 200, body: { data: { email } } });
      expect((await c.post('/auth/refresh')).status).toBe(200);
      expect((await elsewhere.get('/user/me')).status).toBe(401);
      expect((await elsewhere.post('/auth/refresh')).status).toBe(401);
      expect((await before.post('/auth/refresh')).status).toBe(401);
      expect((await caller().login(email)).status).toBe(401);
      expect((await caller().login(email, 'Compta-2027!')).status).toBe(200);
      const [{ id }] = await database().db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const rows = await database()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'password.change'), eq(auditLog.entityId, id)));
      expect(rows).toMatchObject([{ actorId: id, entity: 'user' }]);
      expect(JSON.stringify(rows)).not.toMatch(/scrypt|Compta-2027/);
    });

    it('stops guessing the current password after 5 wrong tries', async () => {
      const c = caller();
      await c.login('hopital@demo.test');
      for (let i = 0; i < 5; i++)
        expect(
          (await c.put('/auth/change-password', input({ currentPassword: `Essai-${i}-2026!` }))).status,
        ).toBe(400);
      expect(await c.put('/auth/change-password', input())).toMatchObject(
        refusal(429, MESSAGES.tooManyAttempts),
      );
      t.advance(16 * 60_000);
      await c.post('/auth/refresh');
      expect((await c.put('/auth/change-password', input())).status).toBe(200);
    });

    it('is not open while a forced change is pending', async () => {
      const admin = caller();
      await admin.login('admin@demo.test');
      const created = await admin.post('/user/create', {
        firstName: 'Paul',
        lastName: 'Girard',
        email: 'paul.girard@demo.test',
        phone: '0600000001',
        role: 'OPERATION',
      });
      expect(created.status).toBe(201);
      const temporary = (await lastMailText(database().db, 'paul.girard@demo.test'))?.match(
        /Mot de passe temporaire : (\S+)/,
      )?.[1];
      const c = caller();
      expect((await c.login('paul.girard@demo.test', temporary)).status).toBe(200);
      expect(
        await c.put('/auth/change-password', {
          currentPassword: temporary,
          newPassword: 'Girard-2026!',
          confirmation: 'Girard-2026!',
        }),
      ).toMatchObject(refusal(403, MESSAGES.forbidden));
    });
  });
});
