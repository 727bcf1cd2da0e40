// One run per (flow, screen, path, step): a fresh screen whose machine gets a new script, then the steps up
// to `step` played in order. Back and Restart replay from the start: every run is the same.
import { useEffect, useState } from 'react';
import { type AnyActorRef, createActor } from 'xstate';
import type { FlowOverride } from '../lib/live-actors';
import { Script } from './engine';
import type { Flow, Step } from './use-flow';

export function useReplay({ found, scenario, screen, steps, step }: Flow) {
  const [run, setRun] = useState<{ script: Script; key: number; override: FlowOverride } | null>(null);
  const [snapshot, setSnapshot] = useState<{ value: unknown; context: unknown } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // What the last finished replay played: until it is the current one, the state shown is on its way.
  const [played, setPlayed] = useState<{ found: unknown; screen: unknown; steps: Step[]; step: number }>();
  const replaying =
    !played ||
    played.found !== found ||
    played.screen !== screen ||
    played.steps !== steps ||
    played.step !== step;
  useEffect(() => {
    if (!found) return;
    const script = new Script(found.machine, screen?.output);
    const override: FlowOverride = {
      machine: found.id,
      provide: script.provide,
      clock: script.clock,
      register: script.register,
    };
    setRun((previous) => ({ script, override, key: (previous?.key ?? 0) + 1 }));
    setProblem(null);
    setSnapshot(null);
    let cancelled = false;
    let subscription: { unsubscribe(): void } | undefined;
    // A machine without a screen plays on an actor of its own.
    const headless = screen
      ? undefined
      : createActor(script.provide(found.machine), { input: scenario?.input as never, clock: script.clock });
    if (headless) {
      headless.start();
      script.register(headless);
    }
    void (async () => {
      const actor: AnyActorRef = await script.whenReady();
      if (cancelled) return;
      const show = () => {
        const s = actor.getSnapshot() as { value: unknown; context: unknown };
        setSnapshot({ value: s.value, context: s.context });
      };
      subscription = actor.subscribe(show);
      show();
      try {
        for (const { event, expected } of steps.slice(0, step)) {
          if (cancelled) return;
          await script.play(event, expected);
        }
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
      if (cancelled) return;
      show();
      setPlayed({ found, screen, steps, step });
    })();
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
      headless?.stop();
    };
  }, [found, scenario, screen, steps, step]);

  const expected = step > 0 ? steps[step - 1]?.expected : undefined;
  const mismatch =
    !replaying &&
    expected !== undefined &&
    snapshot &&
    JSON.stringify(snapshot.value) !== JSON.stringify(expected);
  return { run, snapshot, problem, replaying, expected, mismatch };
}

export type Replay = ReturnType<typeof useReplay>;
