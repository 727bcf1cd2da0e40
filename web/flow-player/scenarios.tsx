// What the player needs beyond a machine's definition to show it on its real screen: sample payloads and
// answers (so that paths pass the guards), and the screen itself. A machine without a scenario is still
// listed with its states, events and paths (bare events), and stepped without a screen.
import { type ComponentType, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import type { Me } from '../../contract/auth';
import type { MissionRow } from '../../contract/missions';
import type { StatisticRow } from '../../contract/statistics';
import type { UserRow } from '../../contract/users';
import { sessionMachine } from '../../machines/session.machine';
import {
  ConfirmForgetPasswordScreen,
  ForcePasswordChangeScreen,
  ForgetPasswordScreen,
  LoginScreen,
} from '../auth';
import { IncidentCard } from '../incidents';
import { AppLayout } from '../layout';
import { FlowOverrideContext } from '../lib/live-actors';
import { SessionProvider, useSession } from '../lib/session';
import { MissionListScreen } from '../missions';
import { PdfDialog } from '../statistics';
import { Splash } from '../ui/splash';
import { UsersScreen } from '../users';
import { type PathOptions, serverError, TIMEOUT } from './engine';

export interface FlowScreen {
  label: string;
  Screen: ComponentType;
  /** Rewrites a scripted answer for this screen (rows of the shape its table shows). */
  output?: (actorId: string, output: unknown) => unknown;
}

export interface Scenario extends PathOptions {
  screens: FlowScreen[];
  /** Said beside the paths (how timers are shown, what the screen stands for). */
  note?: string;
}

export const USER: Me = {
  id: 'u1',
  firstName: 'Claire',
  lastName: 'Dubois',
  email: 'admin@demo.test',
  phone: '0600000000',
  role: 'ADMIN',
  hospitals: null,
  forceChangePassword: false,
};
const FLAGGED: Me = { ...USER, forceChangePassword: true };

/** A screen inside its own in-memory router: its links and redirects never leave the player. */
function At({ path, children }: { path: string; children: ReactNode }) {
  const location = useMemo(() => memoryLocation({ path }), [path]);
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
}

/** A signed-in ADMIN for the screens that need one (answered at once, no call). */
function SignedIn({ children }: { children: ReactNode }) {
  const actor = useMemo(
    () =>
      createActor(
        sessionMachine.provide({
          actors: { fetchMe: fromPromise(async () => USER), refresh: fromPromise(async () => USER) },
        }),
      ),
    [],
  );
  return <SessionProvider actor={actor}>{children}</SessionProvider>;
}

/** The session flow: the real screen of each state (splash, sign-in, forced change, the layout). */
function SessionScreens() {
  const session = useSession();
  if (session.loading) return <Splash />;
  if (session.mustChangePassword) return <ForcePasswordChangeScreen />;
  if (session.signedIn)
    return (
      <AppLayout>
        <p>
          Session ouverte : {session.user?.firstName} {session.user?.lastName}
        </p>
      </AppLayout>
    );
  return <LoginScreen />;
}

function SessionFlow() {
  const override = useContext(FlowOverrideContext);
  const actor = useMemo(
    () =>
      createActor(override ? override.provide(sessionMachine) : sessionMachine, {
        systemId: 'session',
        ...(override?.clock ? { clock: override.clock } : {}),
      }) as ReturnType<typeof createActor<typeof sessionMachine>>,
    [override],
  );
  useEffect(() => {
    override?.register(actor);
  }, [override, actor]);
  return (
    <At path="/login">
      <SessionProvider actor={actor}>
        <SessionScreens />
      </SessionProvider>
    </At>
  );
}

const USER_ROW: UserRow = {
  id: 'u2',
  firstName: 'Marc',
  lastName: 'Lefèvre',
  email: 'operation@demo.test',
  phone: '0611223344',
  hospitals: null,
  role: 'OPERATION',
  forceChangePassword: false,
};
const MISSION_ROW: MissionRow = {
  id: 'm1',
  tripNumber: 'T-1001',
  status: 'REQUESTED' as MissionRow['status'],
  aircraftType: 'JET' as MissionRow['aircraftType'],
  buyerName: 'CHU de Bordeaux',
  numberOfCristal: 1,
  organType: [],
  legs: [{ adepIcao: 'LFBD', adepName: 'Bordeaux', adesIcao: 'LFLL', adesName: 'Lyon' }],
  departureDateTime: '2026-11-23T10:00:00.000Z',
  numberOfMeals: 2,
  isWithIcing: false,
  isWithOCS: false,
  airportDeIcing: [],
  hasTransportVoucher: false,
};
const rowsOf = (row: unknown) => (_id: string, output: unknown) => {
  const page = output as { rows: unknown[]; pageCount: number } | undefined;
  return page ? { ...page, rows: page.rows.map((_, i) => ({ ...(row as object), id: `${i + 1}` })) } : output;
};

const STATISTIC_ROW: StatisticRow = {
  id: 'r',
  numberOfMission: 'T-1001',
  hospitalName: 'CHU de Bordeaux',
  dateOfRealization: ['2026-11-20'],
  departures: ['LFBD'],
  arrivals: ['LFLL'],
  aircraftType: 'JET',
  organType: [],
  flightTime: { ok: true, value: 90 },
  costOfFlightTime: { ok: true, value: 1000 },
  costOfRegulation: { ok: true, value: 100 },
  costOfMeal: { ok: true, value: 20 },
  totalCost: { ok: true, value: 1120 },
  flightInvoicePdf: true,
  airportCosts: [],
  totalAirportCosts: { ok: true, value: 0 },
  airportInvoicePdf: false,
  flightInvoiceNumber: 'FV-0',
  airportInvoiceNumber: null,
  disableAirportPdfUpload: false,
};
const PDF = { name: 'facture.pdf', size: 1000, type: 'application/pdf' };
const PNG = { name: 'scan.png', size: 1000, type: 'image/png' };
const noop = () => {};

const INCIDENT = {
  id: 'i1',
  missionId: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  tripNumber: 'T-1001',
  incidentCategory: 'Sécurité',
  title: 'Porte cargo mal verrouillée',
  description: 'Voyant allumé au roulage.',
  cause: 'Verrou grippé',
  response: null,
  status: 'OPEN' as const,
  filesUrls: [],
};

/** By machine id. */
export const SCENARIOS: Record<string, Scenario> = {
  session: {
    outputs: Object.fromEntries(
      ['fetchMe', 'login', 'forceChangePassword', 'refresh'].map((id) => [id, [USER, FLAGGED]]),
    ),
    errors: Object.fromEntries(
      ['fetchMe', 'login', 'forceChangePassword', 'refresh'].map((id) => [
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
    },
    serializeState: (s) =>
      JSON.stringify([s.value, (s.context as { user: Me | null }).user?.forceChangePassword ?? null]),
    limit: 500,
    screens: [{ label: 'Connexion et session', Screen: SessionFlow }],
    note: 'refresh-retry : signedIn → session.unauthorized → refresh : succès (ou erreur : déconnexion).',
  },
  requestPassword: {
    events: { 'password.request': [{ type: 'password.request', email: 'accounting@demo.test' }] },
    outputs: { request: ['Un code vous a été envoyé'] },
    screens: [
      {
        label: 'Mot de passe oublié',
        Screen: () => (
          <At path="/forget-password">
            <ForgetPasswordScreen />
          </At>
        ),
      },
    ],
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
    screens: [
      {
        label: 'Code de vérification',
        Screen: () => (
          <At path="/confirm-forget-password?email=accounting@demo.test">
            <ConfirmForgetPasswordScreen />
          </At>
        ),
      },
    ],
    note: 'Le compte à rebours de 60 s est simulé : une étape « minuterie » avance l’horloge jusqu’à l’état attendu.',
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
    screens: [
      {
        label: 'Utilisateurs',
        Screen: () => (
          <SignedIn>
            <At path="/users">
              <UsersScreen />
            </At>
          </SignedIn>
        ),
        output: rowsOf(USER_ROW),
      },
      {
        label: 'Missions demandées',
        Screen: () => (
          <SignedIn>
            <At path="/missions/requested">
              <MissionListScreen category="requested" />
            </At>
          </SignedIn>
        ),
        output: rowsOf(MISSION_ROW),
      },
    ],
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
    screens: [
      {
        label: 'Mise à jour PDF',
        Screen: () => (
          <SignedIn>
            <PdfDialog row={STATISTIC_ROW} onClose={noop} onDone={noop} />
          </SignedIn>
        ),
      },
    ],
    note: 'Le dépôt du fichier (PUT) est simulé : upload.progress / upload.done / upload.failed sont des étapes.',
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
    screens: [
      {
        label: 'Suivi d’un incident',
        Screen: () => (
          <SignedIn>
            <IncidentCard record={INCIDENT} staff />
          </SignedIn>
        ),
      },
    ],
  },
};
