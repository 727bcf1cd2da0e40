// The PDF upload machine: model-based coverage of every state and transition, replayed on a real actor
// whose calls the test settles step by step, then the rules a user meets (pairing, order of the calls,
// cancel, failures that record nothing).
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { STATISTIC_MESSAGES } from '../contract/statistics';
import { type PdfFile, type PdfUploadInput, pdfUploadMachine } from './pdf-upload.machine';
import { expectFullCoverage, flush, Outcomes, replay, walk } from './testing/model';

const PDF: PdfFile = { name: 'facture.pdf', size: 1000, type: 'application/pdf' };
const PNG: PdfFile = { name: 'scan.pdf', size: 1000, type: 'image/png' };
const http = (status: number, message: string) => ({ status, message });
const media = (kind: string) => ({
  url: `http://localhost:8787/api/files/${kind}`,
  path: `statistics/r/${kind}/u.pdf`,
  headers: { 'content-type': 'application/pdf' },
  expiresAt: '2026-03-02T10:05:00.000Z',
});
const INPUT: PdfUploadInput = {
  id: 'r',
  airportDisabled: false,
  existing: { flightPdf: true, flightId: 'FV-0', airportPdf: false, airportId: null },
};

function start(outcomes: Outcomes, input = INPUT, notes: string[] = []) {
  const logic = pdfUploadMachine.provide({
    actors: {
      ...outcomes.actors('mediaPath', 'save', 'remove'),
      upload: fromCallback(({ input }) => {
        notes.push(`put:${(input as { url: string }).url}`);
        return () => notes.push('abort');
      }),
    },
    actions: { notifySaved: () => notes.push('saved'), notifyDeleted: () => notes.push('deleted') },
  });
  return createActor(logic, { input }).start();
}

describe('PDF upload machine, model-based', () => {
  const events = [
    { type: 'pdf.change', field: 'flightFile', value: PDF },
    { type: 'pdf.change', field: 'flightFile', value: PNG },
    { type: 'pdf.change', field: 'flightId', value: ' FV-1 ' },
    { type: 'pdf.change', field: 'airportFile', value: PDF },
    { type: 'pdf.change', field: 'airportId', value: 'FA-1' },
    { type: 'pdf.submit' },
    { type: 'pdf.confirm' },
    { type: 'pdf.cancel' },
    { type: 'pdf.close' },
    { type: 'pdf.delete', kind: 'flight' },
    { type: 'pdf.delete', kind: 'airport' },
    { type: 'upload.progress', loaded: 500, total: 1000 },
    { type: 'upload.done' },
    { type: 'upload.failed', message: 'Le fichier doit être au format PDF' },
    { type: 'xstate.done.actor.mediaPath', output: media('flight') },
    { type: 'xstate.error.actor.mediaPath', error: http(404, STATISTIC_MESSAGES.notFound) },
    { type: 'xstate.done.actor.save', output: {} },
    { type: 'xstate.error.actor.save', error: http(415, STATISTIC_MESSAGES.notPdf) },
    { type: 'xstate.done.actor.remove', output: {} },
    { type: 'xstate.error.actor.remove', error: http(404, STATISTIC_MESSAGES.notFound) },
  ];
  type Ctx = {
    form: { flightFile: PdfFile | null; flightId: string; airportFile: PdfFile | null; airportId: string };
    queue: string[];
    existing: { flightPdf: boolean };
  };
  const summary = (c: Ctx) => [
    c.form.flightFile?.type ?? '-',
    c.form.flightId !== '',
    c.form.airportFile !== null,
    c.form.airportId !== '',
    c.queue.length,
    c.existing.flightPdf,
  ];
  const { paths, coverage } = walk(pdfUploadMachine, {
    events: events as never,
    input: INPUT,
    serializeState: (s) => JSON.stringify([s.value, summary(s.context as Ctx)]),
    limit: 5000,
  });

  it('visits every state and every transition', () => {
    expectFullCoverage(pdfUploadMachine, coverage, { states: 6, transitions: 15 });
  });

  it(`replays the ${paths.length} paths on a real actor`, async () => {
    for (const path of paths) {
      const outcomes = new Outcomes();
      const actor = start(outcomes);
      await replay(path, actor, outcomes, (expected) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value, path.description).toEqual(expected.value);
        expect(summary(snapshot.context as unknown as Ctx), path.description).toEqual(
          summary(expected.context as Ctx),
        );
      });
      actor.stop();
    }
  });
});

describe('PDF upload machine behaviour', () => {
  it('asks for the ids the pairing rules need, with Obligatoire', () => {
    const actor = start(new Outcomes());
    actor.send({ type: 'pdf.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      flightId: STATISTIC_MESSAGES.required,
      airportId: STATISTIC_MESSAGES.required,
    });
    actor.send({ type: 'pdf.change', field: 'airportFile', value: PDF });
    actor.send({ type: 'pdf.change', field: 'airportId', value: 'FA-9' });
    actor.send({ type: 'pdf.change', field: 'flightFile', value: PDF });
    actor.send({ type: 'pdf.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ flightId: STATISTIC_MESSAGES.required });
    actor.send({ type: 'pdf.change', field: 'airportFile', value: null });
    actor.send({ type: 'pdf.change', field: 'flightId', value: 'FV-9' });
    actor.send({ type: 'pdf.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ airportId: STATISTIC_MESSAGES.required });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
  });

  it('refuses a file that is not a PDF, and any airport field when the airport upload is disabled', () => {
    const actor = start(new Outcomes(), { ...INPUT, airportDisabled: true });
    actor.send({ type: 'pdf.change', field: 'flightFile', value: PNG });
    actor.send({ type: 'pdf.change', field: 'flightId', value: 'FV-1' });
    actor.send({ type: 'pdf.change', field: 'airportId', value: 'FA-1' });
    actor.send({ type: 'pdf.submit' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      flightFile: STATISTIC_MESSAGES.notPdf,
      airportFile: STATISTIC_MESSAGES.airportDisabled,
    });
  });

  it('confirms, then uploads each file to its own signed URL, then records paths and trimmed ids', async () => {
    const outcomes = new Outcomes();
    const notes: string[] = [];
    const actor = start(outcomes, INPUT, notes);
    actor.send({ type: 'pdf.change', field: 'flightFile', value: PDF });
    actor.send({ type: 'pdf.change', field: 'flightId', value: '  FV-1 ' });
    actor.send({ type: 'pdf.change', field: 'airportFile', value: PDF });
    actor.send({ type: 'pdf.change', field: 'airportId', value: 'FA-1' });
    actor.send({ type: 'pdf.submit' });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    actor.send({ type: 'pdf.cancel' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    actor.send({ type: 'pdf.submit' });
    actor.send({ type: 'pdf.confirm' });
    expect(outcomes.calls).toEqual([{ name: 'mediaPath', input: { id: 'r', kind: 'flight', file: PDF } }]);
    outcomes.settle({ type: 'xstate.done.actor.mediaPath', output: media('flight') } as never);
    await flush();
    expect(notes).toEqual(['put:http://localhost:8787/api/files/flight']);
    actor.send({ type: 'upload.progress', loaded: 400, total: 1000 });
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 400, total: 1000 });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    actor.send({ type: 'upload.done' });
    expect(outcomes.calls[1]).toEqual({ name: 'mediaPath', input: { id: 'r', kind: 'airport', file: PDF } });
    outcomes.settle({ type: 'xstate.done.actor.mediaPath', output: media('airport') } as never);
    await flush();
    actor.send({ type: 'upload.done' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(outcomes.calls[2]).toEqual({
      name: 'save',
      input: {
        id: 'r',
        flightPdfPath: 'statistics/r/flight/u.pdf',
        flightId: 'FV-1',
        airportPdfPath: 'statistics/r/airport/u.pdf',
        airportId: 'FA-1',
      },
    });
    outcomes.settle({ type: 'xstate.done.actor.save', output: {} } as never);
    await flush();
    expect(notes.at(-1)).toBe('saved');
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
  });

  /** Types a flight PDF and its number, submits, confirms, and lets the server sign the upload. */
  const uploadFlightPdf = async (actor: ReturnType<typeof start>, outcomes: Outcomes) => {
    actor.send({ type: 'pdf.change', field: 'flightFile', value: PDF });
    actor.send({ type: 'pdf.change', field: 'flightId', value: 'FV-1' });
    actor.send({ type: 'pdf.submit' });
    actor.send({ type: 'pdf.confirm' });
    outcomes.settle({ type: 'xstate.done.actor.mediaPath', output: media('flight') } as never);
    await flush();
  };

  it('cancels an upload under way: the PUT is aborted and nothing is recorded', async () => {
    const outcomes = new Outcomes();
    const notes: string[] = [];
    const actor = start(outcomes, INPUT, notes);
    await uploadFlightPdf(actor, outcomes);
    actor.send({ type: 'pdf.cancel' });
    expect(notes).toEqual(['put:http://localhost:8787/api/files/flight', 'abort']);
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(outcomes.calls.map((c) => c.name)).toEqual(['mediaPath']);
  });

  it('returns to the form with the server message when a step fails, keeping what was typed', async () => {
    const outcomes = new Outcomes();
    const actor = start(outcomes);
    await uploadFlightPdf(actor, outcomes);
    actor.send({ type: 'upload.done' });
    outcomes.settle({
      type: 'xstate.error.actor.save',
      error: http(415, STATISTIC_MESSAGES.notPdf),
    } as never);
    await flush();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(context.error).toBe(STATISTIC_MESSAGES.notPdf);
    expect(context.paths).toEqual({});
    expect(context.form).toMatchObject({ flightFile: PDF, flightId: 'FV-1' });
  });

  it('deletes an existing PDF and id, then shows them gone', async () => {
    const outcomes = new Outcomes();
    const notes: string[] = [];
    const actor = start(outcomes, INPUT, notes);
    actor.send({ type: 'pdf.delete', kind: 'airport' });
    expect(outcomes.calls).toEqual([]);
    actor.send({ type: 'pdf.delete', kind: 'flight' });
    expect(outcomes.calls).toEqual([{ name: 'remove', input: { id: 'r', kind: 'flight' } }]);
    outcomes.settle({ type: 'xstate.done.actor.remove', output: {} } as never);
    await flush();
    expect(notes).toEqual(['deleted']);
    expect(actor.getSnapshot().context.existing).toMatchObject({ flightPdf: false, flightId: null });
  });
});
