// What the player shows, kept in the page's URL (?flow=…&screen=…&path=…|recording=…&step=…), so that a
// reload or a shared link opens the same step.
import { useState } from 'react';

export interface FlowParams {
  flow: string;
  screen: number;
  path: number | null;
  step: number;
  recording: string | null;
}

function readParams(): FlowParams {
  const p = new URLSearchParams(location.search);
  return {
    flow: p.get('flow') ?? '',
    screen: Number(p.get('screen') ?? 0),
    path: p.get('path') === null ? null : Number(p.get('path')),
    step: Number(p.get('step') ?? 0),
    recording: p.get('recording'),
  };
}

/** The parameters, and `update`, which changes some of them and writes them all back to the URL. */
export function useFlowParams() {
  const [params, setParams] = useState(readParams);
  const update = (next: Partial<FlowParams>) => {
    const merged = { ...params, ...next };
    setParams(merged);
    const search = new URLSearchParams();
    if (merged.flow) search.set('flow', merged.flow);
    if (merged.screen) search.set('screen', String(merged.screen));
    if (merged.path !== null) search.set('path', String(merged.path));
    if (merged.recording !== null) search.set('recording', merged.recording);
    if (merged.path !== null || merged.recording !== null) search.set('step', String(merged.step));
    history.replaceState(null, '', `${location.pathname}?${search}`);
  };
  return { params, update };
}

export type UpdateParams = ReturnType<typeof useFlowParams>['update'];
