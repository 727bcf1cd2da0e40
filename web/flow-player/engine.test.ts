// The flow player's engine: every machine of machines/ is found, each path set reaches every state and
// takes every transition, and a path plays on a real actor with scripted answers and a simulated clock
// (the forgotten password's 60 s countdown at once).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { definedTransitions, restingStates } from '../../machines/testing/model';
import { discoverMachines, pathsOf, Script } from './engine';
import { SCENARIOS } from './scenarios';

const machines = discoverMachines();

describe('flow player engine', () => {
  it('finds every machine of machines/, each with a scenario and a screen', () => {
    expect(machines.map((m) => m.id)).toEqual([
      'forgotPassword',
      'incident',
      'liveFeed',
      'pagedList',
      'pdfUpload',
      'requestPassword',
      'session',
    ]);
    for (const { id } of machines) expect(SCENARIOS[id]?.screens.length, id).toBeGreaterThan(0);
  });

  it.each(machines.map((m) => [m.id, m] as const))(
    '%s: the paths reach every state and transition',
    (id, m) => {
      const { coverage } = pathsOf(m.machine, SCENARIOS[id]);
      expect(coverage.states).toEqual(restingStates(m.machine));
      for (const t of definedTransitions(m.machine)) expect(coverage.transitions.has(t), t).toBe(true);
    },
  );

  it('plays the countdown path to the resend button: 60 s of simulated clock, no waiting', async () => {
    const { paths } = pathsOf(forgotPasswordMachine, SCENARIOS.forgotPassword);
    const path = paths.find(
      (p) => p.kind === 'state' && JSON.stringify(p.steps.at(-1)?.state.value) === '{"ready":"idle"}',
    )!;
    const script = new Script(forgotPasswordMachine);
    const actor = createActor(script.provide(forgotPasswordMachine), {
      input: { email: 'accounting@demo.test' },
      clock: script.clock,
    }).start();
    script.register(actor);
    const started = Date.now();
    for (const step of path.steps) await script.play(step.event, step.state.value);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
    // Then a resend that the scripted server refuses: back to a running countdown with its message.
    await script.play({ type: 'otp.resend' });
    await script.play({
      type: 'xstate.error.actor.resend',
      error: { status: 429, message: 'Veuillez patienter' },
    } as never);
    expect(actor.getSnapshot().context.error).toBe('Veuillez patienter');
  });
});
