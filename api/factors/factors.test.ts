// The second sign-in step as callers see it (issue 52, ASVS V2.7–V2.9, decision 070): enrolling an
// authenticator from 'Mon compte', signing in with a code or a recovery code, each accepted once, tries
// limited, the policy by role, an ADMIN's reset, another user's factors untouchable; every change audited
// and mailed.
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type Me } from '../../contract/auth';
import {
  FACTOR_MESSAGES,
  FACTOR_PATHS,
  type FactorAdded,
  type FactorsView,
  RECOVERY_CODE_COUNT,
  type TotpEnrolment,
} from '../../contract/factors';
import { auditLog, userFactors, users } from '../db/schema';
import { loadConfig } from '../lib/config';
import { describeEachDatabase } from '../test/databases';
import { Caller, lastMailText, refusal, seededTestApp, signedIn } from '../test/harness';

type Data<T> = { data: T; message?: string };
/** A call that only a complete session may make. */
const MISSIONS = '/missions/hospitals';

describeEachDatabase('second sign-in step', (database) => {
  const t = seededTestApp(database);
  const db = () => database().db;
  let ip = 10;
  /** Each sign-in from an address of its own, so that the address limits of one test spare the others. */
  const nextIp = () => `198.51.100.${ip++}`;
  const codeAt = (secret: string, offsetSeconds = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) + offsetSeconds });

  /** Enrols an authenticator for `email`: its secret and the recovery codes (first factor only). */
  async function enrol(email: string, name = 'Téléphone') {
    const caller = await signedIn(t.app, email, { ip: nextIp() });
    const started = await caller.post<Data<TotpEnrolment>>(FACTOR_PATHS.startTotp, { name });
    expect(started.status).toBe(200);
    const { id, secret, uri, qrSvg } = started.body.data;
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    const confirmed = await caller.post<Data<FactorAdded>>(FACTOR_PATHS.confirmTotp(id), {
      code: await codeAt(secret),
    });
    expect(confirmed.status).toBe(200);
    return { caller, secret, id, recoveryCodes: confirmed.body.data.recoveryCodes };
  }

  /** A password sign-in of a user with a factor: the session waits for its second step. */
  async function halfSignedIn(email: string) {
    const caller = new Caller(t.app, nextIp());
    const login = await caller.login(email);
    expect(login.status).toBe(200);
    expect((login.body as Data<Me>).data.secondFactor).toBe('verify');
    return caller;
  }

  it('refuses the reset to every role but ADMIN', async () => {
    const [{ id }] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'nouveau@demo.test'));
    for (const email of ['operation@demo.test', 'accounting@demo.test', 'hopital@demo.test']) {
      const caller = await signedIn(t.app, email, { ip: nextIp() });
      expect(await caller.delete(FACTOR_PATHS.resetUser(id))).toMatchObject(refusal(403, MESSAGES.forbidden));
    }
  });

  it('enrols an authenticator with a first code, gives ten recovery codes once, and mails its user', async () => {
    const caller = await signedIn(t.app, 'operation@demo.test', { ip: nextIp() });
    const before = await caller.get<Data<FactorsView>>(FACTOR_PATHS.factors);
    expect(before.body.data).toEqual({ factors: [], recoveryCodesLeft: 0, required: false });
    const started = await caller.post<Data<TotpEnrolment>>(FACTOR_PATHS.startTotp, { name: '  iPhone  ' });
    const { id, secret } = started.body.data;
    // Stored sealed, never as the secret itself.
    const [stored] = await db().select().from(userFactors).where(eq(userFactors.id, id));
    expect(stored.secret).not.toContain(secret);
    expect(stored.confirmedAt).toBeNull();
    expect(await caller.post(FACTOR_PATHS.confirmTotp(id), { code: '12345' })).toMatchObject(
      refusal(400, FACTOR_MESSAGES.codeInvalid),
    );
    const wrong = String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect(await caller.post(FACTOR_PATHS.confirmTotp(id), { code: wrong })).toMatchObject(
      refusal(400, FACTOR_MESSAGES.codeWrong),
    );
    const confirmed = await caller.post<Data<FactorAdded>>(FACTOR_PATHS.confirmTotp(id), {
      code: await codeAt(secret),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.factor).toMatchObject({ id, kind: 'totp', name: 'iPhone' });
    expect(confirmed.body.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.body.data.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await lastMailText(db(), 'operation@demo.test')).toContain('« iPhone » a été ajoutée');
    const after = await caller.get<Data<FactorsView>>(FACTOR_PATHS.factors);
    expect(after.body.data.factors.map((f) => f.name)).toEqual(['iPhone']);
    expect(after.body.data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
    // A second authenticator comes without new recovery codes.
    const second = await caller.post<Data<TotpEnrolment>>(FACTOR_PATHS.startTotp, { name: 'Tablette' });
    t.advance(30_000);
    const again = await caller.post<Data<FactorAdded>>(FACTOR_PATHS.confirmTotp(second.body.data.id), {
      code: await codeAt(second.body.data.secret),
    });
    expect(again.body.data.recoveryCodes).toBeNull();
    const audited = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.action, 'factor.add')));
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });

  it('signs in with a code as the second step, each code accepted once, and then opens everything', async () => {
    const { secret } = await enrol('accounting@demo.test');
    const caller = await halfSignedIn('accounting@demo.test');
    expect(await caller.get(MISSIONS)).toMatchObject(refusal(403, FACTOR_MESSAGES.stepRequired));
    expect(await caller.get('/events')).toMatchObject(refusal(403, FACTOR_MESSAGES.stepRequired));
    const me = await caller.get<Data<Me>>('/user/me');
    expect(me.body.data).toMatchObject({ email: 'accounting@demo.test', secondFactor: 'verify' });
    // The code the enrolment used is spent: replay refused.
    expect(await caller.post(FACTOR_PATHS.verify, { code: await codeAt(secret) })).toMatchObject(
      refusal(400, FACTOR_MESSAGES.codeWrong),
    );
    const pendingCookies = new Map(caller.cookies);
    t.advance(30_000);
    const code = await codeAt(secret);
    const verified = await caller.post<Data<Me>>(FACTOR_PATHS.verify, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ email: 'accounting@demo.test', secondFactor: null });
    expect((await caller.get(MISSIONS)).status).toBe(200);
    // The half session's tokens are not those of the complete one: they no longer work.
    const stale = new Caller(t.app, nextIp());
    for (const [k, v] of pendingCookies) stale.cookies.set(k, v);
    expect((await stale.get('/user/me')).status).toBe(401);
    // The same code in another sign-in, within its window: refused.
    const other = await halfSignedIn('accounting@demo.test');
    expect(await other.post(FACTOR_PATHS.verify, { code })).toMatchObject(
      refusal(400, FACTOR_MESSAGES.codeWrong),
    );
    // A complete session has no step to take.
    expect(await caller.post(FACTOR_PATHS.verify, { code })).toMatchObject(
      refusal(409, FACTOR_MESSAGES.noStepPending),
    );
  });

  it('accepts each recovery code once, audits and mails its use', async () => {
    const { recoveryCodes } = await enrol('hopital@demo.test');
    const [first, second] = recoveryCodes ?? [];
    const caller = await halfSignedIn('hopital@demo.test');
    const typed = `${first.slice(0, 5).toLowerCase()}-${first.slice(5)}`;
    const used = await caller.post<Data<Me>>(FACTOR_PATHS.verify, { code: typed });
    expect(used.status).toBe(200);
    expect(used.body.data.secondFactor).toBeNull();
    expect(await lastMailText(db(), 'hopital@demo.test')).toContain('Il vous en reste 9');
    const again = await halfSignedIn('hopital@demo.test');
    expect(await again.post(FACTOR_PATHS.verify, { code: first })).toMatchObject(
      refusal(400, FACTOR_MESSAGES.codeWrong),
    );
    expect((await again.post(FACTOR_PATHS.verify, { code: second })).status).toBe(200);
    const view = await again.get<Data<FactorsView>>(FACTOR_PATHS.factors);
    expect(view.body.data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
    const audited = await db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'recovery.use'));
    expect(audited.map((row) => row.after)).toEqual(expect.arrayContaining([{ left: 9 }, { left: 8 }]));
    // Another user's recovery code is worth nothing here.
    expect(await again.post(FACTOR_PATHS.verify, { code: 'ABCDE-FGHJK' })).toMatchObject(
      refusal(409, FACTOR_MESSAGES.noStepPending),
    );
  });

  it('limits the tries: five wrong codes, then 429 even for the right one', async () => {
    const { secret } = await enrol('hopitaux@demo.test');
    const caller = await halfSignedIn('hopitaux@demo.test');
    t.advance(30_000);
    const right = await codeAt(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => caller.post(FACTOR_PATHS.verify, { code: wrong })),
    );
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await caller.post(FACTOR_PATHS.verify, { code: right })).toMatchObject(
      refusal(429, MESSAGES.tooManyAttempts),
    );
    // The next quarter: the access token renewed, the tries counted afresh.
    t.advance(15 * 60_000);
    expect((await caller.post('/auth/refresh')).status).toBe(200);
    expect((await caller.post(FACTOR_PATHS.verify, { code: await codeAt(secret) })).status).toBe(200);
  });

  it('keeps each user to their own factors, removes one with a mail, regenerates the recovery codes', async () => {
    const admin = await signedIn(t.app, 'admin@demo.test', { ip: nextIp() });
    const mine = await admin.post<Data<TotpEnrolment>>(FACTOR_PATHS.startTotp, { name: 'Poste' });
    t.advance(30_000);
    const confirmed = await admin.post<Data<FactorAdded>>(FACTOR_PATHS.confirmTotp(mine.body.data.id), {
      code: await codeAt(mine.body.data.secret),
    });
    const oldCodes = confirmed.body.data.recoveryCodes ?? [];
    // The operation user's factor, enrolled in the first test, is not the ADMIN's to confirm nor to remove.
    const [theirs] = await db()
      .select({ id: userFactors.id })
      .from(userFactors)
      .innerJoin(users, eq(users.id, userFactors.userId))
      .where(eq(users.email, 'operation@demo.test'));
    expect(await admin.delete(FACTOR_PATHS.removeFactor(theirs.id))).toMatchObject(
      refusal(404, FACTOR_MESSAGES.factorNotFound),
    );
    expect(await admin.post(FACTOR_PATHS.confirmTotp(theirs.id), { code: '123456' })).toMatchObject(
      refusal(404, FACTOR_MESSAGES.enrolmentNotFound),
    );
    const renewed = await admin.post<Data<{ recoveryCodes: string[] }>>(FACTOR_PATHS.recoveryCodes);
    expect(renewed.body.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await lastMailText(db(), 'admin@demo.test')).toContain('les précédents ne fonctionnent plus');
    const half = await halfSignedIn('admin@demo.test');
    expect((await half.post(FACTOR_PATHS.verify, { code: oldCodes[0] })).status).toBe(400);
    expect((await half.post(FACTOR_PATHS.verify, { code: renewed.body.data.recoveryCodes[0] })).status).toBe(
      200,
    );
    const removed = await half.delete<Data<{ message: string }>>(
      FACTOR_PATHS.removeFactor(mine.body.data.id),
    );
    expect(removed.body.data.message).toBe(FACTOR_MESSAGES.factorRemoved);
    expect(await lastMailText(db(), 'admin@demo.test')).toContain('« Poste » a été retirée');
    // The last factor gone, the recovery codes went with it, and the password alone signs in again.
    expect((await half.get<Data<FactorsView>>(FACTOR_PATHS.factors)).body.data).toMatchObject({
      factors: [],
      recoveryCodesLeft: 0,
    });
    expect(await half.post(FACTOR_PATHS.recoveryCodes)).toMatchObject(
      refusal(409, FACTOR_MESSAGES.noRecoveryWithoutFactor),
    );
    const plain = await new Caller(t.app, nextIp()).login('admin@demo.test');
    expect((plain.body as Data<Me>).data.secondFactor).toBeNull();
  });

  it('lets an ADMIN reset another user’s factors, ending their sessions, audited and mailed', async () => {
    // Enrolled in the test of the limits; a session of theirs waits for its code.
    const user = await halfSignedIn('hopitaux@demo.test');
    const [{ id: userId }] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'hopitaux@demo.test'));
    const admin = await signedIn(t.app, 'admin@demo.test', { ip: nextIp() });
    expect(await admin.delete(FACTOR_PATHS.resetUser('00000000-0000-4000-8000-000000000000'))).toMatchObject(
      refusal(404, FACTOR_MESSAGES.userNotFound),
    );
    const [{ id: adminId }] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@demo.test'));
    expect(await admin.delete(FACTOR_PATHS.resetUser(adminId))).toMatchObject(
      refusal(400, FACTOR_MESSAGES.resetSelf),
    );
    const reset = await admin.delete<Data<{ message: string }>>(FACTOR_PATHS.resetUser(userId));
    expect(reset.body.data.message).toBe(FACTOR_MESSAGES.userReset);
    expect((await user.get('/user/me')).status).toBe(401);
    expect(await lastMailText(db(), 'hopitaux@demo.test')).toContain(
      'Un administrateur a retiré vos méthodes',
    );
    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, 'factor.reset'));
    expect(row).toMatchObject({ entity: 'user', entityId: userId, after: { removed: 1 } });
    const plain = await new Caller(t.app, nextIp()).login('hopitaux@demo.test');
    expect((plain.body as Data<Me>).data.secondFactor).toBeNull();
  });
});

describeEachDatabase('second sign-in step required by role', (database) => {
  const t = seededTestApp(database, { env: { MFA_REQUIRED_ROLES: 'ADMIN' } });
  const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) });

  it('leads an ADMIN without a factor to enrol, and opens the session once enrolled', async () => {
    const admin = new Caller(t.app, '198.51.100.200');
    const login = await admin.login('admin@demo.test');
    expect((login.body as Data<Me>).data.secondFactor).toBe('enrol');
    expect(await admin.get(MISSIONS)).toMatchObject(refusal(403, FACTOR_MESSAGES.stepRequired));
    expect(await admin.post(FACTOR_PATHS.recoveryCodes)).toMatchObject(
      refusal(403, FACTOR_MESSAGES.stepRequired),
    );
    const view = await admin.get<Data<FactorsView>>(FACTOR_PATHS.factors);
    expect(view.body.data.required).toBe(true);
    const started = await admin.post<Data<TotpEnrolment>>(FACTOR_PATHS.startTotp, { name: 'Téléphone' });
    const confirmed = await admin.post<Data<FactorAdded>>(FACTOR_PATHS.confirmTotp(started.body.data.id), {
      code: await codeAt(started.body.data.secret),
    });
    expect(confirmed.status).toBe(200);
    expect((await admin.get<Data<Me>>('/user/me')).body.data.secondFactor).toBeNull();
    expect((await admin.get(MISSIONS)).status).toBe(200);
    // The role requires a factor: its last one stays.
    expect(await admin.delete(FACTOR_PATHS.removeFactor(started.body.data.id))).toMatchObject(
      refusal(409, FACTOR_MESSAGES.lastFactorRequired),
    );
  });

  it('does not ask other roles to enrol', async () => {
    const login = await new Caller(t.app, '198.51.100.201').login('operation@demo.test');
    expect((login.body as Data<Me>).data.secondFactor).toBeNull();
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  const base = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'production-secret-0123456789abcdef0123456789',
    EDGE_SECRET: 'production-edge-0123456789abcdef0123456789ab',
    PUBLIC_ORIGIN: 'https://bo.example.fr',
    DATABASE_URL: 'postgres://db.example.fr/bo',
    SINGLE_INSTANCE: 'true',
  };
  it('defaults to ADMIN and ACCOUNTING in production, to none elsewhere', () => {
    expect(loadConfig(base).mfaRequiredRoles).toEqual(['ADMIN', 'ACCOUNTING']);
    expect(loadConfig({ NODE_ENV: 'development' }).mfaRequiredRoles).toEqual([]);
  });
  it('reads a list of roles, or none', () => {
    expect(loadConfig({ ...base, MFA_REQUIRED_ROLES: 'ADMIN, OPERATION' }).mfaRequiredRoles).toEqual([
      'ADMIN',
      'OPERATION',
    ]);
    expect(loadConfig({ ...base, MFA_REQUIRED_ROLES: 'none' }).mfaRequiredRoles).toEqual([]);
    expect(() => loadConfig({ ...base, MFA_REQUIRED_ROLES: 'ADMIN,CHEF' })).toThrow(/MFA_REQUIRED_ROLES/);
  });
});
