// The session calls of requirements §7: login, forced change, forgotten password, logout, refresh; and the
// signed-in user's own password change.

import { and, eq, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import {
  ChangePasswordBody,
  EmailBody,
  ForceChangePasswordBody,
  LoginBody,
  MESSAGES,
  ResetPasswordBody,
} from '../../contract/auth';
import { users } from '../db/schema';
import { audit } from '../lib/audit';
import { clientIp } from '../lib/client-ip';
import type { AppEnv, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { resetCodeMail } from '../lib/mail-texts';
import { decoyHash, hashPassword, verifyPassword } from '../lib/passwords';
import { clear, giveBack, isLimited, type Limit, take } from '../lib/rate-limit';
import { body } from '../lib/validate';
import { requireUser } from './guards';
import { checkCode, decoyCode, newCode, takeSendSlot, useCode } from './reset-codes';
import {
  meColumns,
  openSession,
  renewSessions,
  revokeSessions,
  rotate,
  sessionClient,
  sessionOfRefresh,
  setCookiesOf,
  stepAfterPassword,
} from './sessions';
import { clearSessionCookies, readAccess, readRefresh, verifyAccess } from './tokens';

const FIFTEEN_MINUTES = 15 * 60_000;
const ONE_DAY = 24 * 3600_000;
export const LIMITS = {
  // Failures lock the account from the failing address only: anyone could otherwise lock anyone out by
  // typing wrong passwords for their e-mail. Spread attempts are held by the per-address limit.
  loginPerEmailAndIp: (email: string, ip: string): Limit => ({
    key: `login-email-ip:${email}|${ip}`,
    max: 10,
    windowMs: FIFTEEN_MINUTES,
  }),
  loginPerIp: (ip: string): Limit => ({ key: `login-ip:${ip}`, max: 30, windowMs: FIFTEEN_MINUTES }),
  codeRequestsPerIp: (ip: string): Limit => ({
    key: `otp-request-ip:${ip}`,
    max: 20,
    windowMs: FIFTEEN_MINUTES,
  }),
  codeChecksPerIp: (ip: string): Limit => ({ key: `otp-check-ip:${ip}`, max: 20, windowMs: FIFTEEN_MINUTES }),
  // Wrong codes per address and (UTC) day, from every client address: without it, asking for a new code
  // whenever one dies gives 5 tries a minute. Keyed on the e-mail, known or not, so it reveals nothing.
  codeFailuresPerEmail: (email: string): Limit => ({
    key: `otp-failures:${email}`,
    max: 10,
    windowMs: ONE_DAY,
  }),
  // Wrong current passwords in the signed-in change (a stolen session must not guess the password).
  passwordChecksPerUser: (userId: string): Limit => ({
    key: `password-check:${userId}`,
    max: 5,
    windowMs: FIFTEEN_MINUTES,
  }),
};

async function activeUserByEmail(deps: Deps, email: string) {
  const [user] = await deps.db
    .select({ ...meColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return user ?? null;
}

const withoutHash = <T extends { passwordHash: string }>({ passwordHash: _, ...rest }: T) => rest;

async function storedHash(deps: Deps, userId: string): Promise<string> {
  const [row] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row.hash;
}

/**
 * Counts the attempt, then a 429 in French if it went past `limit` (decision 031: the count comes first,
 * so that a concurrent burst cannot pass a check made before any of it counted).
 */
async function countOrRefuse(
  deps: Deps,
  limit: Limit,
  now: Date,
  message: string = MESSAGES.tooManyAttempts,
) {
  if (!(await take(deps.db, limit, now))) fail(429, message);
}

/** The audit entry of a session opened or closed, or of a password set by its owner. */
const ownAudit = (
  actorId: string | null,
  action: 'login' | 'logout' | 'password.change' | 'password.reset',
  entityId: string,
  at: Date,
  change: { before?: unknown; after?: unknown } = {},
) => ({
  actorId,
  action,
  entity: action === 'login' || action === 'logout' ? 'session' : 'user',
  entityId,
  at,
  ...change,
});

/**
 * Issues a code. Known and unknown addresses get the same answer after the same work: the mail is only
 * queued (api/lib/mail.ts delivers it later, and a delivery failure never reaches the caller), and an
 * unknown address pays for a decoy code.
 */
async function sendCode(deps: Deps, c: Context, email: string): Promise<void> {
  const now = deps.now();
  await countOrRefuse(deps, LIMITS.codeRequestsPerIp(clientIp(c)), now);
  // Asking for a code uses no guess: the daily cap of wrong codes is only read here.
  if (await isLimited(deps.db, LIMITS.codeFailuresPerEmail(email), now)) fail(429, MESSAGES.otpLocked);
  if (!(await takeSendSlot(deps.db, email, now))) fail(429, MESSAGES.otpResendTooSoon);
  const user = await activeUserByEmail(deps, email);
  if (!user) {
    await decoyCode(deps.db, deps.config.sessionSecret, now);
    return;
  }
  await newCode(deps.db, deps.config.sessionSecret, user.id, now, (tx, code) =>
    deps.mailer.send(resetCodeMail(user, code), tx),
  );
}

/** Asking for a code and asking again: the same work, each with its French answer. */
const codeRoute = (message: string) => async (c: Context<AppEnv>) => {
  const { email } = await body(c, EmailBody);
  await sendCode(c.get('deps'), c, email);
  return c.json({ data: { message } });
};

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/login', async (c) => {
    const deps = c.get('deps');
    const { email, password } = await body(c, LoginBody);
    const now = deps.now();
    const ip = clientIp(c);
    const [perAccount, perIp] = [LIMITS.loginPerEmailAndIp(email, ip), LIMITS.loginPerIp(ip)];
    // Both counted before the password is checked; a success gives its count back below.
    const allowed = [await take(deps.db, perAccount, now), await take(deps.db, perIp, now)];
    if (allowed.includes(false)) fail(429, MESSAGES.tooManyAttempts);
    const user = await activeUserByEmail(deps, email);
    // Unknown e-mails cost a hash too, so timing does not tell which addresses exist.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) fail(401, MESSAGES.badCredentials);
    await clear(deps.db, perAccount.key);
    await giveBack(deps.db, perIp, now);
    // With a factor, the password opens a session that can only take the second step (decision 070).
    const secondFactor = await stepAfterPassword(deps, user);
    const sessionId = await openSession(c, deps, user.id, secondFactor);
    await audit(
      deps.db,
      ownAudit(user.id, 'login', sessionId, now, secondFactor ? { after: { secondFactor } } : {}),
    );
    return c.json({ data: { ...withoutHash(user), secondFactor } });
  })
  .post('/auth/refresh', async (c) => {
    const deps = c.get('deps');
    const token = readRefresh(c);
    const result = token ? await rotate(c, deps, token) : ({ ok: false } as const);
    if (!result.ok) {
      clearSessionCookies(c, deps.config);
      return c.json({ message: MESSAGES.sessionExpired }, 401);
    }
    return c.json({ data: result.user });
  })
  .post('/auth/logout', async (c) => {
    const deps = c.get('deps');
    const now = deps.now();
    const access = readAccess(c);
    // An expired access token still names its session: logout must revoke it all the same.
    const claims = access ? await verifyAccess(deps.config.sessionSecret, access, new Date(0)) : null;
    const refresh = readRefresh(c);
    const sessionId = claims?.sid ?? (refresh ? await sessionOfRefresh(deps.db, refresh) : null);
    if (sessionId) {
      await revokeSessions(deps.db, { sessionId }, 'logout', now);
      await audit(deps.db, ownAudit(claims?.sub ?? null, 'logout', sessionId, now));
    }
    clearSessionCookies(c, deps.config);
    return c.json({ data: null });
  })
  .post(
    '/auth/force-change-password',
    // After the code, before the enrolment that the role requires (decision 070).
    requireUser({ allowPendingPasswordChange: true, allowSecondFactor: ['enrol'] }),
    async (c) => {
      const deps = c.get('deps');
      const me = c.get('user');
      // Only the change asked of this account (first sign-in): not a way round the current password.
      if (!me.forceChangePassword) fail(403, MESSAGES.noPasswordChangePending);
      const { newPassword } = await body(c, ForceChangePasswordBody);
      if (await verifyPassword(newPassword, await storedHash(deps, me.id))) fail(400, MESSAGES.samePassword);
      const now = deps.now();
      const passwordHash = await hashPassword(newPassword);
      const changed = await deps.db.transaction(async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ passwordHash, forceChangePassword: false, updatedAt: now })
          .where(and(eq(users.id, me.id), eq(users.forceChangePassword, true)))
          .returning(meColumns);
        if (!user) return null;
        const session = await renewSessions(
          tx,
          me.id,
          'password-change',
          now,
          sessionClient(c),
          me.secondFactor,
        );
        await audit(
          tx,
          ownAudit(me.id, 'password.change', me.id, now, {
            before: { forceChangePassword: true },
            after: { forceChangePassword: false },
          }),
        );
        return { user, session };
      });
      // A concurrent call changed it first.
      if (!changed) fail(403, MESSAGES.noPasswordChangePending);
      await setCookiesOf(c, deps, changed.session, now);
      return c.json({ data: { ...changed.user, secondFactor: me.secondFactor } });
    },
  )
  .put('/auth/change-password', requireUser(), async (c) => {
    const deps = c.get('deps');
    const me = c.get('user');
    const now = deps.now();
    const limit = LIMITS.passwordChecksPerUser(me.id);
    const { currentPassword, newPassword } = await body(c, ChangePasswordBody);
    await countOrRefuse(deps, limit, now);
    if (!(await verifyPassword(currentPassword, await storedHash(deps, me.id))))
      fail(400, MESSAGES.currentPasswordWrong);
    const passwordHash = await hashPassword(newPassword);
    const session = await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, me.id));
      const opened = await renewSessions(tx, me.id, 'password-change', now, sessionClient(c));
      await audit(tx, ownAudit(me.id, 'password.change', me.id, now));
      return opened;
    });
    await clear(deps.db, limit.key);
    await setCookiesOf(c, deps, session, now);
    return c.json({ data: { message: MESSAGES.passwordChanged } });
  })
  .post('/auth/request-forget-password', codeRoute(MESSAGES.resetRequested))
  .put('/auth/resend-reset-password-otp', codeRoute(MESSAGES.resendSuccess))
  .put('/auth/reset-password', async (c) => {
    const deps = c.get('deps');
    const { email, otp, password } = await body(c, ResetPasswordBody);
    const now = deps.now();
    // Counted before the code is looked at (a right code gives them back below).
    const ipLimit = LIMITS.codeChecksPerIp(clientIp(c));
    await countOrRefuse(deps, ipLimit, now);
    const failures = LIMITS.codeFailuresPerEmail(email);
    await countOrRefuse(deps, failures, now, MESSAGES.otpLocked);
    const user = await activeUserByEmail(deps, email);
    const codeId = user ? await checkCode(deps.db, deps.config.sessionSecret, user.id, otp, now) : null;
    if (!user || !codeId) fail(400, MESSAGES.otpWrong);
    const passwordHash = await hashPassword(password);
    const reset = await deps.db.transaction(async (tx) => {
      // A concurrent reset with the same code used it first: this one changes nothing.
      if (!(await useCode(tx, codeId, now))) return false;
      await tx
        .update(users)
        .set({ passwordHash, forceChangePassword: false, updatedAt: now })
        .where(eq(users.id, user.id));
      await revokeSessions(tx, { userId: user.id }, 'password-reset', now);
      await audit(tx, ownAudit(user.id, 'password.reset', user.id, now));
      return true;
    });
    if (!reset) fail(400, MESSAGES.otpWrong);
    await clear(deps.db, failures.key);
    await giveBack(deps.db, ipLimit, now);
    return c.json({ data: { message: MESSAGES.passwordChanged } });
  });
