// The forgotten-password machines: model-based coverage of every state and transition, replayed on real
// actors with a simulated clock, and the countdown and resend rules.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { forgotPasswordMachine, requestPasswordMachine } from './forgot-password.machine';
import { expectFullCoverage, flush, Outcomes, replay, walk } from './testing/model';

const http = (status: number, message = 'Code incorrect ou expiré') => ({ status, message });

function confirmActor(outcomes: Outcomes, clock: SimulatedClock, secondsLeft: number, notes: string[] = []) {
  const logic = forgotPasswordMachine.provide({
    actors: outcomes.actors('resend', 'reset'),
    actions: {
      notifyResent: () => notes.push('resent'),
      notifyError: (_, params) => notes.push(`error:${params.message}`),
    },
  });
  return createActor(logic, {
    input: { email: 'accounting@demo.test', secondsLeft, countdown: Math.min(secondsLeft, 60) },
    clock,
  }).start();
}

describe('confirmation machine, model-based', () => {
  const events = [
    { type: 'otp.resend' },
    { type: 'password.reset', otp: '123456', password: 'Compta-2027!' },
    { type: 'xstate.done.actor.resend' },
    { type: 'xstate.error.actor.resend', error: http(429, 'Veuillez patienter') },
    { type: 'xstate.done.actor.reset' },
    { type: 'xstate.error.actor.reset', error: http(400) },
    { type: 'xstate.after.second.forgotPassword.ready.counting' },
  ];
  const { paths, coverage } = walk(forgotPasswordMachine, {
    events: events as never,
    input: { email: 'accounting@demo.test', secondsLeft: 2, countdown: 2 },
    serializeState: (s) => JSON.stringify([s.value, (s.context as { secondsLeft: number }).secondsLeft]),
    limit: 500,
  });

  it('visits every state and every transition', () => {
    expectFullCoverage(forgotPasswordMachine, coverage, { states: 2, transitions: 2 });
  });

  it.each(paths.map((p) => [p.description, p] as const))('replays %s', async (_, path) => {
    const outcomes = new Outcomes();
    const clock = new SimulatedClock();
    const actor = confirmActor(outcomes, clock, 2);
    const check = (expected: { value: unknown; context: unknown }) => {
      expect(actor.getSnapshot().value).toEqual(expected.value);
      expect(actor.getSnapshot().context.secondsLeft).toBe(
        (expected.context as { secondsLeft: number }).secondsLeft,
      );
    };
    await replay(path, actor, outcomes, check, { clock, ms: 1000 });
    actor.stop();
  });
});

describe('confirmation machine behaviour', () => {
  it('counts down from 60 to 0, then allows one resend that restarts the countdown', async () => {
    const outcomes = new Outcomes();
    const clock = new SimulatedClock();
    const notes: string[] = [];
    const actor = confirmActor(outcomes, clock, 60, notes);
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
    actor.send({ type: 'otp.resend' });
    expect(outcomes.calls).toEqual([]);
    for (let i = 0; i < 59; i++) clock.increment(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(actor.getSnapshot().hasTag('counting')).toBe(true);
    clock.increment(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
    expect(actor.getSnapshot().hasTag('counting')).toBe(false);
    actor.send({ type: 'otp.resend' });
    actor.send({ type: 'otp.resend' });
    expect(actor.getSnapshot().hasTag('resending')).toBe(true);
    expect(outcomes.calls).toEqual([{ name: 'resend', input: { email: 'accounting@demo.test' } }]);
    outcomes.settle({ type: 'xstate.done.actor.resend' });
    await flush();
    expect(notes).toEqual(['resent']);
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
    expect(actor.getSnapshot().hasTag('counting')).toBe(true);
  });

  it('reports a failed reset with the server message and lets the user try again', async () => {
    const outcomes = new Outcomes();
    const notes: string[] = [];
    const actor = confirmActor(outcomes, new SimulatedClock(), 60, notes);
    actor.send({ type: 'password.reset', otp: '000000', password: 'Compta-2027!' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    outcomes.settle({ type: 'xstate.error.actor.reset', error: http(400) } as never);
    await flush();
    expect(notes).toEqual(['error:Code incorrect ou expiré']);
    actor.send({ type: 'password.reset', otp: '123456', password: 'Compta-2027!' });
    outcomes.settle({ type: 'xstate.done.actor.reset' });
    await flush();
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
  });
});

describe('request machine, model-based', () => {
  const { paths, coverage } = walk(requestPasswordMachine, {
    events: [
      { type: 'password.request', email: 'a@b.fr' },
      { type: 'xstate.done.actor.request' },
      { type: 'xstate.error.actor.request', error: http(429, 'Veuillez patienter') },
    ] as never,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { error: string | null }).error]),
  });

  it('visits every state and every transition', () => {
    expectFullCoverage(requestPasswordMachine, coverage, { states: 2, transitions: 2 });
  });

  it.each(paths.map((p) => [p.description, p] as const))('replays %s', async (_, path) => {
    const outcomes = new Outcomes();
    const actor = createActor(
      requestPasswordMachine.provide({
        actors: outcomes.actors('request'),
      }),
    ).start();
    await replay(path, actor, outcomes, (expected) => {
      expect(actor.getSnapshot().value).toEqual(expected.value);
      expect(actor.getSnapshot().context.error).toBe((expected.context as { error: string | null }).error);
    });
  });
});
