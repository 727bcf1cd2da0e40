// The flow player's engine: every machine of machines/ (found by a glob import, so a new one appears by
// itself), its states and events read from the definition, its paths computed as the model-based tests
// compute them (machines/testing/model.ts), and the scripted effects that play a path step by step.
import { getStateNodes } from '@xstate/graph';
import {
  type AnyActorRef,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  fromCallback,
  fromPromise,
  SimulatedClock,
} from 'xstate';
import { MESSAGES } from '../../contract/auth';
import { flush, type ModelPath, Outcomes, walk } from '../../machines/testing/model';
import type { RecordedEvent } from '../lib/live-actors';

export interface FoundMachine {
  id: string;
  /** Where it is defined, e.g. machines/session.machine.ts. */
  file: string;
  machine: AnyStateMachine;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'provide' in value &&
  typeof (value as { provide: unknown }).provide === 'function';

/** Every machine exported by a `machines/*.machine.ts` file. */
export function discoverMachines(
  modules: Record<string, Record<string, unknown>> = import.meta.glob('../../machines/*.machine.ts', {
    eager: true,
  }),
): FoundMachine[] {
  const found: FoundMachine[] = [];
  for (const [path, exports] of Object.entries(modules))
    for (const value of Object.values(exports))
      if (isMachine(value))
        found.push({ id: value.id, file: path.replace(/^(\.\.\/)+/, ''), machine: value });
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

const nodesOf = (machine: AnyStateMachine): AnyStateNode[] => [machine.root, ...getStateNodes(machine.root)];

/** The states as the definition writes them (ids), with their type and tags. */
export function statesOf(machine: AnyStateMachine) {
  return getStateNodes(machine.root).map((node) => ({
    id: node.id,
    type: node.type as string,
    transient: node.always !== undefined,
    tags: [...node.tags],
  }));
}

/** Every event type a state of the machine handles (its promise actors' answers and timers included). */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of nodesOf(machine)) for (const type of node.transitions.keys()) types.add(type);
  return [...types].sort();
}

/** The promise actors the machine invokes and waits for (their answers are path steps). */
export function awaitedActors(machine: AnyStateMachine): string[] {
  return eventTypesOf(machine)
    .map((t) => /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(t)?.[1])
    .filter((id): id is string => Boolean(id))
    .filter((id, i, all) => all.indexOf(id) === i);
}

/** The two failures a scripted call can give besides success: the server's error and a timeout. */
export const serverError = (message = 'Refusé par le serveur (réponse simulée)', status = 400) => ({
  status,
  message,
});
export const TIMEOUT = { status: 0, message: MESSAGES.generic, timeout: true };

export interface PathOptions {
  /** Payload variants of the events the user sends, by type (default: the bare event). */
  events?: Record<string, Array<EventObject & Record<string, unknown>>>;
  /** Success outputs by actor id (default: undefined). */
  outputs?: Record<string, unknown[]>;
  /** Failures by actor id (default: the server's error and a timeout). */
  errors?: Record<string, unknown[]>;
  /** The machine's input while computing paths. */
  input?: unknown;
  serializeState?: (s: { value: unknown; context: unknown }) => string;
  limit?: number;
}

/** The events the paths are made of: every event type of the definition, with the given variants. */
export function pathEvents(machine: AnyStateMachine, options: PathOptions = {}): EventObject[] {
  return eventTypesOf(machine).flatMap((type): EventObject[] => {
    const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    if (answer?.[1] === 'done')
      return (options.outputs?.[answer[2]] ?? [undefined]).map((output) => ({ type, output }));
    if (answer?.[1] === 'error')
      return (options.errors?.[answer[2]] ?? [serverError(), TIMEOUT]).map((error) => ({ type, error }));
    if (type.startsWith('xstate.')) return [{ type }];
    return options.events?.[type] ?? [{ type }];
  });
}

export type FlowPath = ModelPath & { kind: 'state' | 'transition' };

/** The shortest path to every state, then one path through every transition (machines/testing/model.ts). */
export function pathsOf(machine: AnyStateMachine, options: PathOptions = {}) {
  const { paths, coverage, toStates } = walk(machine, {
    events: pathEvents(machine, options),
    input: options.input,
    serializeState: options.serializeState as never,
    limit: options.limit ?? 1000,
  });
  return {
    paths: [
      ...toStates.map((p): FlowPath => ({ ...p, kind: 'state' })),
      ...paths.map((p): FlowPath => ({ ...p, kind: 'transition' })),
    ],
    coverage,
  };
}

/** A step in words: a promise actor's answer as success, the server's error (its status) or a timeout. */
export function stepLabel(event: EventObject & { error?: { status?: number; timeout?: boolean } }): string {
  const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (answer?.[1] === 'done') return `${answer[2]} : succès`;
  if (answer?.[1] === 'error')
    return event.error?.timeout
      ? `${answer[2]} : délai dépassé`
      : `${answer[2]} : erreur ${event.error?.status ?? ''}`.trim();
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `minuterie (${after[1]})`;
  const detail = Object.entries(event)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' ');
  return detail ? `${event.type} (${detail.length > 60 ? `${detail.slice(0, 57)}…` : detail})` : event.type;
}

/**
 * The scripted effects of one run: each promise actor waits until a step answers it, any other actor
 * (the upload's PUT, the logout call) does nothing; timers run on a simulated clock.
 */
export class Script {
  readonly outcomes = new Outcomes();
  readonly clock = new SimulatedClock();
  actor: AnyActorRef | null = null;
  private ready: Array<() => void> = [];

  constructor(
    private readonly machine: AnyStateMachine,
    /** Rewrites an output for the screen shown (rows of the right shape for a list). */
    private readonly output: (id: string, output: unknown) => unknown = (_id, o) => o,
  ) {}

  provide = (logic: AnyStateMachine): AnyStateMachine => {
    const awaited = new Set(awaitedActors(this.machine));
    const actors: Record<string, unknown> = {};
    for (const name of Object.keys(logic.implementations.actors ?? {}))
      actors[name] = awaited.has(name)
        ? fromPromise(this.outcomes.actor(name) as never)
        : fromCallback(() => undefined);
    return logic.provide({ actors: actors as never });
  };

  register = (actor: AnyActorRef) => {
    this.actor = actor;
    for (const resolve of this.ready.splice(0)) resolve();
  };

  whenReady(): Promise<AnyActorRef> {
    if (this.actor) return Promise.resolve(this.actor);
    return new Promise((resolve) => this.ready.push(() => resolve(this.actor!)));
  }

  private delayOf(type: string): number {
    const name = /^xstate\.after\.([^.]+)\./.exec(type)?.[1] ?? '0';
    const delay = (this.machine.implementations.delays as Record<string, unknown> | undefined)?.[name];
    return typeof delay === 'number' ? delay : Number(name) || 1000;
  }

  /** Plays one step; `expected` (a path's) lets a timer run until the state it leads to (a 60 s countdown at once). */
  async play(event: EventObject, expected?: unknown): Promise<void> {
    const actor = await this.whenReady();
    if (event.type === 'xstate.init') return;
    const value = () => JSON.stringify(actor.getSnapshot().value);
    if (event.type.startsWith('xstate.after.')) {
      const delay = this.delayOf(event.type);
      this.clock.increment(delay);
      const target = expected === undefined ? undefined : JSON.stringify(expected);
      for (let tick = 0; target !== undefined && value() !== target && tick < 1000; tick++)
        this.clock.increment(delay);
    } else if (/^xstate\.(done|error)\.actor\./.test(event.type)) {
      const id = /actor\.(.+)$/.exec(event.type)![1];
      // The end of an actor the machine does not wait for (the spawned logout call): nothing to answer.
      if (!awaitedActors(this.machine).includes(id)) return;
      const answer =
        'output' in event
          ? { ...event, output: this.output(id, (event as { output: unknown }).output) }
          : event;
      this.outcomes.settle(answer);
    } else actor.send(event);
    await flush();
    await flush();
  }
}

/** Recorded events of one actor, split at each start (xstate.init): one replay each. */
export function recordedRuns(events: RecordedEvent[]) {
  const runs: Array<{ actor: string; machine: string; events: RecordedEvent[] }> = [];
  const open = new Map<string, (typeof runs)[number]>();
  for (const e of events) {
    let run = open.get(e.actor);
    if (!run || e.event.type === 'xstate.init') {
      run = { actor: e.actor, machine: e.machine, events: [] };
      runs.push(run);
      open.set(e.actor, run);
    }
    run.events.push(e);
  }
  return runs;
}
