// The incident follow-up machine: model-based coverage of every state and transition, replayed on real
// actors whose calls the test settles, and the rules a user meets (blank text, failures, closed records).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES } from '../contract/auth';
import { INCIDENT_MESSAGES } from '../contract/incidents';
import { type IncidentInput, incidentMachine, responseProblem } from './incident.machine';
import { definedTransitions, flush, Outcomes, replay, restingStates, walk } from './testing/model';

const http = (status: number, message: string) => ({ status, message });
const OPEN: IncidentInput = { id: 'i-1', response: null, status: 'OPEN' };

function incidentActor(outcomes: Outcomes, input: IncidentInput = OPEN, notes: string[] = []) {
  const logic = incidentMachine.provide({
    actors: outcomes.actors('save', 'validate'),
    actions: {
      notifySaved: () => notes.push('saved'),
      notifyValidated: () => notes.push('validated'),
      notifyError: (_, params) => notes.push(`error:${params.message}`),
    },
  });
  return createActor(logic, { input }).start();
}

describe('incident machine, model-based', () => {
  const events = [
    { type: 'action.propose' },
    { type: 'action.edit', value: '  ' },
    { type: 'action.edit', value: 'Revoir la check-list' },
    { type: 'action.cancel' },
    { type: 'action.save' },
    { type: 'xstate.done.actor.save', output: { response: 'Revoir la check-list' } },
    { type: 'xstate.error.actor.save', error: http(409, INCIDENT_MESSAGES.closed) },
    { type: 'action.validate' },
    { type: 'xstate.done.actor.validate', output: {} },
    { type: 'xstate.error.actor.validate', error: new Error('réseau') },
  ];
  type Ctx = { draft: string; response: string | null; fieldError: string | null; error: string | null };
  const { paths, coverage } = walk(incidentMachine, {
    events: events as never,
    input: OPEN,
    serializeState: (s) => {
      const c = s.context as Ctx;
      return JSON.stringify([s.value, c.draft, c.response, c.fieldError, c.error]);
    },
    limit: 2000,
  });

  it('visits every state and every transition', () => {
    expect(restingStates(incidentMachine)).toEqual(
      new Set([
        'incident.open.withoutAction',
        'incident.open.withAction',
        'incident.proposing',
        'incident.saving',
        'incident.validating',
        'incident.closed',
      ]),
    );
    expect(coverage.states).toEqual(restingStates(incidentMachine));
    expect(definedTransitions(incidentMachine).size).toBeGreaterThan(6);
    expect(coverage.transitions).toEqual(definedTransitions(incidentMachine));
  });

  it.each(paths.map((p) => [p.description, p] as const))('replays %s', async (_, path) => {
    const outcomes = new Outcomes();
    const actor = incidentActor(outcomes);
    await replay(path, actor, outcomes, (state) => {
      const expected = state.context as Ctx;
      expect(actor.getSnapshot().value).toEqual(state.value);
      expect(actor.getSnapshot().context).toMatchObject({
        draft: expected.draft,
        response: expected.response,
        fieldError: expected.fieldError,
        error: expected.error,
      });
    });
    actor.stop();
  });
});

describe('incident machine behaviour', () => {
  it('starts where the record is: without an action, with one, or closed', () => {
    const outcomes = new Outcomes();
    expect(incidentActor(outcomes, OPEN).getSnapshot().hasTag('withoutAction')).toBe(true);
    const withAction = incidentActor(outcomes, { ...OPEN, response: 'Revoir' }).getSnapshot();
    expect(withAction.hasTag('withAction')).toBe(true);
    const closed = incidentActor(outcomes, { ...OPEN, response: 'Revoir', status: 'CLOSED' }).getSnapshot();
    expect(closed.hasTag('closed')).toBe(true);
    expect(closed.can({ type: 'action.propose' })).toBe(false);
    expect(closed.can({ type: 'action.validate' })).toBe(false);
  });

  it('refuses a blank action with Obligatoire and sends a trimmed one', async () => {
    const outcomes = new Outcomes();
    const notes: string[] = [];
    const actor = incidentActor(outcomes, OPEN, notes);
    expect(actor.getSnapshot().can({ type: 'action.validate' })).toBe(false);
    actor.send({ type: 'action.propose' });
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    actor.send({ type: 'action.edit', value: ' \n ' });
    actor.send({ type: 'action.save' });
    expect(actor.getSnapshot().context.fieldError).toBe('Obligatoire');
    expect(outcomes.calls).toEqual([]);
    actor.send({ type: 'action.edit', value: '  Revoir la check-list  ' });
    expect(actor.getSnapshot().context.fieldError).toBeNull();
    actor.send({ type: 'action.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(outcomes.calls).toEqual([
      { name: 'save', input: { id: 'i-1', response: 'Revoir la check-list' } },
    ]);
    outcomes.settle({
      type: 'xstate.done.actor.save',
      output: { response: 'Revoir la check-list' },
    } as never);
    await flush();
    expect(notes).toEqual(['saved']);
    expect(actor.getSnapshot().hasTag('withAction')).toBe(true);
    expect(actor.getSnapshot().context.response).toBe('Revoir la check-list');
  });

  it('reopens the dialog on the saved text, and cancel goes back without change', () => {
    const actor = incidentActor(new Outcomes(), { ...OPEN, response: 'Revoir' });
    actor.send({ type: 'action.propose' });
    expect(actor.getSnapshot().context.draft).toBe('Revoir');
    actor.send({ type: 'action.edit', value: 'Autre chose' });
    actor.send({ type: 'action.cancel' });
    expect(actor.getSnapshot().hasTag('withAction')).toBe(true);
    expect(actor.getSnapshot().context.response).toBe('Revoir');
  });

  it('keeps the dialog and the text when saving fails, with the server’s message', async () => {
    const outcomes = new Outcomes();
    const notes: string[] = [];
    const actor = incidentActor(outcomes, OPEN, notes);
    actor.send({ type: 'action.propose' });
    actor.send({ type: 'action.edit', value: 'Revoir' });
    actor.send({ type: 'action.save' });
    outcomes.settle({ type: 'xstate.error.actor.save', error: http(409, INCIDENT_MESSAGES.closed) } as never);
    await flush();
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'Revoir', error: INCIDENT_MESSAGES.closed });
    expect(notes).toEqual([`error:${INCIDENT_MESSAGES.closed}`]);
  });

  it('returns to the action when validation fails, with the generic message for a network error', async () => {
    const outcomes = new Outcomes();
    const notes: string[] = [];
    const actor = incidentActor(outcomes, { ...OPEN, response: 'Revoir' }, notes);
    actor.send({ type: 'action.validate' });
    expect(actor.getSnapshot().hasTag('validating')).toBe(true);
    outcomes.settle({
      type: 'xstate.error.actor.validate',
      error: new TypeError('Failed to fetch'),
    } as never);
    await flush();
    expect(actor.getSnapshot().hasTag('withAction')).toBe(true);
    expect(notes).toEqual([`error:${MESSAGES.generic}`]);
    actor.send({ type: 'action.validate' });
    outcomes.settle({ type: 'xstate.done.actor.validate', output: {} } as never);
    await flush();
    expect(actor.getSnapshot().hasTag('closed')).toBe(true);
    expect(notes.at(-1)).toBe('validated');
  });

  it('validates the action it shows: the call carries that text, and one saved later replaces it', async () => {
    const outcomes = new Outcomes();
    const notes: string[] = [];
    const actor = incidentActor(outcomes, { ...OPEN, response: 'Revoir' }, notes);
    actor.send({ type: 'action.validate' });
    expect(outcomes.calls.at(-1)).toEqual({ name: 'validate', input: { id: 'i-1', response: 'Revoir' } });
    outcomes.settle({
      type: 'xstate.error.actor.validate',
      error: http(409, INCIDENT_MESSAGES.changed),
    } as never);
    await flush();
    expect(notes).toEqual([`error:${INCIDENT_MESSAGES.changed}`]);
    actor.send({ type: 'action.propose' });
    actor.send({ type: 'action.edit', value: ' Changer de fournisseur ' });
    actor.send({ type: 'action.save' });
    outcomes.settle({
      type: 'xstate.done.actor.save',
      output: { response: 'Changer de fournisseur' },
    } as never);
    await flush();
    actor.send({ type: 'action.validate' });
    expect(outcomes.calls.at(-1)).toEqual({
      name: 'validate',
      input: { id: 'i-1', response: 'Changer de fournisseur' },
    });
  });

  it('applies the response rule of the API', () => {
    expect(responseProblem('')).toBe('Obligatoire');
    expect(responseProblem('   ')).toBe('Obligatoire');
    expect(responseProblem('a'.repeat(5000))).toBeNull();
    expect(responseProblem(` ${'a'.repeat(5000)} `)).toBeNull();
    expect(responseProblem('a'.repeat(5001))).toBe(INCIDENT_MESSAGES.tooLong);
  });
});
