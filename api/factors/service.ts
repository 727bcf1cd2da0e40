// The second step of sign-in (decision 070): a user's authenticators and recovery codes, enrolled and
// removed from 'Mon compte', checked after the password, reset by an ADMIN. Every change is audited (entity
// 'user': ADMIN's screens hear of it) and mailed to its user; a code is accepted once.
import { and, count, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Me } from '../../contract/auth';
import {
  ENROLMENT_TTL_MINUTES,
  FACTOR_MESSAGES,
  type FactorAdded,
  type FactorKind,
  type FactorRow,
  type FactorsView,
  isRecoveryCode,
  type TotpEnrolment,
} from '../../contract/factors';
import { completeSession, type OpenedSession, revokeSessions } from '../auth';
import type { Db } from '../db/client';
import { recoveryCodes, userFactors, users } from '../db/schema';
import { audit } from '../lib/audit';
import type { AppEnv, CurrentUser, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { type FactorChange, factorChangeMail } from '../lib/mail-texts';
import { matchingStep, newRecoveryCodes, newTotpSecret, openSecret, recoveryHash, sealSecret } from './codes';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const confirmed = (userId: string) =>
  and(eq(userFactors.userId, userId), isNotNull(userFactors.confirmedAt));

const rowOf = (f: {
  id: string;
  kind: FactorKind;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): FactorRow => ({
  id: f.id,
  kind: f.kind,
  name: f.name,
  createdAt: f.createdAt.toISOString(),
  lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
});

export const factorColumns = {
  id: userFactors.id,
  kind: userFactors.kind,
  name: userFactors.name,
  createdAt: userFactors.createdAt,
  lastUsedAt: userFactors.lastUsedAt,
};

async function recoveryLeft(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [{ left }] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return left;
}

/** The audit row of a change of `userId`'s factors, by `actorId`. */
export const factorAudit = (actorId: string, action: string, userId: string, at: Date, after?: unknown) => ({
  actorId,
  action,
  entity: 'user',
  entityId: userId,
  at,
  after,
});

export async function tell(
  deps: Deps,
  tx: Tx,
  user: { email: string; firstName: string },
  change: FactorChange,
) {
  await deps.mailer.send(factorChangeMail(user, change), tx);
}

export async function listFactors(deps: Deps, me: CurrentUser): Promise<FactorsView> {
  const [factors, left] = await Promise.all([
    deps.db.select(factorColumns).from(userFactors).where(confirmed(me.id)).orderBy(userFactors.createdAt),
    recoveryLeft(deps.db, me.id),
  ]);
  return {
    factors: factors.map(rowOf),
    recoveryCodesLeft: left,
    required: deps.config.mfaRequiredRoles.includes(me.role),
  };
}

/** Starts an authenticator: its secret, stored sealed and unconfirmed (one at a time per user). */
export async function startTotp(deps: Deps, me: CurrentUser, name: string): Promise<TotpEnrolment> {
  const now = deps.now();
  const { secret, uri, qrSvg } = await newTotpSecret(me.email);
  const id = await deps.db.transaction(async (tx) => {
    // An earlier enrolment left unconfirmed is replaced: a user has at most one.
    await tx.delete(userFactors).where(and(eq(userFactors.userId, me.id), isNull(userFactors.confirmedAt)));
    const [row] = await tx
      .insert(userFactors)
      .values({
        userId: me.id,
        kind: 'totp',
        name,
        secret: sealSecret(deps.config.sessionSecret, secret),
        createdAt: now,
      })
      .returning({ id: userFactors.id });
    await audit(tx, factorAudit(me.id, 'factor.start', me.id, now, { factorId: row.id, name }));
    return row.id;
  });
  return { id, secret, uri, qrSvg };
}

/**
 * Confirms an authenticator with its first code. The first factor of a user comes with ten recovery
 * codes; a session that had to enrol is completed (`session`: its cookies to set after the commit).
 */
export async function confirmTotp(
  deps: Deps,
  c: Context<AppEnv>,
  me: CurrentUser,
  id: string,
  code: string,
): Promise<{ confirmed: FactorAdded; session: OpenedSession | null }> {
  const now = deps.now();
  const since = new Date(now.getTime() - ENROLMENT_TTL_MINUTES * 60_000);
  const [pending] = await deps.db
    .select({ ...factorColumns, secret: userFactors.secret, confirmedAt: userFactors.confirmedAt })
    .from(userFactors)
    .where(
      and(
        eq(userFactors.id, id),
        eq(userFactors.userId, me.id),
        eq(userFactors.kind, 'totp'),
        isNull(userFactors.confirmedAt),
      ),
    );
  if (!pending?.secret || pending.createdAt.getTime() < since.getTime())
    fail(404, FACTOR_MESSAGES.enrolmentNotFound);
  const step = await matchingStep(openSecret(deps.config.sessionSecret, pending.secret), code, now, null);
  if (step === null) fail(400, FACTOR_MESSAGES.codeWrong);
  const result = await deps.db.transaction(async (tx) => {
    const [factor] = await tx
      .update(userFactors)
      .set({ confirmedAt: now, lastTimeStep: step, lastUsedAt: now })
      .where(and(eq(userFactors.id, id), isNull(userFactors.confirmedAt)))
      .returning(factorColumns);
    // A concurrent confirmation did it first.
    if (!factor) return null;
    return factorAdded(deps, tx, c, me, factor, now);
  });
  if (!result) fail(404, FACTOR_MESSAGES.enrolmentNotFound);
  return result;
}

/**
 * After a factor is added, in its transaction: the first one comes with ten recovery codes; audited and
 * mailed; a session that had to enrol is completed (`session`: its cookies to set after the commit).
 */
export async function factorAdded(
  deps: Deps,
  tx: Tx,
  c: Context<AppEnv>,
  me: CurrentUser,
  factor: Parameters<typeof rowOf>[0],
  now: Date,
): Promise<{ confirmed: FactorAdded; session: OpenedSession | null }> {
  const [{ others }] = await tx
    .select({ others: count() })
    .from(userFactors)
    .where(and(confirmed(me.id), ne(userFactors.id, factor.id)));
  const codes = others === 0 ? await replaceRecoveryCodes(deps, tx, me.id, now) : null;
  await audit(
    tx,
    factorAudit(me.id, 'factor.add', me.id, now, {
      factorId: factor.id,
      kind: factor.kind,
      name: factor.name,
    }),
  );
  await tell(deps, tx, me, { kind: 'added', name: factor.name, factor: factor.kind });
  const session =
    me.secondFactor === 'enrol' ? await completeSession(tx, c, me, 'second-factor-enrolled', now) : null;
  return { confirmed: { factor: rowOf(factor), recoveryCodes: codes }, session };
}

async function replaceRecoveryCodes(deps: Deps, tx: Tx, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: recoveryHash(deps.config.sessionSecret, userId, code),
      createdAt: now,
    })),
  );
  return codes;
}

/** Removes one of the user's authenticators; the last one takes the recovery codes with it. */
export async function removeFactor(deps: Deps, me: CurrentUser, id: string): Promise<void> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const rows = await tx.select(factorColumns).from(userFactors).where(confirmed(me.id)).for('update');
    const factor = rows.find((row) => row.id === id);
    if (!factor) return 'not-found' as const;
    if (rows.length === 1 && deps.config.mfaRequiredRoles.includes(me.role)) return 'required' as const;
    await tx.delete(userFactors).where(eq(userFactors.id, id));
    if (rows.length === 1) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    await audit(
      tx,
      factorAudit(me.id, 'factor.remove', me.id, now, { factorId: id, kind: factor.kind, name: factor.name }),
    );
    await tell(deps, tx, me, { kind: 'removed', name: factor.name, factor: factor.kind });
    return 'removed' as const;
  });
  if (outcome === 'not-found') fail(404, FACTOR_MESSAGES.factorNotFound);
  if (outcome === 'required') fail(409, FACTOR_MESSAGES.lastFactorRequired);
}

/** Ten new recovery codes in place of the old ones (only with a factor). */
export async function regenerateRecoveryCodes(deps: Deps, me: CurrentUser): Promise<string[]> {
  const now = deps.now();
  const codes = await deps.db.transaction(async (tx) => {
    const [factor] = await tx
      .select({ id: userFactors.id })
      .from(userFactors)
      .where(confirmed(me.id))
      .limit(1);
    if (!factor) return null;
    const codes = await replaceRecoveryCodes(deps, tx, me.id, now);
    await audit(tx, factorAudit(me.id, 'recovery.regenerate', me.id, now));
    await tell(deps, tx, me, { kind: 'recovery-regenerated' });
    return codes;
  });
  if (!codes) fail(409, FACTOR_MESSAGES.noRecoveryWithoutFactor);
  return codes;
}

/**
 * The second step: an authenticator's code (accepted once, whichever of the user's authenticators it
 * matches) or an unused recovery code. On success the session is replaced by a complete one; null when
 * the code is wrong or already used.
 */
export async function verifySecondFactor(
  deps: Deps,
  c: Context<AppEnv>,
  me: CurrentUser,
  code: string,
): Promise<{ me: Me; session: OpenedSession } | null> {
  const now = deps.now();
  const complete = async (tx: Tx, method: 'totp' | 'recovery') => {
    const session = await completeSession(tx, c, me, 'second-factor', now);
    await audit(tx, {
      actorId: me.id,
      action: 'login.second-factor',
      entity: 'session',
      entityId: session.sessionId,
      at: now,
      after: { method },
    });
    const { sessionId: _, ...user } = me;
    return { me: { ...user, secondFactor: null }, session };
  };
  if (isRecoveryCode(code)) {
    return deps.db.transaction(async (tx) => {
      const used = await tx
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.userId, me.id),
            eq(recoveryCodes.codeHash, recoveryHash(deps.config.sessionSecret, me.id, code)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      if (used.length === 0) return null;
      const left = await recoveryLeft(tx, me.id);
      await audit(tx, factorAudit(me.id, 'recovery.use', me.id, now, { left }));
      await tell(deps, tx, me, { kind: 'recovery-used', left });
      return complete(tx, 'recovery');
    });
  }
  const factors = await deps.db
    .select({ id: userFactors.id, secret: userFactors.secret, lastTimeStep: userFactors.lastTimeStep })
    .from(userFactors)
    .where(and(confirmed(me.id), eq(userFactors.kind, 'totp')));
  for (const factor of factors) {
    if (!factor.secret) continue;
    const secret = openSecret(deps.config.sessionSecret, factor.secret);
    const step = await matchingStep(secret, code, now, factor.lastTimeStep);
    if (step === null) continue;
    const done = await deps.db.transaction(async (tx) => {
      // Accepted once: a concurrent use of the same code (or an earlier step's) finds the step taken.
      const [taken] = await tx
        .update(userFactors)
        .set({ lastTimeStep: step, lastUsedAt: now })
        .where(
          and(
            eq(userFactors.id, factor.id),
            or(isNull(userFactors.lastTimeStep), lt(userFactors.lastTimeStep, step)),
          ),
        )
        .returning({ id: userFactors.id });
      return taken ? complete(tx, 'totp') : null;
    });
    if (done) return done;
  }
  return null;
}

/** An ADMIN removes every factor and recovery code of another user, and ends that user's sessions. */
export async function resetUserFactors(deps: Deps, admin: CurrentUser, userId: string): Promise<void> {
  if (userId === admin.id) fail(400, FACTOR_MESSAGES.resetSelf);
  const now = deps.now();
  const found = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!user) return false;
    const removed = await tx
      .delete(userFactors)
      .where(eq(userFactors.userId, userId))
      .returning({ name: userFactors.name });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await revokeSessions(tx, { userId }, 'factors-reset', now);
    await audit(tx, factorAudit(admin.id, 'factor.reset', userId, now, { removed: removed.length }));
    await tell(deps, tx, user, { kind: 'reset' });
    return true;
  });
  if (!found) fail(404, FACTOR_MESSAGES.userNotFound);
}
