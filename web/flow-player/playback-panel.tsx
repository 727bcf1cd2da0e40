// The player's right panel: the step controls, the steps with the one reached, the state (and what the
// path expected where it differs), the context, and the played screen in its frame.
import { Suspense, useState } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria';
import { FlowOverrideContext } from '../lib/live-actors';
import * as theme from '../ui/theme.css';
import { Toasts } from '../ui/toast';
import { stepLabel } from './engine';
import * as css from './flow-player.css';
import { TOP_LAYER } from './top-layer';
import type { Flow } from './use-flow';
import type { FlowParams, UpdateParams } from './use-flow-params';
import type { Replay } from './use-replay';

export function PlaybackPanel({
  flow: { scenario, screen, steps, step },
  replay: { run, snapshot, problem, replaying, expected, mismatch },
  params,
  update,
}: {
  flow: Flow;
  replay: Replay;
  params: FlowParams;
  update: UpdateParams;
}) {
  // The frame of the played screen: its modal dialogs and its toasts open inside it, not over the player.
  const [frame, setFrame] = useState<HTMLElement | null>(null);
  return (
    <section className={css.panel} aria-label="Lecture" aria-busy={replaying}>
      <div className={css.controls} {...TOP_LAYER}>
        {scenario && scenario.screens.length > 1 && (
          <label className={css.small}>
            Écran{' '}
            <select
              value={params.screen}
              onChange={(e) => update({ screen: Number(e.target.value), step: 0 })}
            >
              {scenario.screens.map((s, i) => (
                <option key={s.label} value={i}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className={theme.button.secondary}
          disabled={step === 0}
          onClick={() => update({ step: step - 1 })}
        >
          Précédent
        </button>
        <button
          type="button"
          className={theme.button.primary}
          disabled={step >= steps.length}
          onClick={() => update({ step: step + 1 })}
        >
          Suivant
        </button>
        <button type="button" className={theme.button.ghost} onClick={() => update({ step: 0 })}>
          Recommencer
        </button>
        <span className={css.small} data-testid="flow-step">
          Étape {step} / {steps.length}
        </span>
        <span className={css.small}>
          Clavier : Alt+Flèche droite suivant, Alt+Flèche gauche précédent, Alt+R recommencer
        </span>
      </div>
      <div className={css.beside}>
        <div {...TOP_LAYER}>
          <ol className={`${css.list} ${css.small}`} aria-label="Étapes">
            {steps.map((s, i) => (
              <li key={`${i}-${s.event.type}`} className={i === step - 1 ? css.current : undefined}>
                {stepLabel(s.event)}
              </li>
            ))}
          </ol>
          <h3 className={theme.label}>État</h3>
          <pre className={css.code} data-testid="flow-state" aria-busy={replaying}>
            {JSON.stringify(snapshot?.value ?? null)}
          </pre>
          {mismatch && (
            <p role="alert" className={theme.formError}>
              Attendu : {JSON.stringify(expected)}
            </p>
          )}
          {problem && (
            <p role="alert" className={theme.formError}>
              {problem}
            </p>
          )}
          <h3 className={theme.label}>Contexte</h3>
          <pre className={css.code} data-testid="flow-context">
            {JSON.stringify(snapshot?.context ?? null, null, 2)}
          </pre>
        </div>
        <section className={css.screen} ref={setFrame} aria-label="Écran">
          {run && screen ? (
            frame && (
              <UNSAFE_PortalProvider getContainer={() => frame}>
                <FlowOverrideContext.Provider key={run.key} value={run.override}>
                  <Suspense fallback={<p role="status">Chargement…</p>}>
                    <screen.Screen />
                  </Suspense>
                </FlowOverrideContext.Provider>
                {/* The screen's toasts at the top of its frame, not over the controls. */}
                <Toasts />
              </UNSAFE_PortalProvider>
            )
          ) : (
            <p className={css.small}>Aucun écran associé à cette machine (web/flow-player/scenarios.tsx).</p>
          )}
        </section>
      </div>
    </section>
  );
}
