// 'Mise à jour PDF' of a statistics row: what the record holds (ids, PDFs, 'Supprimer le pdf/id'), the
// four fields, the confirmation, the upload with its progress and cancel. The dialog reads the upload
// machine only (machines/pdf-upload.machine.ts); this file provides its calls. Each file is dropped on
// its zone or chosen with its button (react-aria's DropZone and FileTrigger); Escape does what the
// step's secondary button does, and the focus never leaves the dialog (docs/decisions/027).
import type { useMachine } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem } from 'react-aria-components';
import { fromCallback, fromPromise } from 'xstate';
import { FILE_MESSAGES } from '../../contract/files';
import { type PdfKind, STATISTIC_MESSAGES, type StatisticRow } from '../../contract/statistics';
import {
  type PdfFile,
  type PdfUploadContext,
  pdfUploadMachine,
  type SaveInput,
} from '../../machines/pdf-upload.machine';
import { useLiveMachine } from '../lib/live-actors';
import { ModalDialog, type RowDialogProps } from '../ui/dialog';
import * as dialogUi from '../ui/dialog.css';
import { TextInput } from '../ui/field';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { deletePdfData, fetchUploadTarget, savePdfData } from './api';
import * as ui from './statistics.css';

/** PUTs the file to its signed URL with progress; a refusal carries the store's French message. */
const upload = fromCallback<
  { type: 'noop' },
  { url: string; headers: Record<string, string>; file: PdfFile }
>(({ input, sendBack }) => {
  const xhr = new XMLHttpRequest();
  xhr.open('PUT', input.url);
  for (const [name, value] of Object.entries(input.headers)) xhr.setRequestHeader(name, value);
  xhr.upload.onprogress = (e) =>
    sendBack({ type: 'upload.progress', loaded: e.loaded, total: e.total } as never);
  xhr.onload = () => {
    if (xhr.status >= 200 && xhr.status < 300) return sendBack({ type: 'upload.done' } as never);
    let message: string = FILE_MESSAGES.interrupted;
    try {
      const body = JSON.parse(xhr.responseText) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // A bucket answers in XML: the generic message stands.
    }
    sendBack({ type: 'upload.failed', message } as never);
  };
  xhr.onerror = () => sendBack({ type: 'upload.failed', message: FILE_MESSAGES.interrupted } as never);
  xhr.send(input.file as unknown as Blob);
  return () => xhr.abort();
});

export function PdfDialog({ row, onClose, onDone: onChanged }: RowDialogProps<StatisticRow>) {
  // The version the saves are made on (decision 064): the row's, then the one a delete made here answers.
  const version = useRef(row.version);
  const logic = useMemo(
    () =>
      pdfUploadMachine.provide({
        actors: {
          mediaPath: fromPromise(async ({ input }: { input: { id: string; kind: PdfKind; file: PdfFile } }) =>
            fetchUploadTarget({
              id: input.id,
              kind: input.kind,
              fileName: input.file.name,
              size: input.file.size,
            }),
          ),
          upload,
          save: fromPromise<unknown, SaveInput>(({ input }) =>
            savePdfData({ ...input, version: version.current }),
          ),
          remove: fromPromise<unknown, { id: string; kind: PdfKind }>(async ({ input }) => {
            version.current = (await deletePdfData(input.id, input.kind)).version;
          }),
        },
        actions: {
          notifySaved: () => {
            toast.success(STATISTIC_MESSAGES.pdfUpdated);
            onChanged();
          },
          notifyDeleted: () => {
            toast.success(STATISTIC_MESSAGES.deleted);
            onChanged();
          },
        },
      }),
    [onChanged],
  );
  const [state, send] = useLiveMachine(`pdfUpload:${row.id}`, logic, {
    input: {
      id: row.id,
      airportDisabled: row.disableAirportPdfUpload === true,
      existing: {
        flightPdf: row.flightInvoicePdf,
        flightId: row.flightInvoiceNumber ?? null,
        airportPdf: row.airportInvoicePdf,
        airportId: row.airportInvoiceNumber ?? null,
      },
    },
  });
  const busy = state.hasTag('busy');
  const step = stepOf(state);
  // Escape (and a click beside the dialog) does what the step's secondary button does: Annuler closes the
  // form, Non goes back to it with the files kept, 'Annuler l'envoi' stops the upload. A save or a delete
  // under way is one call that cannot be taken back: the dialog stays to show how it ends.
  const dismiss = () => {
    if (step === 'confirming' || step === 'uploading') send({ type: 'pdf.cancel' });
    else if (step === 'editing') onClose();
  };
  const finished = state.hasTag('done') || state.hasTag('closed');
  useEffect(() => {
    if (finished) onClose();
  }, [finished, onClose]);
  const { context } = state;
  const content = useRef<HTMLDivElement>(null);
  useStepFocus(content, step, context.deleting);

  return (
    <ModalDialog title="Mise à jour PDF" isOpen onClose={dismiss} isDismissable={!busy} wide>
      <div ref={content} className={ui.pdfFormFrame}>
        {step === 'confirming' ? (
          <div role="alert" className={css.form}>
            <p className={ui.question}>{STATISTIC_MESSAGES.confirmUpload}</p>
            <div className={dialogUi.dialogActions}>
              <button
                type="button"
                className={css.button.secondary}
                onClick={() => send({ type: 'pdf.cancel' })}
                data-step-focus="confirming"
              >
                Non
              </button>
              <button
                type="button"
                className={css.button.primary}
                onClick={() => send({ type: 'pdf.confirm' })}
              >
                Oui
              </button>
            </div>
          </div>
        ) : (
          <form
            className={css.form}
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'pdf.submit' });
              // A refused form: the focus goes to the first field to fix, as in the other forms.
              setTimeout(
                () => content.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
                0,
              );
            }}
          >
            <div className={ui.pdfSections}>
              <PdfSection kind="flight" context={context} busy={busy} send={send} />
              <PdfSection kind="airport" context={context} busy={busy} send={send} />
            </div>
            {state.hasTag('uploading') && (
              <div className={css.field}>
                <label className={css.label} htmlFor="pdf-progress">
                  Envoi en cours
                  {context.current
                    ? ` (${context.current.kind === 'flight' ? 'Facture Vol' : 'Facture Aéroport'})`
                    : ''}
                </label>
                <progress
                  id="pdf-progress"
                  className={ui.progress}
                  max={context.progress.total || 1}
                  value={context.progress.loaded}
                />
              </div>
            )}
            {context.error && (
              <p role="alert" className={css.formError}>
                {context.error}
              </p>
            )}
            <div className={dialogUi.dialogActions}>
              {busy ? (
                <button
                  type="button"
                  className={css.button.secondary}
                  onClick={() => send({ type: 'pdf.cancel' })}
                  disabled={step !== 'uploading'}
                  data-step-focus="uploading"
                >
                  Annuler l'envoi
                </button>
              ) : (
                <button
                  type="button"
                  className={css.button.secondary}
                  // Closed in the click itself, as Escape does: closed later from the machine's 'closed'
                  // state (an effect), the dialog went after the frame in which react-aria gives the focus
                  // back, the page still inert, and the focus stayed on <body> (e2e/overlays.spec.ts).
                  onClick={() => {
                    send({ type: 'pdf.close' });
                    onClose();
                  }}
                >
                  Annuler
                </button>
              )}
              <button type="submit" className={css.button.primary} disabled={busy} data-step-focus="editing">
                Enregistrer
              </button>
            </div>
          </form>
        )}
      </div>
    </ModalDialog>
  );
}

type Step = 'editing' | 'confirming' | 'uploading' | 'saving' | 'deleting' | 'ended';

function stepOf(state: { hasTag: (tag: never) => boolean }): Step {
  const has = (tag: string) => state.hasTag(tag as never);
  if (has('confirming')) return 'confirming';
  if (has('saving')) return 'saving';
  if (has('deleting')) return 'deleting';
  if (has('busy')) return 'uploading';
  if (has('editing')) return 'editing';
  return 'ended';
}

/** The focus may stay where it is: inside the dialog, on something that can still be used. */
function focusHolds(dialog: Element): boolean {
  const active = document.activeElement;
  return (
    active !== null &&
    active !== document.body &&
    dialog.contains(active) &&
    !active.matches(':disabled') &&
    active.closest('fieldset[disabled]') === null
  );
}

/**
 * Keeps the focus in the dialog from one step to the next. A step that removes or disables the focused
 * control ('Oui', 'Non', 'Supprimer le pdf/id' once done, 'Annuler l'envoi' while the record is saved)
 * would drop it on <body>, where Escape no longer reaches the dialog: it moves to the step's own control
 * instead (Non on the confirmation, 'Annuler l'envoi' during the upload, Enregistrer on the form; after a
 * delete, the file button of that section), or to the dialog's title.
 */
function useStepFocus(content: { current: HTMLDivElement | null }, step: Step, deleting: PdfKind | null) {
  const previous = useRef({ step, deleting });
  // A layout effect: it runs as the step's DOM is committed, before any animation frame. Preact runs a
  // plain effect after a frame, by which time react-aria's FocusScope may have moved a dropped focus to
  // another control of the dialog, which `focusHolds` would then keep.
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { step, deleting: deleting ?? before.deleting };
    // The opening focus is ModalDialog's; only a change of step moves it here.
    if (before.step === step) return;
    const dialog = content.current?.closest('[role="dialog"], [role="alertdialog"]');
    if (!dialog || focusHolds(dialog)) return;
    const usable = (selector: string) =>
      [...dialog.querySelectorAll<HTMLElement>(selector)].find(
        (el) => !el.matches(':disabled') && el.closest('fieldset[disabled]') === null,
      );
    const target =
      (before.step === 'deleting' && before.deleting
        ? usable(`[data-file-button="${before.deleting}"]`)
        : undefined) ??
      usable(`[data-step-focus="${step}"]`) ??
      dialog.querySelector<HTMLElement>('[data-dialog-title]');
    target?.focus();
  }, [content, step, deleting]);
}

function PdfSection({
  kind,
  context,
  busy,
  send,
}: {
  kind: PdfKind;
  context: PdfUploadContext;
  busy: boolean;
  send: ReturnType<typeof useMachine<typeof pdfUploadMachine>>[1];
}) {
  const errorId = useId();
  const title = kind === 'flight' ? 'Facture Vol' : 'Facture Aéroport';
  const fileField = kind === 'flight' ? 'flightFile' : 'airportFile';
  const idField = kind === 'flight' ? 'flightId' : 'airportId';
  const existingPdf = kind === 'flight' ? context.existing.flightPdf : context.existing.airportPdf;
  const existingId = kind === 'flight' ? context.existing.flightId : context.existing.airportId;
  const file = context.form[fileField];
  const fileError = context.errors[fileField];
  const off = kind === 'airport' && context.airportDisabled;
  const disabled = busy || off;
  const deletingThis = context.deleting === kind;
  const choose = (chosen: PdfFile | null) => send({ type: 'pdf.change', field: fileField, value: chosen });
  return (
    <fieldset className={ui.pdfSection} disabled={off}>
      <legend className={ui.legend}>{title}</legend>
      <p className={ui.existing}>
        Identifiant : {existingId ?? 'aucun'} · PDF : {existingPdf ? 'présent' : 'aucun'}
      </p>
      {off && <p className={ui.existing}>{STATISTIC_MESSAGES.airportDisabled}</p>}
      {(existingPdf || existingId !== null) && (
        // Pending rather than disabled while it runs: a disabled button would lose the focus.
        <Button
          className={`${css.button.secondary} ${ui.deleteButton}`}
          onPress={() => send({ type: 'pdf.delete', kind })}
          isPending={deletingThis}
          isDisabled={(busy && !deletingThis) || off}
          aria-label={`Supprimer le pdf/id (${title})`}
        >
          Supprimer le pdf/id
        </Button>
      )}
      <div className={css.field}>
        <DropZone
          className={ui.dropZone}
          isDisabled={disabled}
          aria-label={`Déposer le PDF (${title})`}
          onDrop={async (event) => {
            const dropped = event.items.find(isFileDropItem);
            if (dropped) choose(await dropped.getFile());
          }}
        >
          <span className={ui.dropHint}>Déposez le PDF ici ou</span>
          <FileTrigger
            acceptedFileTypes={['application/pdf']}
            onSelect={(files) => choose(files?.[0] ?? null)}
          >
            <Button
              className={`${css.button.secondary} ${ui.chooseButton}`}
              isDisabled={disabled}
              aria-describedby={fileError ? errorId : undefined}
              data-file-button={kind}
            >
              Sélectionner le fichier pdf
            </Button>
          </FileTrigger>
          {file && <span className={ui.fileName}>{file.name}</span>}
          {/* Said when a file is chosen or dropped (a live region must be there before its text). */}
          <span className={css.visuallyHidden} aria-live="polite">
            {file ? `Fichier choisi : ${file.name}` : ''}
          </span>
        </DropZone>
        {fileError && (
          <span id={errorId} className={css.fieldError}>
            {fileError}
          </span>
        )}
      </div>
      <TextInput
        label={kind === 'flight' ? 'Identifiant facture vol' : 'Identifiant facture aéroport'}
        name={idField}
        value={context.form[idField]}
        onChange={(value) => send({ type: 'pdf.change', field: idField, value })}
        error={context.errors[idField]}
        maxLength={100}
        isDisabled={disabled}
      />
    </fieldset>
  );
}
