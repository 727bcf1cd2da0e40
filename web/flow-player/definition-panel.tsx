// The player's middle panel: the chosen machine's states, events and paths (each path opens at step 0).
import * as theme from '../ui/theme.css';
import { eventTypesOf, statesOf, stepLabel } from './engine';
import * as css from './flow-player.css';
import { TOP_LAYER } from './top-layer';
import type { Flow } from './use-flow';
import type { FlowParams, UpdateParams } from './use-flow-params';

export function DefinitionPanel({
  flow: { found, computed, scenario },
  params,
  update,
}: {
  flow: Flow;
  params: FlowParams;
  update: UpdateParams;
}) {
  if (!found || !computed)
    return (
      <section className={css.panel}>
        <p>Choisissez une machine.</p>
      </section>
    );
  return (
    <section className={css.panel} aria-label="Définition" {...TOP_LAYER}>
      <h2 className={theme.label}>États</h2>
      <ul className={`${css.list} ${css.small}`} aria-label="États">
        {statesOf(found.machine).map((s) => (
          <li key={s.id}>
            {s.id}
            {s.transient ? ' (transitoire)' : ''}
            {s.tags.length ? ` — ${s.tags.join(', ')}` : ''}
          </li>
        ))}
      </ul>
      <h2 className={theme.label}>Événements</h2>
      <ul className={`${css.list} ${css.small}`} aria-label="Événements">
        {eventTypesOf(found.machine).map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <h2 className={theme.label}>
        Chemins ({computed.paths.length}) — {computed.coverage.states.size} états,{' '}
        {computed.coverage.transitions.size} transitions
      </h2>
      {scenario?.note && <p className={css.small}>{scenario.note}</p>}
      <ol className={`${css.list} ${css.scroll}`} aria-label="Chemins">
        {computed.paths.map((p, i) => (
          <li key={`${p.kind}-${p.description}-${i}`}>
            <a
              href={`?flow=${found.id}&path=${i}`}
              className={params.path === i ? css.current : undefined}
              aria-current={params.path === i ? 'true' : undefined}
              onClick={(e) => {
                e.preventDefault();
                update({ path: i, recording: null, step: 0 });
              }}
            >
              {p.kind === 'state' ? 'vers ' : 'par '}
              {JSON.stringify(p.steps.at(-1)?.state.value)}
            </a>
            <div className={css.small}>
              {p.steps
                .filter((s) => s.event.type !== 'xstate.init')
                .map((s) => stepLabel(s.event))
                .join(' › ') || '(état initial)'}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
