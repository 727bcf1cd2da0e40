// The flow chosen in the URL: its machine, its scenario and screen, its paths, and the steps to play (a
// path's, or a recorded run's), with the step reached.
import { useMemo } from 'react';
import type { EventObject } from 'xstate';
import { discoverMachines, type FlowPath, pathsOf, type recordedRuns } from './engine';
import { SCENARIOS } from './scenarios';
import type { FlowParams } from './use-flow-params';

export interface Step {
  event: EventObject;
  /** The state value the path expects after the step, or the one the live actor reached (a recording). */
  expected?: unknown;
}

export function useFlow(params: FlowParams, runs: ReturnType<typeof recordedRuns>) {
  const machines = useMemo(() => discoverMachines(), []);
  const found = machines.find((m) => m.id === params.flow) ?? null;
  const scenario = found ? SCENARIOS[found.id] : undefined;
  const screen = scenario?.screens[params.screen] ?? scenario?.screens[0];
  const computed = useMemo(() => {
    if (!found) return null;
    try {
      return pathsOf(found.machine, scenario ?? {});
    } catch (error) {
      // A machine too large to walk with bare events: listed, without paths, until it has a scenario.
      return { paths: [], coverage: { states: new Set<string>(), transitions: new Set<string>() }, error };
    }
  }, [found, scenario]);

  const steps: Step[] = useMemo(() => {
    if (params.recording !== null) {
      const run = runs[Number(params.recording)];
      return run ? run.events.map((e) => ({ event: e.event, expected: e.state })) : [];
    }
    const path: FlowPath | undefined = params.path === null ? undefined : computed?.paths[params.path];
    return path ? path.steps.map((s) => ({ event: s.event, expected: s.state.value })) : [];
  }, [params.recording, params.path, runs, computed]);
  const step = Math.min(params.step, steps.length);

  return { machines, found, scenario, screen, computed, steps, step };
}

export type Flow = ReturnType<typeof useFlow>;
