// The session machine: every state and transition visited by model-based paths, each path replayed on a
// real actor; plus the refresh-then-retry-once and fire-and-forget logout behaviours.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Me } from '../contract/auth';
import { type SessionEvent, sessionMachine, waitForRefresh } from './session.machine';
import { expectFullCoverage, flush, Outcomes, replay, walk } from './testing/model';

const user: Me = {
  id: 'u1',
  firstName: 'Claire',
  lastName: 'Dubois',
  email: 'admin@demo.test',
  phone: '',
  role: 'ADMIN',
  hospitals: [],
  forceChangePassword: false,
  secondFactor: null,
};
const flagged: Me = { ...user, forceChangePassword: true };
/** Signed in by the password: a code to give, or a first factor the role requires (decision 070). */
const verifying: Me = { ...user, secondFactor: 'verify' };
const enrolling: Me = { ...user, secondFactor: 'enrol' };
const http = (status: number, message = 'Refusé') => ({ status, message });

const outcomeEvents = (
  ['fetchMe', 'login', 'forceChangePassword', 'verifySecondFactor', 'refresh'] as const
).flatMap((id) => [
  { type: `xstate.done.actor.${id}`, output: user },
  { type: `xstate.done.actor.${id}`, output: flagged },
  { type: `xstate.done.actor.${id}`, output: verifying },
  { type: `xstate.done.actor.${id}`, output: enrolling },
  { type: `xstate.error.actor.${id}`, error: http(401) },
  { type: `xstate.error.actor.${id}`, error: http(500) },
]);
const userEvents: SessionEvent[] = [
  { type: 'login.submit', email: 'admin@demo.test', password: 'Demo-2026!' },
  { type: 'password.submit', newPassword: 'Nouveau-2026!' },
  { type: 'session.unauthorized' },
  { type: 'session.logout' },
  { type: 'user.updated', user },
  { type: 'user.updated', user: flagged },
  { type: 'factor.submit', code: '123456' },
  { type: 'user.arrived', user },
  { type: 'user.arrived', user: enrolling },
  { type: 'user.arrived', user: verifying },
  { type: 'user.arrived', user: flagged },
];

function realActor(outcomes: Outcomes) {
  const logic = sessionMachine.provide({
    actors: outcomes.actors(
      'fetchMe',
      'login',
      'forceChangePassword',
      'verifySecondFactor',
      'refresh',
      'logout',
    ),
  });
  return createActor(logic).start();
}

describe('session machine, model-based', () => {
  const { paths, coverage } = walk(sessionMachine, {
    events: [...userEvents, ...outcomeEvents] as never,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        (s.context as { user: Me | null }).user?.forceChangePassword ?? null,
        (s.context as { user: Me | null }).user?.secondFactor ?? null,
      ]),
    limit: 1500,
  });

  it('visits every state and every transition', () => {
    expectFullCoverage(sessionMachine, coverage, { states: 2, transitions: 2 });
  });

  it.each(paths.map((p) => [p.description, p] as const))('replays %s on a real actor', async (_, path) => {
    const outcomes = new Outcomes();
    const actor = realActor(outcomes);
    await replay(path, actor, outcomes, (expected) =>
      expect(actor.getSnapshot().value).toEqual(expected.value),
    );
    actor.stop();
  });
});

describe('session machine behaviour', () => {
  it('asks the code first, then the forced change, then the enrolment the role requires', async () => {
    const outcomes = new Outcomes();
    const actor = realActor(outcomes);
    outcomes.settle({ type: 'xstate.error.actor.fetchMe', error: http(401) } as never);
    await flush();
    outcomes.settle({ type: 'xstate.error.actor.refresh', error: http(401) } as never);
    await flush();
    actor.send({ type: 'login.submit', email: 'admin@demo.test', password: 'Demo-2026!' });
    outcomes.settle({
      type: 'xstate.done.actor.login',
      output: { ...verifying, forceChangePassword: true },
    } as never);
    await flush();
    expect(actor.getSnapshot().hasTag('secondFactor')).toBe(true);
    actor.send({ type: 'factor.submit', code: '12345' });
    outcomes.settle({
      type: 'xstate.error.actor.verifySecondFactor',
      error: http(400, 'Code incorrect'),
    } as never);
    await flush();
    expect(actor.getSnapshot().context.error).toBe('Code incorrect');
    actor.send({ type: 'factor.submit', code: '123456' });
    expect(outcomes.calls.at(-1)).toEqual({ name: 'verifySecondFactor', input: { code: '123456' } });
    outcomes.settle({
      type: 'xstate.done.actor.verifySecondFactor',
      output: { ...enrolling, forceChangePassword: true },
    } as never);
    await flush();
    expect(actor.getSnapshot().hasTag('mustChangePassword')).toBe(true);
    actor.send({ type: 'password.submit', newPassword: 'Nouveau-2026!' });
    outcomes.settle({ type: 'xstate.done.actor.forceChangePassword', output: enrolling } as never);
    await flush();
    expect(actor.getSnapshot().hasTag('mustEnrol')).toBe(true);
    actor.send({ type: 'user.arrived', user });
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  /** A signed-in actor whose last call just answered 401. */
  const signedInThenRefused = async () => {
    const outcomes = new Outcomes();
    const actor = realActor(outcomes);
    outcomes.settle({ type: 'xstate.done.actor.fetchMe', output: user } as never);
    await flush();
    actor.send({ type: 'session.unauthorized' });
    return { outcomes, actor };
  };

  it('renews on a 401 and lets the waiting callers retry once', async () => {
    const { outcomes, actor } = await signedInThenRefused();
    const first = waitForRefresh(actor);
    actor.send({ type: 'session.unauthorized' });
    const second = waitForRefresh(actor);
    expect(outcomes.calls.filter((c) => c.name === 'refresh')).toHaveLength(1);
    outcomes.settle({ type: 'xstate.done.actor.refresh', output: user } as never);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
  });

  it('logs out, without waiting for the server, only when the refresh fails', async () => {
    const { outcomes, actor } = await signedInThenRefused();
    const waiting = waitForRefresh(actor);
    expect(outcomes.calls.some((c) => c.name === 'logout')).toBe(false);
    outcomes.settle({ type: 'xstate.error.actor.refresh', error: http(401) } as never);
    expect(await waiting).toBe(false);
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('signedOut')).toBe(true);
    expect(snapshot.context.user).toBeNull();
    // The logout call was made, and is still pending: nobody waited for it.
    expect(outcomes.calls.filter((c) => c.name === 'logout')).toHaveLength(1);
  });

  it('shows the server message on a failed login, the generic one otherwise', async () => {
    const outcomes = new Outcomes();
    const actor = realActor(outcomes);
    outcomes.settle({ type: 'xstate.error.actor.fetchMe', error: http(500) } as never);
    await flush();
    actor.send({ type: 'login.submit', email: 'a@b.fr', password: 'x' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    expect(outcomes.calls.at(-1)).toEqual({ name: 'login', input: { email: 'a@b.fr', password: 'x' } });
    outcomes.settle({
      type: 'xstate.error.actor.login',
      error: http(401, 'E-mail ou mot de passe incorrect'),
    } as never);
    await flush();
    expect(actor.getSnapshot().context.error).toBe('E-mail ou mot de passe incorrect');
    actor.send({ type: 'login.submit', email: 'a@b.fr', password: 'x' });
    expect(actor.getSnapshot().context.error).toBeNull();
    outcomes.settle({ type: 'xstate.error.actor.login', error: new TypeError('Failed to fetch') } as never);
    await flush();
    expect(actor.getSnapshot().context.error).toBe("Une erreur s'est produite");
  });
});
