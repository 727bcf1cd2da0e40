// The flow player (QA): every machine with its states, events and paths; a chosen path, or a recording
// of the live actors, played step by step on the real screen of its flow with scripted answers.
// Development and `QA_CONSOLE=true` builds only (main.tsx loads it lazily under /__flows).

import { type ChangeEvent, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria';
import { I18nProvider } from 'react-aria-components';
import { type AnyActorRef, createActor, type EventObject } from 'xstate';
import {
  clearRecording,
  type FlowOverride,
  FlowOverrideContext,
  loadRecording,
  type RecordedEvent,
} from '../lib/live-actors';
import * as theme from '../ui/theme.css';
import { Toasts } from '../ui/toast';
import {
  discoverMachines,
  eventTypesOf,
  type FlowPath,
  pathsOf,
  recordedRuns,
  Script,
  statesOf,
  stepLabel,
} from './engine';
import * as css from './flow-player.css';
import { SCENARIOS } from './scenarios';

/** Found in the page (and in a bundle that includes the player): the production build test looks for it. */
export const FLOW_PLAYER_MARKER = 'qa-flow-player';

interface Step {
  event: EventObject;
  /** The state value the path expects after the step, or the one the live actor reached (a recording). */
  expected?: unknown;
}

/**
 * Marks the player's own panels as react-aria's top layer: a played screen's modal dialog (portalled into
 * the screen's frame) leaves them usable, focusable and clickable without dismissing it, as it does toasts.
 */
const TOP_LAYER = { 'data-react-aria-top-layer': true };

const LOADED_KEY = 'flow-recording-loaded';

function readParams() {
  const p = new URLSearchParams(location.search);
  return {
    flow: p.get('flow') ?? '',
    screen: Number(p.get('screen') ?? 0),
    path: p.get('path') === null ? null : Number(p.get('path')),
    step: Number(p.get('step') ?? 0),
    recording: p.get('recording'),
  };
}

function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function FlowPlayer() {
  const machines = useMemo(() => discoverMachines(), []);
  const [params, setParams] = useState(readParams);
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
  const [recorded, setRecorded] = useState<RecordedEvent[]>(() => {
    const loaded = sessionStorage.getItem(LOADED_KEY);
    return loaded ? (JSON.parse(loaded) as RecordedEvent[]) : loadRecording();
  });
  const runs = useMemo(() => recordedRuns(recorded), [recorded]);

  const steps: Step[] = useMemo(() => {
    if (params.recording !== null) {
      const run = runs[Number(params.recording)];
      return run ? run.events.map((e) => ({ event: e.event, expected: e.state })) : [];
    }
    const path: FlowPath | undefined = params.path === null ? undefined : computed?.paths[params.path];
    return path ? path.steps.map((s) => ({ event: s.event, expected: s.state.value })) : [];
  }, [params.recording, params.path, runs, computed]);
  const step = Math.min(params.step, steps.length);

  const update = (next: Partial<typeof params>) => {
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

  // One run per (flow, screen, path, step): a fresh screen whose machine gets a new script, then the
  // steps up to `step` played in order. Back and Restart replay from the start: every run is the same.
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

  // A modal screen (the PDF dialog) makes the rest of the page inert: the keyboard still steps.
  const latest = { step, steps: steps.length, update };
  const keys = useRef(latest);
  keys.current = latest;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey) return;
      const { step: at, steps: count, update: go } = keys.current;
      if (event.key === 'ArrowRight' && at < count) go({ step: at + 1 });
      else if (event.key === 'ArrowLeft' && at > 0) go({ step: at - 1 });
      else if (event.code === 'KeyR' || event.key.toLowerCase() === 'r') go({ step: 0 });
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  const expected = step > 0 ? steps[step - 1]?.expected : undefined;
  const mismatch =
    !replaying &&
    expected !== undefined &&
    snapshot &&
    JSON.stringify(snapshot.value) !== JSON.stringify(expected);
  // The frame of the played screen: its modal dialogs and its toasts open inside it, not over the player.
  const [frame, setFrame] = useState<HTMLElement | null>(null);

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const events = JSON.parse(await file.text()) as RecordedEvent[];
    sessionStorage.setItem(LOADED_KEY, JSON.stringify(events));
    setRecorded(events);
  };

  return (
    <I18nProvider locale="fr-FR">
      <main className={css.page} data-qa={FLOW_PLAYER_MARKER}>
        <nav className={css.panel} aria-label="Machines" {...TOP_LAYER}>
          <h1 className={theme.title}>Lecteur de flux</h1>
          <ul className={css.list} aria-label="Liste des machines">
            {machines.map((m) => (
              <li key={m.id}>
                <a
                  href={`?flow=${m.id}`}
                  className={m.id === found?.id ? css.current : undefined}
                  aria-current={m.id === found?.id ? 'true' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    update({ flow: m.id, screen: 0, path: null, recording: null, step: 0 });
                  }}
                >
                  {m.id}
                </a>
                <div className={css.small}>{m.file}</div>
              </li>
            ))}
          </ul>
          <h2 className={theme.label}>Enregistrement</h2>
          <p className={css.small}>
            {recorded.length} événements des acteurs de cet onglet
            {sessionStorage.getItem(LOADED_KEY) ? ' (fichier chargé)' : ''}.
          </p>
          <div className={css.controls}>
            <button
              type="button"
              className={theme.button.secondary}
              onClick={() => download('enregistrement-flux.json', recorded)}
            >
              Télécharger (JSON)
            </button>
            <button
              type="button"
              className={theme.button.ghost}
              onClick={() => {
                clearRecording();
                sessionStorage.removeItem(LOADED_KEY);
                setRecorded([]);
              }}
            >
              Effacer
            </button>
          </div>
          <label className={css.small}>
            Ouvrir un enregistrement <input type="file" accept="application/json" onChange={loadFile} />
          </label>
          <ul className={`${css.list} ${css.scroll}`} aria-label="Acteurs enregistrés">
            {runs.map((r, i) => (
              <li key={`${r.actor}-${i}`}>
                <a
                  href={`?flow=${r.machine}&recording=${i}`}
                  className={params.recording === String(i) ? css.current : undefined}
                  aria-current={params.recording === String(i) ? 'true' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    update({ flow: r.machine, screen: 0, path: null, recording: String(i), step: 0 });
                  }}
                >
                  {r.actor}
                </a>{' '}
                <span className={css.small}>({r.events.length} événements)</span>
              </li>
            ))}
          </ul>
        </nav>

        {found && computed ? (
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
        ) : (
          <section className={css.panel}>
            <p>Choisissez une machine.</p>
          </section>
        )}

        {found && (
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
                  <p className={css.small}>
                    Aucun écran associé à cette machine (web/flow-player/scenarios.tsx).
                  </p>
                )}
              </section>
            </div>
          </section>
        )}
      </main>
    </I18nProvider>
  );
}
