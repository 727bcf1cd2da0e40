// Passkeys as callers see them (issue 52, ASVS V2.9, decision 070), with a software authenticator: added
// from 'Mon compte' (user verification required, the origin and relying party checked), used alone to sign
// in or as the second step after the password; a challenge serves once; a counter that goes back (a
// cloned authenticator) is refused and audited; another user's passkey opens nothing but its own account.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Me } from '../../contract/auth';
import { FACTOR_MESSAGES, FACTOR_PATHS, type FactorAdded, type PasskeyOptions } from '../../contract/factors';
import { auditLog, factorChallenges } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { Caller, lastMailText, ORIGIN, refusal, seededTestApp, signedIn } from '../test/harness';
import { SoftPasskey } from '../test/passkey';

type Data<T> = { data: T; message?: string };
type Options = PasskeyOptions & { options: { challenge: string; user?: { id: string } } };

describeEachDatabase('passkeys', (database) => {
  const t = seededTestApp(database, { env: { MFA_REQUIRED_ROLES: 'ADMIN' } });
  let ip = 10;
  const nextIp = () => `198.51.100.${ip++}`;

  async function addPasskey(caller: Caller, passkey: SoftPasskey, name = 'MacBook') {
    const options = await caller.post<Data<Options>>(FACTOR_PATHS.passkeyOptions);
    expect(options.status).toBe(200);
    const { challengeId, options: publicKey } = options.body.data;
    return caller.post<Data<FactorAdded>>(FACTOR_PATHS.addPasskey, {
      challengeId,
      name,
      response: passkey.register(publicKey),
    });
  }

  async function signInWith(caller: Caller, passkey: SoftPasskey, sign = {}) {
    const options = await caller.post<Data<Options>>(FACTOR_PATHS.passkeySignInOptions);
    expect(options.status).toBe(200);
    const { challengeId, options: publicKey } = options.body.data;
    return caller.post<Data<Me>>(FACTOR_PATHS.passkeySignIn, {
      challengeId,
      response: passkey.authenticate(publicKey, sign),
    });
  }

  it('adds a passkey from Mon compte, then signs in with it alone', async () => {
    const operation = await signedIn(t.app, 'operation@demo.test', { ip: nextIp() });
    const passkey = new SoftPasskey(ORIGIN);
    const options = await operation.post<Data<Options>>(FACTOR_PATHS.passkeyOptions);
    expect(options.body.data.options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'operation@demo.test' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // Without user verification: refused, nothing stored.
    const unverified = await operation.post(FACTOR_PATHS.addPasskey, {
      challengeId: options.body.data.challengeId,
      name: 'Clé',
      response: passkey.register(options.body.data.options, { verified: false }),
    });
    expect(unverified).toMatchObject(refusal(400, FACTOR_MESSAGES.passkeyRefused));
    const added = await addPasskey(operation, passkey);
    expect(added.status).toBe(200);
    expect(added.body.data.factor).toMatchObject({ kind: 'passkey', name: 'MacBook' });
    expect(added.body.data.recoveryCodes).toHaveLength(10);
    expect(await lastMailText(database().db, 'operation@demo.test')).toContain('La clé d’accès « MacBook »');

    const browser = new Caller(t.app, nextIp());
    const signedInAlone = await signInWith(browser, passkey);
    expect(signedInAlone.status).toBe(200);
    expect(signedInAlone.body.data).toMatchObject({ email: 'operation@demo.test', secondFactor: null });
    expect((await browser.get('/missions/hospitals')).status).toBe(200);
    // The password alone now waits for the second step, which the passkey gives.
    const half = new Caller(t.app, nextIp());
    expect(((await half.login('operation@demo.test')).body as Data<Me>).data.secondFactor).toBe('verify');
    const second = await signInWith(half, passkey);
    expect(second.body.data.secondFactor).toBeNull();
    expect((await half.get('/missions/hospitals')).status).toBe(200);
    const audited = await database()
      .db.select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entity, 'session'));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'login', after: { method: 'passkey' } },
        { action: 'login.second-factor', after: { method: 'passkey' } },
      ]),
    );
  });

  it('uses a challenge once, checks the origin, and refuses an unknown passkey', async () => {
    const caller = await signedIn(t.app, 'accounting@demo.test', { ip: nextIp() });
    const passkey = new SoftPasskey(ORIGIN);
    const options = await caller.post<Data<Options>>(FACTOR_PATHS.passkeyOptions);
    const body = {
      challengeId: options.body.data.challengeId,
      name: 'Téléphone',
      response: passkey.register(options.body.data.options),
    };
    expect((await caller.post(FACTOR_PATHS.addPasskey, body)).status).toBe(200);
    expect(await caller.post(FACTOR_PATHS.addPasskey, body)).toMatchObject(
      refusal(400, FACTOR_MESSAGES.challengeExpired),
    );
    const browser = new Caller(t.app, nextIp());
    expect(await signInWith(browser, passkey, { origin: 'https://hameconnage.example' })).toMatchObject(
      refusal(400, FACTOR_MESSAGES.passkeyRefused),
    );
    expect(await signInWith(browser, new SoftPasskey(ORIGIN))).toMatchObject(
      refusal(400, FACTOR_MESSAGES.passkeyRefused),
    );
    // A sign-in's challenge serves once too.
    const once = await browser.post<Data<Options>>(FACTOR_PATHS.passkeySignInOptions);
    const answer = {
      challengeId: once.body.data.challengeId,
      response: passkey.authenticate(once.body.data.options),
    };
    expect((await browser.post(FACTOR_PATHS.passkeySignIn, answer)).status).toBe(200);
    expect(await new Caller(t.app, nextIp()).post(FACTOR_PATHS.passkeySignIn, answer)).toMatchObject(
      refusal(400, FACTOR_MESSAGES.challengeExpired),
    );
    await browser.post('/auth/logout');
    // A challenge expires after 5 minutes.
    const late = await browser.post<Data<Options>>(FACTOR_PATHS.passkeySignInOptions);
    t.advance(5 * 60_000 + 1);
    expect(
      await browser.post(FACTOR_PATHS.passkeySignIn, {
        challengeId: late.body.data.challengeId,
        response: passkey.authenticate(late.body.data.options),
      }),
    ).toMatchObject(refusal(400, FACTOR_MESSAGES.challengeExpired));
    expect((await browser.get('/user/me')).status).toBe(401);
  });

  it('refuses a cloned passkey whose counter went back, and audits it', async () => {
    const caller = await signedIn(t.app, 'hopital@demo.test', { ip: nextIp() });
    const passkey = new SoftPasskey(ORIGIN);
    await addPasskey(caller, passkey, 'Clé USB');
    passkey.counter = 5;
    expect((await signInWith(new Caller(t.app, nextIp()), passkey)).status).toBe(200);
    passkey.counter = 3;
    const clone = new Caller(t.app, nextIp());
    expect(await signInWith(clone, passkey)).toMatchObject(refusal(400, FACTOR_MESSAGES.passkeyCloned));
    expect((await clone.get('/user/me')).status).toBe(401);
    const [row] = await database().db.select().from(auditLog).where(eq(auditLog.action, 'passkey.cloned'));
    expect(row).toMatchObject({ entity: 'user', after: { stored: 5 } });
  });

  it('enrols an ADMIN with a passkey when the role requires a factor', async () => {
    const admin = new Caller(t.app, nextIp());
    expect(((await admin.login('admin@demo.test')).body as Data<Me>).data.secondFactor).toBe('enrol');
    const passkey = new SoftPasskey(ORIGIN);
    const added = await addPasskey(admin, passkey, 'Poste de garde');
    expect(added.status).toBe(200);
    expect((await admin.get<Data<Me>>('/user/me')).body.data.secondFactor).toBeNull();
    expect((await admin.get('/missions/hospitals')).status).toBe(200);
    // A passkey already registered cannot be added again, to this account or another.
    const other = await signedIn(t.app, 'hopitaux@demo.test', { ip: nextIp() });
    expect(await addPasskey(other, passkey)).toMatchObject(refusal(400, FACTOR_MESSAGES.passkeyRefused));
  });

  it("asks nothing of the database for a sign-in's challenge, so the login page may ask at every visit", async () => {
    const { db } = database();
    const before = (await db.select().from(factorChallenges)).length;
    const visitor = new Caller(t.app, nextIp());
    const asked = [];
    for (let i = 0; i < 70; i++) asked.push((await visitor.post(FACTOR_PATHS.passkeySignInOptions)).status);
    expect(new Set(asked)).toEqual(new Set([200]));
    expect((await db.select().from(factorChallenges)).length).toBe(before);
  });
});
