// The app's live actors, named so that they can be found: each screen machine runs under a systemId
// (its machine id, or a more precise name such as 'pagedList:/users'). Development and QA builds add
// three things, all gone from a production build (`import.meta.env.DEV || QA_CONSOLE` is false there):
// - `?inspect` sends every actor's events to the Stately inspector (main.tsx sets it up);
// - a recorder keeps the events the actors receive in this tab (sessionStorage), for the flow player
//   to replay and to download as JSON;
// - the flow player gives a screen's machine scripted actors and a simulated clock (FlowOverride).
import { useMachine } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo } from 'react';
import type { AnyActorRef, AnyStateMachine, InspectionEvent, Observer, SimulatedClock } from 'xstate';

const devtools = import.meta.env.DEV || import.meta.env.QA_CONSOLE === true;

let inspector: Observer<InspectionEvent> | undefined;
/** Development: `?inspect` (main.tsx) hands the Stately inspector's observer here. */
export const setInspector = (observer: Observer<InspectionEvent>) => {
  inspector = observer;
};

/** One event received by a live actor, as the recorder keeps it. */
export interface RecordedEvent {
  /** The actor's systemId (or id). */
  actor: string;
  /** The id of its machine. */
  machine: string;
  at: number;
  event: { type: string; [key: string]: unknown };
  /** The actor's state value once it had processed the event (what the flow player expects its replay to show). */
  state?: unknown;
}

export const RECORDING_KEY = 'flow-recording';
const RECORDING_LIMIT = 5000;
let recording: RecordedEvent[] | null = null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

const SECRET = /password|otp/i;
/** What stands for an object inside itself (a cycle) once written. */
export const CIRCULAR = '(circulaire)';

/**
 * A value as it may leave the actor: plain data (an Error as its status and message, a File as its name,
 * size and type), what a user typed as a secret masked. The recorder keeps events so; the Stately inspector
 * (`?inspect`, main.tsx) is sent them so, since its window is another site's.
 */
export function withoutSecrets(value: unknown): unknown {
  // The objects from the root down to the one being written: one met again among them is a cycle, written
  // as CIRCULAR rather than throwing (an object met twice elsewhere is written twice, as JSON has it).
  const ancestors: object[] = [];
  return JSON.parse(
    JSON.stringify(value, function (this: unknown, key, v: unknown) {
      // Never keep what a user typed as a secret: passwords and one-time codes.
      if (typeof v === 'string' && SECRET.test(key)) return '(masqué)';
      if (v instanceof Error) return { status: (v as { status?: unknown }).status, message: v.message };
      if (typeof Blob !== 'undefined' && v instanceof Blob)
        return { name: (v as File).name ?? 'fichier', size: v.size, type: v.type };
      if (typeof v !== 'object' || v === null) return v;
      while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
      if (ancestors.includes(v)) return CIRCULAR;
      ancestors.push(v);
      return v;
    }) ?? 'null',
  );
}

export function loadRecording(): RecordedEvent[] {
  if (recording) return recording;
  try {
    recording = JSON.parse(sessionStorage.getItem(RECORDING_KEY) ?? '[]') as RecordedEvent[];
  } catch {
    recording = [];
  }
  return recording;
}

export function clearRecording(): void {
  recording = [];
  sessionStorage.removeItem(RECORDING_KEY);
}

function save(): void {
  clearTimeout(saveTimer);
  if (!recording) return;
  try {
    sessionStorage.setItem(RECORDING_KEY, JSON.stringify(recording));
  } catch {
    // storage full: the recording in memory goes on
  }
}

// A page left (a reload, a sign-in's full navigation) keeps its last events.
if (devtools && typeof window !== 'undefined') window.addEventListener('pagehide', save);

/** The recorded entry of each event received, until the actor has processed it (its state is then added). */
const awaitingState = new WeakMap<object, { ref: unknown; entry: RecordedEvent }>();

function record(event: InspectionEvent): void {
  if (event.type === '@xstate.snapshot') {
    // The same event object, once processed: the state value it led to.
    const awaited = awaitingState.get(event.event);
    if (!awaited || awaited.ref !== event.actorRef) return;
    awaitingState.delete(event.event);
    awaited.entry.state = JSON.parse(JSON.stringify((event.snapshot as { value?: unknown }).value ?? null));
  } else if (event.type === '@xstate.event') {
    const ref = event.actorRef as AnyActorRef & {
      systemId?: string;
      logic?: { id?: string; root?: unknown };
    };
    // Only machines: the promise actors' own events are seen by their parent as done/error events.
    if (!ref.logic?.root) return;
    const entry: RecordedEvent = {
      actor: ref.systemId ?? ref.id,
      machine: ref.logic.id ?? ref.id,
      at: Date.now(),
      event: withoutSecrets(event.event) as RecordedEvent['event'],
    };
    awaitingState.set(event.event, { ref, entry });
    const events = loadRecording();
    events.push(entry);
    if (events.length > RECORDING_LIMIT) events.splice(0, events.length - RECORDING_LIMIT);
  } else return;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(save, 300);
}

/** The inspection observer of a live actor: the Stately inspector when open, and the recorder. */
export function liveInspector(): Observer<InspectionEvent> | undefined {
  if (!devtools) return undefined;
  return {
    next: (event) => {
      inspector?.next?.(event);
      record(event);
    },
  };
}

/** What the flow player puts in place of a screen machine's effects. */
export interface FlowOverride {
  /** The machine id it applies to. */
  machine: string;
  provide: (logic: AnyStateMachine) => AnyStateMachine;
  clock?: SimulatedClock;
  register: (actor: AnyActorRef) => void;
}

export const FlowOverrideContext = createContext<FlowOverride | null>(null);

/**
 * `useMachine` for a screen: the actor runs under `name` (its systemId), is inspected in development,
 * and takes the flow player's scripted effects when the player shows this screen.
 */
export function useLiveMachine<TLogic extends AnyStateMachine>(
  name: string,
  logic: TLogic,
  options: { input?: unknown } = {},
) {
  const override = useContext(FlowOverrideContext);
  const mine = devtools && override?.machine === logic.id ? override : null;
  const provided = useMemo(() => (mine ? mine.provide(logic) : logic) as TLogic, [mine, logic]);
  const result = useMachine(provided, {
    ...options,
    systemId: name,
    // The player's scripted runs are neither inspected nor recorded.
    inspect: mine ? undefined : liveInspector(),
    ...(mine?.clock ? { clock: mine.clock } : {}),
  } as never);
  const actorRef = result[2];
  useEffect(() => {
    mine?.register(actorRef);
  }, [mine, actorRef]);
  return result;
}
