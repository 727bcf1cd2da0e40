// The paged list machine, model-based: @xstate/graph walks every state and transition (search debounce,
// filters, paging, reload, answers with rows, empty and failed), then each path is replayed on a real
// actor with a simulated clock and deferred answers.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { pagedListMachine, SEARCH_DEBOUNCE_MS } from './paged-list.machine';
import { definedTransitions, Outcomes, replay, restingStates, walk } from './testing/model';

const events = [
  { type: 'search.change', value: 'LYON' },
  { type: 'filters.change', filters: { status: 'requested' } },
  { type: 'page.go', pageNumber: 2 },
  { type: 'list.reload' },
  { type: 'xstate.after.debounce.pagedList.debouncing' },
  { type: 'xstate.done.actor.fetchPage', output: { rows: [{ id: 'm1' }], pageCount: 2 } },
  { type: 'xstate.done.actor.fetchPage', output: { rows: [], pageCount: 0 } },
  { type: 'xstate.error.actor.fetchPage', error: { status: 500, message: 'Erreur serveur' } },
];

type Snapshot = { value: unknown; context: { pageNumber: number; pageCount: number; search: string } };

describe('paged list machine, model-based', () => {
  const { paths, coverage } = walk(pagedListMachine, {
    events: events as never,
    input: { pageSize: 20 },
    serializeState: (s) => {
      const { context, value } = s as unknown as Snapshot;
      return JSON.stringify([value, context.pageNumber, context.pageCount, context.search]);
    },
    limit: 500,
  });

  it('visits every state and every transition', () => {
    expect(restingStates(pagedListMachine).size).toBeGreaterThan(3);
    expect(coverage.states).toEqual(restingStates(pagedListMachine));
    // definedTransitions lists the states' own transitions; the machine's root takes four events anywhere.
    const root = ['search.change', 'filters.change', 'page.go', 'list.reload'].map((e) => `pagedList|${e}|0`);
    expect(coverage.transitions).toEqual(new Set([...definedTransitions(pagedListMachine), ...root]));
  });

  it.each(paths.map((p) => [p.description, p] as const))('replays %s', async (_, path) => {
    const outcomes = new Outcomes();
    const clock = new SimulatedClock();
    const logic = pagedListMachine.provide({
      actors: outcomes.actors('fetchPage'),
    });
    const actor = createActor(logic, { input: { pageSize: 20 }, clock }).start();
    const check = (state: unknown) => {
      const expected = state as Snapshot;
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context.pageNumber).toBe(expected.context.pageNumber);
      expect(snapshot.context.pageCount).toBe(expected.context.pageCount);
    };
    await replay(path, actor, outcomes, check, { clock, ms: SEARCH_DEBOUNCE_MS });
    actor.stop();
  });
});
