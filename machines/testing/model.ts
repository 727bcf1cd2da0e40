// Model-based testing support: walks a machine's graph with @xstate/graph and measures which states
// and transitions the walk covered, so a test can demand that every one of them is visited.
import { getAdjacencyMap, getShortestPaths, getStateNodes } from '@xstate/graph';
import { expect } from 'vitest';
import {
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  fromPromise,
  type SimulatedClock,
  type Snapshot,
} from 'xstate';

type AnySnapshot = Snapshot<unknown> & { value: unknown; context: unknown; _nodes: AnyStateNode[] };

export interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
}

/** Every state a machine can rest in (transient states with `always` are passed through, not rested in). */
export function restingStates(machine: AnyStateMachine): Set<string> {
  return new Set(
    getStateNodes(machine.root)
      .filter((n) => (n.type === 'atomic' || n.type === 'final') && n.always === undefined)
      .map((n) => n.id),
  );
}

/** Every (state, event, branch) a machine defines, eventless ones excepted. */
export function definedTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of getStateNodes(machine.root)) {
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((_: unknown, index: number) => {
        keys.add(`${node.id}|${eventType}|${index}`);
      });
    }
  }
  return keys;
}

const active = (s: AnySnapshot) => s._nodes;
const atomicIds = (s: AnySnapshot) =>
  active(s)
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => n.id);

/** Which defined transition took `prev` to `next` on `event`: the deepest handler, and its matching branch. */
export function takenTransition(prev: AnySnapshot, event: EventObject, next: AnySnapshot): string | null {
  const handlers = active(prev)
    .filter((n) => n.transitions.has(event.type))
    .sort((a, b) => b.path.length - a.path.length);
  const nextIds = new Set(active(next).map((n) => n.id));
  for (const node of handlers) {
    const candidates = node.transitions.get(event.type)!;
    for (let i = 0; i < candidates.length; i++) {
      const target = candidates[i].target as AnyStateNode[] | undefined;
      // A transient target (with `always`) is passed through: it is never active afterwards.
      const matches = target
        ? target.every((t) => nextIds.has(t.id) || t.always !== undefined)
        : JSON.stringify(prev.value) === JSON.stringify(next.value);
      if (matches) return `${node.id}|${event.type}|${i}`;
    }
  }
  return null;
}

export interface WalkOptions<TEvent extends EventObject> {
  events: TEvent[] | ((s: AnySnapshot) => TEvent[]);
  serializeState?: (s: AnySnapshot) => string;
  input?: unknown;
  limit?: number;
}

export interface ModelPath<TEvent extends EventObject = EventObject> {
  description: string;
  steps: Array<{ event: TEvent; state: AnySnapshot }>;
}

/**
 * One path per edge of the machine's graph: the shortest way to the edge's source state, then the edge.
 * Together they visit every reachable state and take every transition; `coverage` says which.
 */
export function walk<TEvent extends EventObject>(machine: AnyStateMachine, options: WalkOptions<TEvent>) {
  const serializeState = options.serializeState ?? ((s: AnySnapshot) => JSON.stringify(s.value));
  const traversal = {
    events: options.events as never,
    input: options.input,
    limit: options.limit ?? 1000,
    serializeState: serializeState as never,
  };
  const shortest = getShortestPaths(machine, traversal);
  const toState = new Map(shortest.map((p) => [serializeState(p.state as unknown as AnySnapshot), p.steps]));
  const adjacency = getAdjacencyMap(machine, traversal);
  const paths: ModelPath<TEvent>[] = [];
  const coverage: Coverage = { states: new Set(), transitions: new Set() };
  for (const [source, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = toState.get(source);
    if (!prefix) continue;
    for (const atomic of atomicIds(state as unknown as AnySnapshot)) coverage.states.add(atomic);
    for (const { event, state: next } of Object.values(transitions) as Array<{
      event: EventObject;
      state: unknown;
    }>) {
      const taken = takenTransition(state as unknown as AnySnapshot, event, next as unknown as AnySnapshot);
      if (!taken) continue; // the event changes nothing here
      coverage.transitions.add(taken);
      for (const atomic of atomicIds(next as unknown as AnySnapshot)) coverage.states.add(atomic);
      const steps = [...prefix, { event, state: next }] as unknown as ModelPath<TEvent>['steps'];
      paths.push({ description: steps.map((st) => st.event.type).join(' › '), steps });
    }
  }
  // The shortest path to each state on its own (the flow player lists them beside the edge paths).
  const toStates: ModelPath<TEvent>[] = shortest.map((p) => {
    const steps = p.steps as unknown as ModelPath<TEvent>['steps'];
    return { description: steps.map((st) => st.event.type).join(' › '), steps };
  });
  return { paths, coverage, toStates };
}

/** Deferred outcomes for the promise actors of a replay: the test settles them step by step. */
export class Outcomes {
  private pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  readonly calls: Array<{ name: string; input: unknown }> = [];

  actor(name: string) {
    return async ({ input }: { input: unknown }) => {
      this.calls.push({ name, input });
      return new Promise((resolve, reject) => this.pending.set(name, { resolve, reject }));
    };
  }

  /** A promise actor for each of `names`, each settled by the test (for a machine's `provide({ actors })`). */
  actors<Name extends string>(...names: Name[]): Record<Name, never> {
    return Object.fromEntries(names.map((name) => [name, fromPromise(this.actor(name) as never)])) as never;
  }

  settle(event: EventObject): boolean {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) return false;
    const deferred = this.pending.get(match[2]);
    if (!deferred) throw new Error(`no pending call for ${match[2]}`);
    this.pending.delete(match[2]);
    if (match[1] === 'done') deferred.resolve((event as unknown as { output: unknown }).output);
    else deferred.reject((event as unknown as { error: unknown }).error);
    return true;
  }
}

export const flush = () => new Promise((r) => setTimeout(r, 0));

/**
 * Demands that the walk visited every resting state and took every defined transition of `machine`, and
 * that the machine has more than `more.states` states and `more.transitions` transitions.
 */
export function expectFullCoverage(
  machine: AnyStateMachine,
  coverage: Coverage,
  more: { states: number; transitions: number },
): void {
  expect(restingStates(machine).size).toBeGreaterThan(more.states);
  expect(coverage.states).toEqual(restingStates(machine));
  expect(definedTransitions(machine).size).toBeGreaterThan(more.transitions);
  expect(coverage.transitions).toEqual(definedTransitions(machine));
}

/**
 * Replays a walked path on a real actor: an outcome step settles the pending call, a delayed transition
 * moves `timer.clock` on by `timer.ms`, any other event is sent; after each step `check` compares the
 * actor with the model's state.
 */
export async function replay<TEvent extends EventObject>(
  path: ModelPath<TEvent>,
  actor: { send: (event: never) => void },
  outcomes: Outcomes,
  check: (expected: AnySnapshot) => void,
  timer?: { clock: SimulatedClock; ms: number },
): Promise<void> {
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue;
    if (timer && step.event.type.startsWith('xstate.after')) timer.clock.increment(timer.ms);
    else if (outcomes.settle(step.event)) await flush();
    else actor.send(step.event as never);
    check(step.state);
  }
}
