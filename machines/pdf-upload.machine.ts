// The 'Mise à jour PDF' dialog of a statistics row (requirements §2 'Statistics', §5 'Statistics update', §7
// 'Media'): the form (two PDFs, two invoice ids, paired), the confirmation, then for each chosen file a
// signed URL and the upload itself (progress, cancel), then the record; and the deletes of 'Supprimer le
// pdf/id'. Any failure returns to the form with the server's message; nothing is recorded before the last
// step, so a cancelled or failed upload leaves the record as it was (its file is swept later, decision 015).
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  type MediaPath,
  type PdfKind,
  pairingErrors,
  STATISTIC_MESSAGES,
  STATISTIC_PDF_MAX_BYTES,
} from '../contract/statistics';
import { messageOf, missing } from './errors';

/** A chosen file as the machine sees it (a browser File fits). */
export interface PdfFile {
  name: string;
  size: number;
  type: string;
}

export interface PdfForm {
  flightFile: PdfFile | null;
  flightId: string;
  airportFile: PdfFile | null;
  airportId: string;
}
export type PdfField = keyof PdfForm;
export type PdfErrors = Partial<Record<PdfField, string>>;

/** What the record already holds, shown in the dialog. */
export interface PdfExisting {
  flightPdf: boolean;
  flightId: string | null;
  airportPdf: boolean;
  airportId: string | null;
}

export interface PdfUploadInput {
  id: string;
  airportDisabled: boolean;
  existing: PdfExisting;
}

export interface PdfUploadContext extends PdfUploadInput {
  form: PdfForm;
  errors: PdfErrors;
  /** The last failure, in French (the server's message when there is one). */
  error: string | null;
  /** Files still to upload, in order; the first is the one under way. */
  queue: PdfKind[];
  current: (MediaPath & { kind: PdfKind }) | null;
  /** Paths of the files uploaded in this round. */
  paths: Partial<Record<PdfKind, string>>;
  progress: { loaded: number; total: number };
  /** The kind a 'Supprimer le pdf/id' is deleting. */
  deleting: PdfKind | null;
}

export type PdfUploadEvent =
  | { type: 'pdf.change'; field: 'flightFile' | 'airportFile'; value: PdfFile | null }
  | { type: 'pdf.change'; field: 'flightId' | 'airportId'; value: string }
  | { type: 'pdf.submit' }
  | { type: 'pdf.confirm' }
  | { type: 'pdf.cancel' }
  | { type: 'pdf.close' }
  | { type: 'pdf.delete'; kind: PdfKind }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done' }
  | { type: 'upload.failed'; message: string };

export interface SaveInput {
  id: string;
  flightPdfPath?: string;
  flightId?: string;
  airportPdfPath?: string;
  airportId?: string;
}

const fileOf = (form: PdfForm, kind: PdfKind) => (kind === 'flight' ? form.flightFile : form.airportFile);

/** Field errors of the form: a PDF of at most 20 MB, and the pairing rules (requirements §5). */
export function formErrors(form: PdfForm, airportDisabled: boolean): PdfErrors {
  const errors: PdfErrors = {
    ...pairingErrors({
      flightPdf: form.flightFile !== null,
      flightId: form.flightId,
      airportPdf: form.airportFile !== null,
      airportId: form.airportId,
    }),
  };
  for (const field of ['flightFile', 'airportFile'] as const) {
    const file = form[field];
    if (!file) continue;
    if (file.type !== 'application/pdf') errors[field] = STATISTIC_MESSAGES.notPdf;
    else if (file.size < 1 || file.size > STATISTIC_PDF_MAX_BYTES)
      errors[field] = STATISTIC_MESSAGES.fileSize;
  }
  if (airportDisabled && (form.airportFile || form.airportId.trim()))
    errors.airportFile = STATISTIC_MESSAGES.airportDisabled;
  return errors;
}

const emptyForm = (): PdfForm => ({ flightFile: null, flightId: '', airportFile: null, airportId: '' });

export const pdfUploadMachine = setup({
  types: {
    context: {} as PdfUploadContext,
    events: {} as PdfUploadEvent,
    input: {} as PdfUploadInput,
  },
  actors: {
    mediaPath: fromPromise<MediaPath, { id: string; kind: PdfKind; file: PdfFile }>(missing('mediaPath')),
    /** PUTs the file to the signed URL; reports `upload.progress`, then `upload.done` or `upload.failed`. */
    upload: fromCallback<{ type: 'noop' }, { url: string; headers: Record<string, string>; file: PdfFile }>(
      () => {
        throw new Error('upload is not provided');
      },
    ),
    save: fromPromise<unknown, SaveInput>(missing('save')),
    remove: fromPromise<unknown, { id: string; kind: PdfKind }>(missing('remove')),
  },
  actions: {
    notifySaved: () => {},
    notifyDeleted: () => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(formErrors(context.form, context.airportDisabled)).length === 0,
    moreFiles: ({ context }) => context.queue.length > 0,
    canDelete: ({ context, event }) => {
      if (event.type !== 'pdf.delete') return false;
      const e = context.existing;
      return event.kind === 'flight'
        ? e.flightPdf || e.flightId !== null
        : e.airportPdf || e.airportId !== null;
    },
  },
}).createMachine({
  id: 'pdfUpload',
  context: ({ input }) => ({
    ...input,
    form: emptyForm(),
    errors: {},
    error: null,
    queue: [],
    current: null,
    paths: {},
    progress: { loaded: 0, total: 0 },
    deleting: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'pdf.change': {
          actions: assign(({ context, event }) => {
            const errors: PdfErrors = { ...context.errors };
            delete errors[event.field];
            if (event.field === 'flightFile' || event.field === 'flightId') delete errors.flightId;
            if (event.field === 'airportFile' || event.field === 'airportId') delete errors.airportId;
            return { form: { ...context.form, [event.field]: event.value }, errors };
          }),
        },
        'pdf.submit': [
          { guard: 'valid', target: 'confirming', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => formErrors(context.form, context.airportDisabled) }) },
        ],
        'pdf.delete': {
          guard: 'canDelete',
          target: 'deleting',
          actions: assign({ deleting: ({ event }) => event.kind, error: null }),
        },
        'pdf.close': { target: 'closed' },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'pdf.cancel': { target: 'editing' },
        'pdf.confirm': {
          target: 'uploading',
          actions: assign({
            queue: ({ context }) =>
              (['flight', 'airport'] as const).filter((kind) => fileOf(context.form, kind) !== null),
            paths: {},
            current: null,
          }),
        },
      },
    },
    uploading: {
      tags: ['busy'],
      initial: 'next',
      on: { 'pdf.cancel': { target: 'editing', actions: assign({ queue: [], current: null, paths: {} }) } },
      states: {
        next: { always: [{ guard: 'moreFiles', target: 'requesting' }, { target: '#pdfUpload.saving' }] },
        requesting: {
          tags: ['uploading'],
          invoke: {
            id: 'mediaPath',
            src: 'mediaPath',
            input: ({ context }) => ({
              id: context.id,
              kind: context.queue[0],
              file: fileOf(context.form, context.queue[0])!,
            }),
            onDone: {
              target: 'sending',
              actions: assign({
                current: ({ context, event }) => ({ ...event.output, kind: context.queue[0] }),
                progress: ({ context }) => ({
                  loaded: 0,
                  total: fileOf(context.form, context.queue[0])?.size ?? 0,
                }),
              }),
            },
            onError: {
              target: '#pdfUpload.editing',
              actions: assign({ error: ({ event }) => messageOf(event.error), queue: [], current: null }),
            },
          },
        },
        sending: {
          tags: ['uploading'],
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context }) => ({
              url: context.current!.url,
              headers: context.current!.headers,
              file: fileOf(context.form, context.current!.kind)!,
            }),
          },
          on: {
            'upload.progress': {
              actions: assign({ progress: ({ event }) => ({ loaded: event.loaded, total: event.total }) }),
            },
            'upload.done': {
              target: 'next',
              actions: assign({
                paths: ({ context }) => ({
                  ...context.paths,
                  [context.current!.kind]: context.current!.path,
                }),
                queue: ({ context }) => context.queue.slice(1),
                current: null,
              }),
            },
            'upload.failed': {
              target: '#pdfUpload.editing',
              actions: assign({ error: ({ event }) => event.message, queue: [], current: null }),
            },
          },
        },
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => {
          const input: SaveInput = { id: context.id };
          const [flightId, airportId] = [context.form.flightId.trim(), context.form.airportId.trim()];
          // Ids are sent only when not empty (requirements §5).
          if (context.paths.flight) input.flightPdfPath = context.paths.flight;
          if (flightId) input.flightId = flightId;
          if (context.paths.airport) input.airportPdfPath = context.paths.airport;
          if (airportId) input.airportId = airportId;
          return input;
        },
        onDone: { target: 'done', actions: 'notifySaved' },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => messageOf(event.error), paths: {} }),
        },
      },
    },
    deleting: {
      tags: ['busy', 'deleting'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.id, kind: context.deleting! }),
        onDone: {
          target: 'editing',
          actions: [
            assign({
              existing: ({ context }) =>
                context.deleting === 'airport'
                  ? { ...context.existing, airportPdf: false, airportId: null }
                  : { ...context.existing, flightPdf: false, flightId: null },
              deleting: null,
            }),
            'notifyDeleted',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => messageOf(event.error), deleting: null }),
        },
      },
    },
    done: { type: 'final', tags: ['done'] },
    closed: { type: 'final', tags: ['closed'] },
  },
});
