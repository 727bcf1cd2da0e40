// One incident record of 'SUIVI DE L'INCIDENT' (requirements §2): attachments (new tab), declared date (Paris),
// mission number, category, title, detailed description, presumed causes and the proposed action — with
// no word before it (architecture.md §6). Staff get 'PROPOSER UNE ACTION' and 'VALIDER L'ACTION'. The card
// reads only its incident machine.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { INCIDENT_MESSAGES, INCIDENT_STATUS_BADGES, type IncidentRecord } from '../../contract/incidents';
import { type IncidentCall, type IncidentSaved, incidentMachine } from '../../machines/incident.machine';
import { useLiveMachine } from '../lib/live-actors';
import { Badge } from '../ui/badge';
import { parisDateTime } from '../ui/format';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { proposeIncidentAction, validateIncidentAction } from './api';
import { incidentsChanged } from './events';
import { missionNumber } from './format';
import * as ui from './incidents.css';
import { ProposeDialog } from './propose-dialog';

export function useIncident(record: IncidentRecord) {
  const logic = useMemo(
    () =>
      incidentMachine.provide({
        actors: {
          save: fromPromise(async ({ input }: { input: IncidentCall }): Promise<IncidentSaved> => {
            const { id, ...body } = input;
            const saved = await proposeIncidentAction(id, body);
            return { response: saved.response, version: saved.version };
          }),
          // The action shown is the one validated, on the version read: the API answers 409 when another
          // action was saved since, or the record changed (decision 064).
          validate: fromPromise<unknown, IncidentCall>(({ input }) => {
            const { id, ...body } = input;
            return validateIncidentAction(id, body);
          }),
        },
        actions: {
          notifySaved: () => {
            toast.success(INCIDENT_MESSAGES.saved);
            incidentsChanged.emit();
          },
          notifyValidated: () => {
            toast.success(INCIDENT_MESSAGES.validated);
            incidentsChanged.emit();
          },
          // A failed save shows in the dialog, which stays open with its text; any other failure as a toast.
          notifyError: ({ event }, params) => {
            if ((event as { type: string }).type !== 'xstate.error.actor.save') toast.error(params.message);
          },
        },
      }),
    [],
  );
  return useLiveMachine(`incident:${record.id}`, logic, {
    input: { id: record.id, response: record.response, status: record.status, version: record.version },
  });
}

export function IncidentCard({ record, staff }: { record: IncidentRecord; staff: boolean }) {
  const [state, send] = useIncident(record);
  const closed = state.hasTag('closed');
  const response = state.context.response;
  const headingId = `incident-${record.id}`;
  return (
    <article className={ui.card} aria-labelledby={headingId}>
      <div className={ui.cardHeader}>
        <h2 id={headingId} className={ui.cardTitle}>
          {record.title}
        </h2>
        <Badge {...INCIDENT_STATUS_BADGES[closed ? 'CLOSED' : 'OPEN']} />
      </div>
      <dl className={ui.details}>
        <dt className={css.definitionTerm}>Pièces jointes</dt>
        <dd className={ui.value}>
          {record.filesUrls.length === 0 ? (
            '-'
          ) : (
            <ul className={ui.files}>
              {record.filesUrls.map((file) => (
                <li key={file.path}>
                  <a href={file.path} target="_blank" rel="noopener noreferrer">
                    {file.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className={css.definitionTerm}>Date de déclaration</dt>
        <dd className={ui.value}>{parisDateTime(record.createdAt)}</dd>
        <dt className={css.definitionTerm}>N° de mission</dt>
        <dd className={ui.value}>{missionNumber(record.tripNumber)}</dd>
        <dt className={css.definitionTerm}>Catégorie</dt>
        <dd className={ui.value}>{record.incidentCategory}</dd>
        <dt className={css.definitionTerm}>Titre</dt>
        <dd className={ui.value}>{record.title}</dd>
        <dt className={css.definitionTerm}>Description détaillée</dt>
        <dd className={ui.value}>{record.description || '-'}</dd>
        <dt className={css.definitionTerm}>Causes présumées</dt>
        <dd className={ui.value}>{record.cause || '-'}</dd>
        <dt className={css.definitionTerm}>Action proposée</dt>
        <dd className={ui.value} data-testid="incident-response">
          {response ?? '-'}
        </dd>
      </dl>
      {staff && (
        <div className={ui.actions}>
          <button
            type="button"
            className={css.button.secondary}
            disabled={!state.can({ type: 'action.propose' })}
            onClick={() => send({ type: 'action.propose' })}
          >
            {INCIDENT_MESSAGES.propose}
          </button>
          <button
            type="button"
            className={`${css.button.primary} ${closed ? ui.greyed : ''}`}
            disabled={!state.can({ type: 'action.validate' })}
            aria-busy={state.hasTag('validating') || undefined}
            onClick={() => send({ type: 'action.validate' })}
          >
            {INCIDENT_MESSAGES.validate}
          </button>
        </div>
      )}
      {state.hasTag('dialog') && (
        <ProposeDialog
          draft={state.context.draft}
          fieldError={state.context.fieldError}
          saving={state.hasTag('saving')}
          error={state.context.error}
          onChange={(value) => send({ type: 'action.edit', value })}
          onSave={() => send({ type: 'action.save' })}
          onCancel={() => send({ type: 'action.cancel' })}
        />
      )}
    </article>
  );
}
