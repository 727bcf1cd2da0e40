// 'Mise à jour PDF' of a statistics row: what the record holds (ids, PDFs, 'Supprimer le pdf/id'), the
// four fields, the confirmation, the upload with its progress and cancel. The dialog reads the upload
// machine only (machines/pdf-upload.machine.ts); this file provides its calls.
import type { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { FILE_MESSAGES } from '../../contract/files';
import type { DataResponse } from '../../contract/http';
import {
  type MediaPath,
  type PdfKind,
  STATISTIC_MESSAGES,
  STATISTIC_PATHS,
  type StatisticRow,
} from '../../contract/statistics';
import {
  type PdfFile,
  type PdfUploadContext,
  pdfUploadMachine,
  type SaveInput,
} from '../../machines/pdf-upload.machine';
import { apiCall } from '../lib/api';
import { useLiveMachine } from '../lib/live-actors';
import { ModalDialog, type RowDialogProps } from '../ui/dialog';
import * as dialogUi from '../ui/dialog.css';
import { TextInput } from '../ui/field';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
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
  const logic = useMemo(
    () =>
      pdfUploadMachine.provide({
        actors: {
          mediaPath: fromPromise(
            async ({ input }: { input: { id: string; kind: PdfKind; file: PdfFile } }) => {
              const answer = await apiCall<DataResponse<MediaPath>>(STATISTIC_PATHS.mediaPath, {
                query: { id: input.id, kind: input.kind, fileName: input.file.name, size: input.file.size },
              });
              return answer.data;
            },
          ),
          upload,
          save: fromPromise(async ({ input }: { input: SaveInput }) =>
            apiCall(STATISTIC_PATHS.updatePdf, { method: 'PUT', body: input }),
          ),
          remove: fromPromise(async ({ input }: { input: { id: string; kind: PdfKind } }) =>
            apiCall(STATISTIC_PATHS.deletePdfData(input.id, input.kind), { method: 'DELETE' }),
          ),
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
  const close = () => {
    if (busy) send({ type: 'pdf.cancel' });
    onClose();
  };
  const finished = state.hasTag('done') || state.hasTag('closed');
  useEffect(() => {
    if (finished) onClose();
  }, [finished, onClose]);
  const { context } = state;

  return (
    <ModalDialog title="Mise à jour PDF" isOpen onClose={close} isDismissable={!busy}>
      {state.hasTag('confirming') ? (
        <div role="alert" className={css.form}>
          <p className={ui.question}>{STATISTIC_MESSAGES.confirmUpload}</p>
          <div className={dialogUi.dialogActions}>
            <button
              type="button"
              className={css.button.secondary}
              onClick={() => send({ type: 'pdf.cancel' })}
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
          }}
        >
          <div className={ui.pdfSections}>
            <PdfSection kind="flight" context={context} disabled={busy} send={send} />
            <PdfSection
              kind="airport"
              context={context}
              disabled={busy || context.airportDisabled}
              send={send}
            />
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
                disabled={state.hasTag('saving') || state.hasTag('deleting')}
              >
                Annuler l'envoi
              </button>
            ) : (
              <button
                type="button"
                className={css.button.secondary}
                onClick={() => send({ type: 'pdf.close' })}
              >
                Annuler
              </button>
            )}
            <button type="submit" className={css.button.primary} disabled={busy}>
              Enregistrer
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

function PdfSection({
  kind,
  context,
  disabled,
  send,
}: {
  kind: PdfKind;
  context: PdfUploadContext;
  disabled: boolean;
  send: ReturnType<typeof useMachine<typeof pdfUploadMachine>>[1];
}) {
  const inputId = useId();
  const title = kind === 'flight' ? 'Facture Vol' : 'Facture Aéroport';
  const fileField = kind === 'flight' ? 'flightFile' : 'airportFile';
  const idField = kind === 'flight' ? 'flightId' : 'airportId';
  const existingPdf = kind === 'flight' ? context.existing.flightPdf : context.existing.airportPdf;
  const existingId = kind === 'flight' ? context.existing.flightId : context.existing.airportId;
  const file = context.form[fileField];
  const fileError = context.errors[fileField];
  return (
    <fieldset className={ui.pdfSection} disabled={disabled}>
      <legend className={ui.legend}>{title}</legend>
      <p className={ui.existing}>
        Identifiant : {existingId ?? 'aucun'} · PDF : {existingPdf ? 'présent' : 'aucun'}
      </p>
      {kind === 'airport' && context.airportDisabled && (
        <p className={ui.existing}>{STATISTIC_MESSAGES.airportDisabled}</p>
      )}
      {(existingPdf || existingId !== null) && (
        <button
          type="button"
          className={css.button.secondary}
          onClick={() => send({ type: 'pdf.delete', kind })}
          aria-label={`Supprimer le pdf/id (${title})`}
        >
          Supprimer le pdf/id
        </button>
      )}
      <div className={css.field}>
        <label className={ui.dropZone} htmlFor={inputId}>
          <span className={css.label}>{title}</span>
          <span>{file ? file.name : 'Sélectionner le fichier pdf'}</span>
          <input
            id={inputId}
            type="file"
            accept="application/pdf"
            className={ui.fileInput}
            aria-invalid={Boolean(fileError) || undefined}
            aria-describedby={fileError ? `${inputId}-error` : undefined}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              send({ type: 'pdf.change', field: fileField, value: chosen });
            }}
          />
        </label>
        {fileError && (
          <span id={`${inputId}-error`} className={css.fieldError}>
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
