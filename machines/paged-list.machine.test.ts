// The paged list machine: debounced search, filters and paging, newest answer wins, error and empty.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { PageRequest } from './paged-list.machine';
import { pagedListMachine } from './paged-list.machine';
import { flush } from './testing/model';

function setup(answer: (req: PageRequest) => Promise<{ rows: unknown[]; pageCount: number }>) {
  const calls: PageRequest[] = [];
  const clock = new SimulatedClock();
  const logic = pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise(async ({ input }: { input: PageRequest }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(logic, {
    input: { pageSize: 20, filters: { status: 'requested' } },
    clock,
  }).start();
  return { actor, calls, clock };
}

const page = (n: number, pageCount = 5) => ({ rows: [{ id: `row-${n}` }], pageCount });

describe('paged list machine', () => {
  it('loads page 1 at once, then pages', async () => {
    const { actor, calls } = setup(async (req) => page(req.pageNumber));
    await flush();
    expect(calls).toEqual([{ pageNumber: 1, pageSize: 20, search: '', filters: { status: 'requested' } }]);
    expect(actor.getSnapshot().context.rows).toEqual([{ id: 'row-1' }]);
    actor.send({ type: 'page.go', pageNumber: 3 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      pageNumber: 3,
      rows: [{ id: 'row-3' }],
      pageCount: 5,
    });
    actor.send({ type: 'page.go', pageNumber: 6 });
    actor.send({ type: 'page.go', pageNumber: 0 });
    expect(calls).toHaveLength(2);
  });

  it('debounces the search 500 ms without a leading call, back to page 1', async () => {
    const { actor, calls, clock } = setup(async (req) => page(req.pageNumber));
    await flush();
    actor.send({ type: 'page.go', pageNumber: 4 });
    await flush();
    actor.send({ type: 'search.change', value: 'T' });
    clock.increment(300);
    actor.send({ type: 'search.change', value: 'TR' });
    clock.increment(499);
    expect(calls).toHaveLength(2);
    clock.increment(1);
    await flush();
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatchObject({ search: 'TR', pageNumber: 1 });
  });

  it('merges filter changes and goes back to page 1', async () => {
    const { actor, calls } = setup(async (req) => page(req.pageNumber));
    await flush();
    actor.send({ type: 'page.go', pageNumber: 2 });
    await flush();
    actor.send({ type: 'filters.change', filters: { hospitals: 'CHU A' } });
    await flush();
    expect(calls.at(-1)).toEqual({
      pageNumber: 1,
      pageSize: 20,
      search: '',
      filters: { status: 'requested', hospitals: 'CHU A' },
    });
  });

  it('shows only the newest answer when requests overlap', async () => {
    const resolvers: Array<() => void> = [];
    const { actor } = setup(
      (req) =>
        new Promise((resolve) => {
          resolvers.push(() => resolve(page(req.pageNumber)));
        }),
    );
    actor.send({ type: 'page.go', pageNumber: 2 });
    resolvers[1]();
    await flush();
    resolvers[0]();
    await flush();
    expect(actor.getSnapshot().context.rows).toEqual([{ id: 'row-2' }]);
  });

  it('tags empty and error results, and reloads', async () => {
    let fail = true;
    const { actor } = setup(async () => {
      if (fail) throw { status: 500, message: 'Base de données indisponible' };
      return { rows: [], pageCount: 0 };
    });
    await flush();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Base de données indisponible');
    fail = false;
    actor.send({ type: 'list.reload' });
    await flush();
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
