// The player's left panel: every machine, and the recording (download, clear, open a file) with its runs.
import * as theme from '../ui/theme.css';
import * as css from './flow-player.css';
import { TOP_LAYER } from './top-layer';
import type { Flow } from './use-flow';
import type { FlowParams, UpdateParams } from './use-flow-params';
import type { Recording } from './use-recording';

export function MachinesPanel({
  flow: { machines, found },
  recording,
  params,
  update,
}: {
  flow: Flow;
  recording: Recording;
  params: FlowParams;
  update: UpdateParams;
}) {
  const { recorded, runs } = recording;
  return (
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
        {recording.fromFile() ? ' (fichier chargé)' : ''}.
      </p>
      <div className={css.controls}>
        <button type="button" className={theme.button.secondary} onClick={recording.save}>
          Télécharger (JSON)
        </button>
        <button type="button" className={theme.button.ghost} onClick={recording.clear}>
          Effacer
        </button>
      </div>
      <label className={css.small}>
        Ouvrir un enregistrement <input type="file" accept="application/json" onChange={recording.loadFile} />
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
  );
}
