// The second step of sign-in (decision 070): the user's own factors from 'Mon compte' (authenticators,
// passkeys, recovery codes), the step after the password, the sign-in with a passkey, and an ADMIN's reset
// of another user's factors. A session that must still enrol may only
// enrol; one that must still give a code may only give it.
import { type Context, Hono } from 'hono';
import { MESSAGES } from '../../contract/auth';
import {
  AddPasskeyBody,
  FACTOR_MESSAGES,
  FACTOR_PATHS,
  PasskeySignInBody,
  SecondFactorBody,
  StartTotpBody,
  TotpCodeBody,
} from '../../contract/factors';
import { requireRoles, requireUser, setCookiesOf } from '../auth';
import { clientIp } from '../lib/client-ip';
import type { AppEnv } from '../lib/context';
import { fail } from '../lib/errors';
import { clear, giveBack, type Limit, take } from '../lib/rate-limit';
import { body, param } from '../lib/validate';
import { addPasskey, passkeyRegistrationOptions, passkeySignIn, passkeySignInOptions } from './passkeys';
import {
  confirmTotp,
  listFactors,
  regenerateRecoveryCodes,
  removeFactor,
  resetUserFactors,
  startTotp,
  verifySecondFactor,
} from './service';

const FIFTEEN_MINUTES = 15 * 60_000;
export const FACTOR_LIMITS = {
  /** Codes tried per user (the second step and confirmations): a stolen password gets 5 guesses a quarter. */
  codesPerUser: (userId: string): Limit => ({
    key: `second-factor:${userId}`,
    max: 5,
    windowMs: FIFTEEN_MINUTES,
  }),
  codesPerIp: (ip: string): Limit => ({ key: `second-factor-ip:${ip}`, max: 30, windowMs: FIFTEEN_MINUTES }),
  /** Passkeys' creations begun and sign-ins answered from one address. */
  passkeysPerIp: (ip: string): Limit => ({ key: `passkey-ip:${ip}`, max: 60, windowMs: FIFTEEN_MINUTES }),
};

/** Counts a passkey ceremony from the caller's address, or 429. */
async function countPasskey(c: Context<AppEnv>): Promise<void> {
  const deps = c.get('deps');
  if (!(await take(deps.db, FACTOR_LIMITS.passkeysPerIp(clientIp(c)), deps.now())))
    fail(429, MESSAGES.tooManyAttempts);
}

/** Counted before the code is looked at (decision 031); a right code gives them back. */
async function countCodeTry(c: Context<AppEnv>, userId: string): Promise<() => Promise<void>> {
  const deps = c.get('deps');
  const now = deps.now();
  const limits = [FACTOR_LIMITS.codesPerUser(userId), FACTOR_LIMITS.codesPerIp(clientIp(c))];
  const allowed = [await take(deps.db, limits[0], now), await take(deps.db, limits[1], now)];
  if (allowed.includes(false)) fail(429, MESSAGES.tooManyAttempts);
  return async () => {
    await clear(deps.db, limits[0].key);
    await giveBack(deps.db, limits[1], now);
  };
}

const enrolling = { allowSecondFactor: ['enrol'] } as const;

export const factorRoutes = new Hono<AppEnv>()
  .get(FACTOR_PATHS.factors, requireUser(enrolling), async (c) => {
    return c.json({ data: await listFactors(c.get('deps'), c.get('user')) });
  })
  .post(FACTOR_PATHS.startTotp, requireUser(enrolling), async (c) => {
    const { name } = await body(c, StartTotpBody);
    return c.json({ data: await startTotp(c.get('deps'), c.get('user'), name) });
  })
  .post('/account/factors/:id/confirm', requireUser(enrolling), async (c) => {
    const id = param(c, 'id');
    const { code } = await body(c, TotpCodeBody);
    const deps = c.get('deps');
    const succeeded = await countCodeTry(c, c.get('user').id);
    const { confirmed, session } = await confirmTotp(deps, c, c.get('user'), id, code);
    await succeeded();
    if (session) await setCookiesOf(c, deps, session, deps.now());
    return c.json({ data: confirmed, message: FACTOR_MESSAGES.factorAdded });
  })
  .post(FACTOR_PATHS.passkeyOptions, requireUser(enrolling), async (c) => {
    await countPasskey(c);
    return c.json({ data: await passkeyRegistrationOptions(c.get('deps'), c.get('user')) });
  })
  .post(FACTOR_PATHS.addPasskey, requireUser(enrolling), async (c) => {
    const input = await body(c, AddPasskeyBody);
    const deps = c.get('deps');
    const { added, session } = await addPasskey(deps, c, c.get('user'), input);
    if (session) await setCookiesOf(c, deps, session, deps.now());
    return c.json({ data: added, message: FACTOR_MESSAGES.passkeyAdded });
  })
  .post(FACTOR_PATHS.passkeySignInOptions, async (c) => {
    // Nothing written (the challenge is derived from its id): the answer, below, is what is counted.
    return c.json({ data: await passkeySignInOptions(c.get('deps')) });
  })
  .post(FACTOR_PATHS.passkeySignIn, async (c) => {
    const input = await body(c, PasskeySignInBody);
    const deps = c.get('deps');
    await countPasskey(c);
    const { me, session } = await passkeySignIn(deps, c, input);
    if (session) await setCookiesOf(c, deps, session, deps.now());
    return c.json({ data: me });
  })
  .delete('/account/factors/:id', requireUser(), async (c) => {
    await removeFactor(c.get('deps'), c.get('user'), param(c, 'id'));
    return c.json({ data: { message: FACTOR_MESSAGES.factorRemoved } });
  })
  .post(FACTOR_PATHS.recoveryCodes, requireUser(), async (c) => {
    const codes = await regenerateRecoveryCodes(c.get('deps'), c.get('user'));
    return c.json({ data: { recoveryCodes: codes }, message: FACTOR_MESSAGES.recoveryRegenerated });
  })
  .post(FACTOR_PATHS.verify, requireUser({ allowSecondFactor: ['verify'] }), async (c) => {
    const deps = c.get('deps');
    const me = c.get('user');
    if (me.secondFactor !== 'verify') fail(409, FACTOR_MESSAGES.noStepPending);
    const { code } = await body(c, SecondFactorBody);
    const succeeded = await countCodeTry(c, me.id);
    const done = await verifySecondFactor(deps, c, me, code);
    if (!done) fail(400, FACTOR_MESSAGES.codeWrong);
    await succeeded();
    await setCookiesOf(c, deps, done.session, deps.now());
    return c.json({ data: done.me });
  })
  .delete('/users/:id/factors', ...requireRoles('ADMIN'), async (c) => {
    await resetUserFactors(c.get('deps'), c.get('user'), param(c, 'id'));
    return c.json({ data: { message: FACTOR_MESSAGES.userReset } });
  });
