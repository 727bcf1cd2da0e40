// The flow player (QA): every machine with its states, events and paths; a chosen path, or a recording
// of the live actors, played step by step on the real screen of its flow with scripted answers.
// Development and `QA_CONSOLE=true` builds only (main.tsx loads it lazily under /__flows).
// A composition: the URL's parameters (use-flow-params), the recording (use-recording), the chosen flow
// and its steps (use-flow), the replay (use-replay) and the keyboard (use-step-keys), shown in three
// panels (machines, definition, playback).
import { I18nProvider } from 'react-aria-components';
import { DefinitionPanel } from './definition-panel';
import * as css from './flow-player.css';
import { MachinesPanel } from './machines-panel';
import { PlaybackPanel } from './playback-panel';
import { useFlow } from './use-flow';
import { useFlowParams } from './use-flow-params';
import { useRecording } from './use-recording';
import { useReplay } from './use-replay';
import { useStepKeys } from './use-step-keys';

/** Found in the page (and in a bundle that includes the player): the production build test looks for it. */
export const FLOW_PLAYER_MARKER = 'qa-flow-player';

export function FlowPlayer() {
  const { params, update } = useFlowParams();
  const recording = useRecording();
  const flow = useFlow(params, recording.runs);
  const replay = useReplay(flow);
  useStepKeys(flow.step, flow.steps.length, update);

  return (
    <I18nProvider locale="fr-FR">
      <main className={css.page} data-qa={FLOW_PLAYER_MARKER}>
        <MachinesPanel flow={flow} recording={recording} params={params} update={update} />
        <DefinitionPanel flow={flow} params={params} update={update} />
        {flow.found && <PlaybackPanel flow={flow} replay={replay} params={params} update={update} />}
      </main>
    </I18nProvider>
  );
}
