// The first administrator of an empty database (`npm run create-admin`), on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL: checked like the user form, created once, able to sign in with the
// temporary password it was given and made to change it; the command itself run as an operator would.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../contract/auth';
import { FACTOR_PATHS } from '../../contract/factors';
import { USER_MESSAGES } from '../../contract/users';
import { auditLog, users } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { Caller, testApp } from '../test/harness';
import { createFirstAdmin, FIRST_ADMIN_MESSAGES } from './first-admin';

const input = {
  firstName: 'Claire',
  lastName: 'Durand',
  email: 'Claire.Durand@organ-air.fr',
  phone: '+33 1 40 00 00 00',
};

describeEachDatabase('the first administrator', (database) => {
  const admins = () =>
    database()
      .db.select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), isNull(users.deletedAt)));

  it('refuses a field the user form refuses, and creates nothing', async () => {
    expect(await createFirstAdmin(database().db, { ...input, firstName: ' ' })).toEqual({
      ok: false,
      message: USER_MESSAGES.firstName,
    });
    expect(await admins()).toEqual([]);
  });

  it('creates one administrator who signs in with the temporary password and must change it', async () => {
    const result = await createFirstAdmin(database().db, input);
    if (!result.ok) throw new Error(result.message);
    expect(result.user).toMatchObject({
      email: 'claire.durand@organ-air.fr',
      role: 'ADMIN',
      hospitals: [],
      forceChangePassword: true,
    });
    const signIn = await new Caller(testApp(database().db).app).login(
      'claire.durand@organ-air.fr',
      result.temporaryPassword,
    );
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ data: { role: 'ADMIN', forceChangePassword: true } });
    const audited = await database()
      .db.select({ actorId: auditLog.actorId, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, result.user.id));
    expect(audited).toEqual([{ actorId: null, action: 'user.create' }]);

    // Where the policy requires a factor of ADMIN (production's default), the first administrator changes
    // the temporary password, then is led to enrol a first factor, with nothing else open meanwhile.
    const guarded = new Caller(testApp(database().db, { MFA_REQUIRED_ROLES: 'ADMIN' }).app);
    const first = await guarded.login('claire.durand@organ-air.fr', result.temporaryPassword);
    expect(first.body).toMatchObject({ data: { forceChangePassword: true, secondFactor: 'enrol' } });
    const changed = await guarded.post(AUTH_PATHS.forceChangePassword, { newPassword: 'Nouveau-2026!' });
    expect(changed.status).toBe(200);
    expect((await guarded.get('/user/me')).body).toMatchObject({
      data: { forceChangePassword: false, secondFactor: 'enrol' },
    });
    expect((await guarded.get('/missions/hospitals')).status).toBe(403);
    expect((await guarded.post(FACTOR_PATHS.startTotp, { name: 'Téléphone' })).status).toBe(200);
  });

  it('refuses a second one, even asked twice at once', async () => {
    const [a, b] = await Promise.all([
      createFirstAdmin(database().db, { ...input, email: 'a@organ-air.fr' }),
      createFirstAdmin(database().db, { ...input, email: 'b@organ-air.fr' }),
    ]);
    expect(a).toEqual({ ok: false, message: FIRST_ADMIN_MESSAGES.adminExists });
    expect(b).toEqual({ ok: false, message: FIRST_ADMIN_MESSAGES.adminExists });
    expect(await admins()).toEqual([{ email: 'claire.durand@organ-air.fr' }]);
  });
});

describe('npm run create-admin', () => {
  const root = resolve(import.meta.dirname, '../..');
  const run = (dataDir: string, args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(root, 'api/users/create-admin.ts'), ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, NODE_ENV: 'development', DATA_DIR: dataDir },
    });
  const args = [
    '--email',
    'claire.durand@organ-air.fr',
    '--first-name',
    'Claire',
    '--last-name',
    'Durand',
    '--phone',
    '0140000000',
  ];

  it('prints the temporary password once, then refuses a second administrator', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'create-admin-'));
    try {
      const first = run(dataDir, args);
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/Administrateur créé : claire\.durand@organ-air\.fr/);
      expect(first.stdout).toMatch(/Mot de passe temporaire : \S{12,}/);
      const second = run(dataDir, [...args.slice(0, 1), 'autre@organ-air.fr', ...args.slice(2)]);
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(FIRST_ADMIN_MESSAGES.adminExists);
      const missing = run(dataDir, ['--email', 'x@organ-air.fr']);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain(USER_MESSAGES.firstName);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
