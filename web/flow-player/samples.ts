// The sample payloads and scripted answers the flow player walks each machine's graph with (so that paths
// pass the guards), by machine id. Kept apart from the screens (scenarios.tsx) and free of React, so that
// the browser test computes the very paths the player lists (e2e/flow-player.spec.ts).
import type { Me } from '../../contract/auth';
import { type PathOptions, serverError, TIMEOUT } from './engine';

export const USER: Me = {
  id: 'u1',
  firstName: 'Claire',
  lastName: 'Dubois',
  email: 'admin@demo.test',
  phone: '0600000000',
  role: 'ADMIN',
  hospitals: [],
  forceChangePassword: false,
  secondFactor: null,
};
const FLAGGED: Me = { ...USER, forceChangePassword: true };
const VERIFYING: Me = { ...USER, secondFactor: 'verify' };
const ENROLLING: Me = { ...USER, secondFactor: 'enrol' };

const PDF = { name: 'facture.pdf', size: 1000, type: 'application/pdf' };
const PNG = { name: 'scan.png', size: 1000, type: 'image/png' };

/** By machine id. */
export const PATH_OPTIONS: Record<string, PathOptions> = {
  liveFeed: {
    events: {
      'feed.opened': [{ type: 'feed.opened', id: '41' }],
      'feed.received': [{ type: 'feed.received', id: '42' }],
      'feed.failed': [{ type: 'feed.failed' }, { type: 'feed.failed', retryAfterMs: 10_000 }],
      'feed.ended': [{ type: 'feed.ended', reason: 'expired' }],
    },
    limit: 500,
  },
  session: {
    outputs: Object.fromEntries(
      ['fetchMe', 'login', 'forceChangePassword', 'verifySecondFactor', 'refresh'].map((id) => [
        id,
        [USER, FLAGGED, VERIFYING, ENROLLING],
      ]),
    ),
    errors: Object.fromEntries(
      ['fetchMe', 'login', 'forceChangePassword', 'verifySecondFactor', 'refresh'].map((id) => [
        id,
        [serverError('Session expirée', 401), serverError('Identifiants incorrects', 400), TIMEOUT],
      ]),
    ),
    events: {
      'login.submit': [{ type: 'login.submit', email: 'admin@demo.test', password: 'Demo-2026!' }],
      'password.submit': [{ type: 'password.submit', newPassword: 'Nouveau-2026!' }],
      'user.updated': [
        { type: 'user.updated', user: USER },
        { type: 'user.updated', user: FLAGGED },
      ],
      'factor.submit': [{ type: 'factor.submit', code: '123456' }],
      'user.arrived': [
        { type: 'user.arrived', user: USER },
        { type: 'user.arrived', user: FLAGGED },
        { type: 'user.arrived', user: VERIFYING },
        { type: 'user.arrived', user: ENROLLING },
      ],
    },
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        (s.context as { user: Me | null }).user?.forceChangePassword ?? null,
        (s.context as { user: Me | null }).user?.secondFactor ?? null,
      ]),
    limit: 1500,
  },
  requestPassword: {
    events: { 'password.request': [{ type: 'password.request', email: 'accounting@demo.test' }] },
    outputs: { request: ['Un code vous a été envoyé'] },
  },
  forgotPassword: {
    // The graph is computed on a 2-second countdown; the screen runs the real 60 s, and a timer step
    // runs the simulated clock until the state the path says (the whole minute at once).
    input: { email: 'accounting@demo.test', secondsLeft: 2, countdown: 2 },
    serializeState: (s) => JSON.stringify([s.value, (s.context as { secondsLeft: number }).secondsLeft]),
    events: { 'password.reset': [{ type: 'password.reset', otp: '123456', password: 'Compta-2027!' }] },
    errors: {
      resend: [serverError('Veuillez patienter avant de renvoyer un code', 429), TIMEOUT],
      reset: [serverError('Code invalide ou expiré', 400), TIMEOUT],
    },
    limit: 500,
  },
  pagedList: {
    input: { pageSize: 20 },
    events: {
      'search.change': [{ type: 'search.change', value: 'LYON' }],
      'filters.change': [{ type: 'filters.change', filters: { status: 'requested' } }],
      'page.go': [{ type: 'page.go', pageNumber: 2 }],
    },
    outputs: {
      fetchPage: [
        { rows: [{ id: 'm1' }], pageCount: 2 },
        { rows: [], pageCount: 0 },
      ],
    },
    errors: { fetchPage: [serverError('Erreur serveur', 500), TIMEOUT] },
    serializeState: (s) => {
      const c = s.context as { pageNumber: number; pageCount: number; search: string };
      return JSON.stringify([s.value, c.pageNumber, c.pageCount, c.search]);
    },
    limit: 500,
  },
  pdfUpload: {
    input: {
      id: 'r',
      airportDisabled: false,
      existing: { flightPdf: true, flightId: 'FV-0', airportPdf: false, airportId: null },
    },
    events: {
      'pdf.change': [
        { type: 'pdf.change', field: 'flightFile', value: PDF },
        { type: 'pdf.change', field: 'flightFile', value: PNG },
        { type: 'pdf.change', field: 'flightId', value: ' FV-1 ' },
        { type: 'pdf.change', field: 'airportFile', value: PDF },
        { type: 'pdf.change', field: 'airportId', value: 'FA-1' },
      ],
      'pdf.delete': [
        { type: 'pdf.delete', kind: 'flight' },
        { type: 'pdf.delete', kind: 'airport' },
      ],
      'upload.progress': [{ type: 'upload.progress', loaded: 500, total: 1000 }],
      'upload.failed': [{ type: 'upload.failed', message: 'Le fichier doit être au format PDF' }],
    },
    outputs: {
      mediaPath: [
        {
          url: 'http://127.0.0.1/put',
          path: 'statistics/r/flight.pdf',
          headers: {},
          expiresAt: '2030-01-01',
        },
      ],
      save: [{}],
      remove: [{}],
    },
    serializeState: (s) => {
      // As machines/pdf-upload.machine.test.ts summarises the context.
      const c = s.context as {
        form: {
          flightFile: { type: string } | null;
          flightId: string;
          airportFile: unknown;
          airportId: string;
        };
        queue: unknown[];
        existing: { flightPdf: boolean };
      };
      const f = c.form;
      const summary = [
        f.flightFile?.type ?? '-',
        f.flightId !== '',
        f.airportFile !== null,
        f.airportId !== '',
      ];
      return JSON.stringify([s.value, summary, c.queue.length, c.existing.flightPdf]);
    },
    errors: {
      mediaPath: [serverError('Statistique introuvable', 404), TIMEOUT],
      save: [serverError('Le fichier doit être au format PDF', 415)],
      remove: [serverError('Statistique introuvable', 404)],
    },
    limit: 5000,
  },
  incident: {
    input: { id: 'i1', response: null, status: 'OPEN' },
    events: {
      'action.edit': [
        { type: 'action.edit', value: '  ' },
        { type: 'action.edit', value: 'Revoir la check-list' },
      ],
    },
    outputs: { save: [{ response: 'Revoir la check-list' }], validate: [{}] },
    errors: {
      save: [serverError('Cet incident est clos', 409), TIMEOUT],
      validate: [serverError('Cet incident est clos', 409), TIMEOUT],
    },
    serializeState: (s) => {
      const c = s.context as { draft: string; response: string | null; fieldError: unknown; error: unknown };
      return JSON.stringify([s.value, c.draft, c.response, c.fieldError, Boolean(c.error)]);
    },
    limit: 2000,
  },
};
