// What the player needs beyond a machine's definition to show it on its real screen: the screen itself,
// within its own in-memory router, and the sample payloads and answers of samples.ts (so that paths pass
// the guards). A machine without a scenario is still listed with its states, events and paths (bare
// events), and stepped without a screen.
import { type ComponentType, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
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
import { EnrolScreen, SecondFactorScreen } from '../factors';
import { IncidentCard } from '../incidents';
import { AppLayout } from '../layout';
import { FlowOverrideContext } from '../lib/live-actors';
import { SessionProvider, useSession } from '../lib/session';
import { LiveFeed } from '../live';
import { MissionListScreen } from '../missions';
import { PdfDialog } from '../statistics';
import { Splash } from '../ui/splash';
import { UsersScreen } from '../users';
import type { PathOptions } from './engine';
import { PATH_OPTIONS, USER } from './samples';

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

/** An in-memory router starting at `path`: the screen's links and redirects never touch the page's URL. */
function MemoryRouter({ path, children }: { path: string; children: ReactNode }) {
  const location = useMemo(() => memoryLocation({ path }), [path]);
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
}

/**
 * The screen of a route, shown as the app's router shows it: while the (in-memory) location is its own.
 * Once the screen navigates elsewhere (the code accepted: to the sign-in page) it is unmounted, as in the
 * app, and the player says where it went; kept mounted on a location that is not its own, a screen would
 * act on it (the code screen without its e-mail goes back one page in the browser's own history, which
 * left the player).
 */
function At({ path, children }: { path: string; children: ReactNode }) {
  return (
    <MemoryRouter path={path}>
      <OnItsRoute route={path.split('?')[0]}>{children}</OnItsRoute>
    </MemoryRouter>
  );
}

function OnItsRoute({ route, children }: { route: string; children: ReactNode }) {
  const [location] = useLocation();
  if (location !== route)
    return <p role="status">L’écran mène à {location} : la suite se lit dans l’état de la machine.</p>;
  return children;
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

/**
 * The session flow: the real screen of each state (splash, sign-in, the second step, forced change, the
 * enrolment, the layout).
 */
function SessionScreens() {
  const session = useSession();
  if (session.loading) return <Splash />;
  if (session.secondFactor) return <SecondFactorScreen />;
  if (session.mustChangePassword) return <ForcePasswordChangeScreen />;
  if (session.mustEnrol) return <EnrolScreen />;
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
    <MemoryRouter path="/login">
      <SessionProvider actor={actor}>
        <SessionScreens />
      </SessionProvider>
    </MemoryRouter>
  );
}

const USER_ROW: UserRow = {
  id: 'u2',
  firstName: 'Marc',
  lastName: 'Lefèvre',
  email: 'operation@demo.test',
  phone: '0611223344',
  hospitals: [],
  role: 'OPERATION',
  forceChangePassword: false,
  version: 1,
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
  version: 1,
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
  lateCancellation: false,
  flightInvoiceNumber: 'FV-0',
  airportInvoiceNumber: null,
  disableAirportPdfUpload: false,
  version: 1,
};
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
  version: 1,
};

/** By machine id: the sample payloads and answers (samples.ts), the screen(s), a note beside the paths. */
export const SCENARIOS: Record<string, Scenario> = {
  liveFeed: {
    ...PATH_OPTIONS.liveFeed,
    screens: [{ label: 'Flux en direct (statut de connexion)', Screen: LiveFeed }],
    note: 'Le statut « Connexion perdue — reconnexion… » paraît après quatre secondes sans flux (horloge réelle).',
  },
  session: {
    ...PATH_OPTIONS.session,
    screens: [{ label: 'Connexion et session', Screen: SessionFlow }],
    note: 'refresh-retry : signedIn › session.unauthorized › refresh : succès (ou erreur : déconnexion).',
  },
  requestPassword: {
    ...PATH_OPTIONS.requestPassword,
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
    ...PATH_OPTIONS.forgotPassword,
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
    ...PATH_OPTIONS.pagedList,
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
    ...PATH_OPTIONS.pdfUpload,
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
    ...PATH_OPTIONS.incident,
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
