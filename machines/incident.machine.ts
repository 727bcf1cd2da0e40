// One incident record's follow-up (issue #13, docs/architecture.md 'incident propose/validate'): open without an
// action → proposing (the dialog; 'Obligatoire' when the text is blank once trimmed) → saving → open with
// an action (which may be proposed again) → validating (the call carries the action shown, so that one
// proposed meanwhile is never validated unread) → closed. A failed call returns to the state
// before it with the server's message or 'Une erreur s'est produite' (requirements §8), which the UI shows as a
// toast through `notifyError`. The UI reads tags only.
import { assign, fromPromise, setup } from 'xstate';
import { INCIDENT_MESSAGES, type IncidentStatus, RESPONSE_MAX_LENGTH } from '../contract/incidents';
import { FAILED, missing } from './errors';

export interface IncidentContext {
  id: string;
  /** The saved proposed action (null while none). */
  response: string | null;
  /** The dialog's text. */
  draft: string;
  /** The dialog's field message ('Obligatoire'). */
  fieldError: string | null;
  /** The last failed call's message. */
  error: string | null;
  /** The status the record had when shown. */
  initialStatus: IncidentStatus;
  /** The record's version the calls are made on (decision 064); null when unknown (then not sent). */
  version: number | null;
}

export interface IncidentInput {
  id: string;
  response: string | null;
  status: IncidentStatus;
  version?: number;
}

/** What a save answers: the action as saved and the record's new version. */
export interface IncidentSaved {
  response: string | null;
  version?: number;
}

/** What the calls are given: the record, the action, and the version it was read at (when known). */
export interface IncidentCall {
  id: string;
  response: string;
  version?: number;
}

export type IncidentEvent =
  | { type: 'action.propose' }
  | { type: 'action.edit'; value: string }
  | { type: 'action.cancel' }
  | { type: 'action.save' }
  | { type: 'action.validate' };

/** The dialog's rule (requirements §5): trimmed, at least 1 character; at most RESPONSE_MAX_LENGTH. */
export function responseProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return INCIDENT_MESSAGES.required;
  return trimmed.length > RESPONSE_MAX_LENGTH ? INCIDENT_MESSAGES.tooLong : null;
}

/** A call's input: the version goes along when it is known. */
const call = (context: IncidentContext, response: string): IncidentCall =>
  context.version === null
    ? { id: context.id, response }
    : { id: context.id, response, version: context.version };

export const incidentMachine = setup({
  types: {
    context: {} as IncidentContext,
    events: {} as IncidentEvent,
    input: {} as IncidentInput,
  },
  actors: {
    /** Saves the proposed action; answers the record's saved action and its new version. */
    save: fromPromise<IncidentSaved, IncidentCall>(missing('save')),
    /**
     * Validates the action shown (`response`): the API answers 409 when another one was saved since, or
     * when the record changed since the version it was read at.
     */
    validate: fromPromise<unknown, IncidentCall>(missing('validate')),
  },
  actions: {
    notifySaved: () => {},
    notifyValidated: () => {},
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    notifyError: (_, _params: { message: string }) => {},
  },
  guards: {
    closed: ({ context }) => context.initialStatus === 'CLOSED',
    hasResponse: ({ context }) => context.response !== null,
    draftInvalid: ({ context }) => responseProblem(context.draft) !== null,
  },
}).createMachine({
  id: 'incident',
  context: ({ input }) => ({
    id: input.id,
    response: input.response,
    draft: '',
    fieldError: null,
    error: null,
    initialStatus: input.status,
    version: input.version ?? null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'closed', target: 'closed' },
        { guard: 'hasResponse', target: 'open.withAction' },
        { target: 'open.withoutAction' },
      ],
    },
    open: {
      initial: 'withoutAction',
      states: {
        withoutAction: { tags: ['open', 'withoutAction'] },
        withAction: {
          tags: ['open', 'withAction'],
          on: { 'action.validate': '#incident.validating' },
        },
        back: {
          always: [{ guard: 'hasResponse', target: 'withAction' }, { target: 'withoutAction' }],
        },
      },
      on: {
        'action.propose': {
          target: 'proposing',
          actions: assign({ draft: ({ context }) => context.response ?? '', fieldError: null, error: null }),
        },
      },
    },
    proposing: {
      tags: ['dialog'],
      on: {
        'action.edit': { actions: assign({ draft: ({ event }) => event.value, fieldError: null }) },
        'action.cancel': { target: 'open.back', actions: assign({ fieldError: null }) },
        'action.save': [
          {
            guard: 'draftInvalid',
            actions: assign({ fieldError: ({ context }) => responseProblem(context.draft) }),
          },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      tags: ['dialog', 'saving'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => call(context, context.draft.trim()),
        onDone: {
          target: 'open.withAction',
          actions: [
            assign({
              response: ({ event, context }) => event.output?.response ?? context.draft.trim(),
              version: ({ event, context }) => event.output?.version ?? context.version,
              error: null,
            }),
            'notifySaved',
          ],
        },
        onError: {
          target: 'proposing',
          actions: FAILED,
        },
      },
    },
    validating: {
      tags: ['withAction', 'validating'],
      invoke: {
        id: 'validate',
        src: 'validate',
        // What the validator read: the API refuses (409) if another action was proposed meanwhile.
        input: ({ context }) => call(context, context.response ?? ''),
        onDone: { target: 'closed', actions: [assign({ error: null }), 'notifyValidated'] },
        onError: {
          target: 'open.withAction',
          actions: FAILED,
        },
      },
    },
    closed: { type: 'final', tags: ['closed'] },
  },
});
