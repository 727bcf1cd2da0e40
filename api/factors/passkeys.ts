// Passkeys (WebAuthn, @simplewebauthn/server; decision 070): added from 'Mon compte', used to sign in alone
// or as the second step after the password. The relying party is PUBLIC_ORIGIN's host, the origin is
// checked, user verification is required (a passkey is then two factors in one), and the signature
// counter must grow: a counter that goes back means a cloned authenticator, refused and audited.
import { randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Infer } from 'superstruct';
import type { Me } from '../../contract/auth';
import {
  type AddPasskeyBody,
  FACTOR_MESSAGES,
  type FactorAdded,
  type PasskeyOptions,
  type PasskeySignInBody,
} from '../../contract/factors';
import {
  completeSession,
  currentUser,
  meColumns,
  type OpenedSession,
  openSession,
  readAccess,
} from '../auth';
import { factorChallenges, userFactors, users } from '../db/schema';
import { audit } from '../lib/audit';
import type { AppEnv, CurrentUser, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { ISSUER, signInChallenge, timedId, timeOfId } from './codes';
import { confirmed, factorAdded, factorAudit, factorColumns } from './service';

/** A ceremony's challenge is good for this long, once. */
const CHALLENGE_TTL_MS = 5 * 60_000;

const relyingParty = (deps: Deps) => {
  const origin = new URL(deps.config.publicOrigin);
  return { rpID: origin.hostname, origin: origin.origin };
};

/** Drops the challenges no answer can use any more (a sign-in's may come from up to a minute ahead). */
const dropExpiredChallenges = (deps: Deps, now: Date) =>
  deps.db
    .delete(factorChallenges)
    .where(lt(factorChallenges.createdAt, new Date(now.getTime() - 2 * CHALLENGE_TTL_MS)));

/** Keeps the challenge of a passkey's creation; the expired ones go at the same time. */
async function keepChallenge(deps: Deps, challenge: string, userId: string): Promise<string> {
  const now = deps.now();
  await dropExpiredChallenges(deps, now);
  const id = randomUUID();
  await deps.db
    .insert(factorChallenges)
    .values({ id, challenge, purpose: 'register', userId, createdAt: now });
  return id;
}

/** Takes a challenge (it cannot serve twice), or answers 400 when it is unknown, used or expired. */
async function takeChallenge(deps: Deps, id: string, userId: string): Promise<string> {
  const now = deps.now();
  const [row] = await deps.db
    .delete(factorChallenges)
    .where(
      and(
        eq(factorChallenges.id, id),
        eq(factorChallenges.purpose, 'register'),
        eq(factorChallenges.userId, userId),
        gt(factorChallenges.createdAt, new Date(now.getTime() - CHALLENGE_TTL_MS)),
      ),
    )
    .returning({ challenge: factorChallenges.challenge });
  if (!row) fail(400, FACTOR_MESSAGES.challengeExpired);
  return row.challenge;
}

/** A user's id as WebAuthn's user handle: its 16 bytes. */
const userHandle = (id: string) => new Uint8Array(Buffer.from(id.replace(/-/g, ''), 'hex'));

export async function passkeyRegistrationOptions(deps: Deps, me: CurrentUser): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(deps);
  const existing = await deps.db
    .select({ id: userFactors.credentialId, transports: userFactors.transports })
    .from(userFactors)
    .where(and(confirmed(me.id), eq(userFactors.kind, 'passkey')));
  const options = await generateRegistrationOptions({
    rpName: ISSUER,
    rpID,
    userName: me.email,
    userDisplayName: `${me.firstName} ${me.lastName}`,
    userID: userHandle(me.id),
    attestationType: 'none',
    excludeCredentials: existing.flatMap(({ id, transports }) =>
      id ? [{ id, transports: (transports ?? []) as never }] : [],
    ),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await keepChallenge(deps, options.challenge, me.id);
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

export async function addPasskey(
  deps: Deps,
  c: Context<AppEnv>,
  me: CurrentUser,
  input: Infer<typeof AddPasskeyBody>,
): Promise<{ added: FactorAdded; session: OpenedSession | null }> {
  const challenge = await takeChallenge(deps, input.challengeId, me.id);
  const { rpID, origin } = relyingParty(deps);
  const verification = await verifyRegistrationResponse({
    response: input.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) fail(400, FACTOR_MESSAGES.passkeyRefused);
  const { credential } = verification.registrationInfo;
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const [factor] = await tx
      .insert(userFactors)
      .values({
        userId: me.id,
        kind: 'passkey',
        name: input.name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: credential.transports ?? [],
        createdAt: now,
        confirmedAt: now,
      })
      .onConflictDoNothing()
      .returning(factorColumns);
    // The same credential again (another account's, or this one's): refused, nothing changed.
    if (!factor) return null;
    return factorAdded(deps, tx, c, me, factor, now);
  });
  if (!result) fail(400, FACTOR_MESSAGES.passkeyRefused);
  return { added: result.confirmed, session: result.session };
}

export async function passkeySignInOptions(deps: Deps): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(deps);
  const challengeId = timedId(deps.now());
  // No credential listed: the browser offers the user's passkeys for this site (discoverable ones). The
  // challenge is derived from its id: nothing is written until a signature answers it.
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    challenge: signInChallenge(deps.config.sessionSecret, challengeId),
    timeout: CHALLENGE_TTL_MS,
  });
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * The challenge a sign-in's id stands for, taken: 400 when it is older than 5 minutes (or from the future)
 * or was answered already. A challenge serves once: the first answer keeps its id (the expired ones go).
 */
async function takeSignInChallenge(deps: Deps, challengeId: string): Promise<string> {
  const now = deps.now();
  const issued = timeOfId(challengeId);
  const age = now.getTime() - issued;
  if (!(age >= -60_000 && age <= CHALLENGE_TTL_MS)) fail(400, FACTOR_MESSAGES.challengeExpired);
  const challenge = Buffer.from(signInChallenge(deps.config.sessionSecret, challengeId)).toString(
    'base64url',
  );
  await dropExpiredChallenges(deps, now);
  const [first] = await deps.db
    .insert(factorChallenges)
    .values({
      id: challengeId,
      challenge,
      purpose: 'authenticate',
      userId: null,
      createdAt: new Date(issued),
    })
    .onConflictDoNothing()
    .returning({ id: factorChallenges.id });
  if (!first) fail(400, FACTOR_MESSAGES.challengeExpired);
  return challenge;
}

/**
 * Signs in with a passkey: completes the caller's session when it waits for this user's second step, else
 * opens a complete session. Returns the signed-in user, and the session whose cookies to set.
 */
export async function passkeySignIn(
  deps: Deps,
  c: Context<AppEnv>,
  input: Infer<typeof PasskeySignInBody>,
): Promise<{ me: Me; session: OpenedSession | null }> {
  const challenge = await takeSignInChallenge(deps, input.challengeId);
  const [found] = await deps.db
    .select({
      factorId: userFactors.id,
      publicKey: userFactors.publicKey,
      signCount: userFactors.signCount,
      transports: userFactors.transports,
      user: meColumns,
    })
    .from(userFactors)
    .innerJoin(users, eq(users.id, userFactors.userId))
    .where(
      and(
        eq(userFactors.credentialId, input.response.id),
        eq(userFactors.kind, 'passkey'),
        isNull(users.deletedAt),
      ),
    );
  if (!found?.publicKey) fail(400, FACTOR_MESSAGES.passkeyRefused);
  const { rpID, origin } = relyingParty(deps);
  const stored = found.signCount ?? 0;
  let cloned = false;
  const verification = await verifyAuthenticationResponse({
    response: input.response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: input.response.id,
      publicKey: new Uint8Array(Buffer.from(found.publicKey, 'base64url')),
      counter: stored,
      transports: (found.transports ?? []) as never,
    },
    requireUserVerification: true,
  }).catch((error: unknown) => {
    // The library refuses a counter that did not grow with this message (verifyAuthenticationResponse).
    cloned = error instanceof Error && /counter value/i.test(error.message);
    return null;
  });
  const now = deps.now();
  if (cloned) {
    await audit(
      deps.db,
      factorAudit(found.user.id, 'passkey.cloned', found.user.id, now, { factorId: found.factorId, stored }),
    );
    fail(400, FACTOR_MESSAGES.passkeyCloned);
  }
  if (!verification?.verified) fail(400, FACTOR_MESSAGES.passkeyRefused);
  const newCounter = verification.authenticationInfo.newCounter;
  const waiting = await currentUser(deps, readAccess(c));
  const completing = waiting?.secondFactor === 'verify' && waiting.id === found.user.id ? waiting : null;
  const outcome = await deps.db.transaction(async (tx) => {
    // The counter moves only forward, once per signature, even under concurrent uses.
    const [moved] = await tx
      .update(userFactors)
      .set({ signCount: newCounter, lastUsedAt: now })
      .where(and(eq(userFactors.id, found.factorId), eq(userFactors.signCount, stored)))
      .returning({ id: userFactors.id });
    if (!moved) return null;
    return { completed: completing ? await completeSession(tx, c, completing, 'second-factor', now) : null };
  });
  if (!outcome) fail(400, FACTOR_MESSAGES.passkeyRefused);
  // A passkey alone opens a complete session (its cookies set by openSession).
  const sessionId = outcome.completed?.sessionId ?? (await openSession(c, deps, found.user.id, null));
  await audit(deps.db, {
    actorId: found.user.id,
    action: completing ? 'login.second-factor' : 'login',
    entity: 'session',
    entityId: sessionId,
    at: now,
    after: { method: 'passkey' },
  });
  return { me: { ...found.user, secondFactor: null }, session: outcome.completed };
}
