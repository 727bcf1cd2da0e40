// The routes of requirements §2 with their access rules: the splash while the user loads, login for the signed
// out, the forced change before anything else, the dashboard for a role not allowed, 'Not Found' else.
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { parse as parseRoute } from 'regexparam';
import { matchRoute, Redirect, Route, Switch } from 'wouter';
import { canOpen, HOME, href, SCREENS, type ScreenName } from '../contract/routes';
import { AccountScreen } from './account';
import {
  ConfirmForgetPasswordScreen,
  ForcePasswordChangeScreen,
  ForgetPasswordScreen,
  LoginScreen,
} from './auth';
import { BillingScreen } from './billing';
import { DashboardScreen } from './dashboard';
import { EnrolScreen, SecondFactorScreen } from './factors';
import { FleetScreen } from './fleet';
import { IncidentDetailsScreen, IncidentListScreen } from './incidents';
import { InvoicesScreen } from './invoices';
import { AppLayout, loadAppLayout } from './layout';
import { useSession } from './lib/session';
import { MissionDetailsScreen, MissionListScreen } from './missions';
import { PilotsScreen } from './pilots';
import { PrcScreen } from './prc';
import { PRICE_SCREENS, PriceScreen } from './prices';
import { StatisticsScreen } from './statistics';
import { SyncJournalScreen } from './sync-journal';
import { Splash } from './ui/splash';
import { UsersScreen } from './users';

/** What a screen's chunk offers to load ahead of its first render (web/lib/lazy-screen.ts). */
type Preloadable = { preload(): Promise<unknown> } | null;

/**
 * The screens inside the protected layout, each with what loads its chunk (null: in the layout's own);
 * features replace their placeholder as they land.
 */
const PROTECTED: Array<[ScreenName, ComponentType, Preloadable]> = [
  ['overview', DashboardScreen, DashboardScreen],
  ['requestedMissions', () => <MissionListScreen key="requested" category="requested" />, MissionListScreen],
  [
    'inProgressMissions',
    () => <MissionListScreen key="inProgress" category="inProgress" />,
    MissionListScreen,
  ],
  ['completedMissions', () => <MissionListScreen key="completed" category="completed" />, MissionListScreen],
  ['cancelledMissions', () => <MissionListScreen key="canceled" category="canceled" />, MissionListScreen],
  ['closedMissions', () => <MissionListScreen key="closed" category="closed" />, MissionListScreen],
  ['missionDetails', MissionDetailsScreen, MissionDetailsScreen],
  ['statistics', StatisticsScreen, StatisticsScreen],
  ['prc', PrcScreen, null],
  ['pilots', PilotsScreen, PilotsScreen],
  ['aircraftFleet', FleetScreen, FleetScreen],
  ['incidents', IncidentListScreen, IncidentListScreen],
  ['incidentDetails', IncidentDetailsScreen, IncidentDetailsScreen],
  ['users', UsersScreen, UsersScreen],
  ...PRICE_SCREENS.map(({ screen, table }): [ScreenName, ComponentType, Preloadable] => [
    screen,
    () => <PriceScreen key={table} table={table} />,
    PriceScreen,
  ]),
  ['invoices', InvoicesScreen, InvoicesScreen],
  ['billing', BillingScreen, BillingScreen],
  ['syncJournal', SyncJournalScreen, SyncJournalScreen],
  ['account', AccountScreen, AccountScreen],
];

/** The entry of the protected screen at `path` ('/' leads to the home screen), if there is one. */
function protectedAt(path: string) {
  const home = path === SCREENS.dashboard.path ? HOME : undefined;
  return PROTECTED.find(([name]) => name === home || matchRoute(parseRoute, SCREENS[name].path, path)[0]);
}

/** The name of the protected screen at `path`, if any (the page `preloadScreenAt` prepares). */
export const protectedScreenAt = (path: string): ScreenName | undefined => protectedAt(path)?.[0];

/**
 * Starts loading, beside the session's check, what the first page of a visitor who may be signed in
 * will show: the protected layout and the screen at `path`. Without it, each chunk would be asked for
 * only once the one before it had arrived (the user, then the layout, then the screen). It shows
 * nothing; a path of no protected screen loads nothing; a failed load is tried again on render.
 */
export function preloadScreenAt(path: string): void {
  const entry = protectedAt(path);
  if (!entry) return;
  void loadAppLayout().catch(() => {});
  void entry[2]?.preload().catch(() => {});
}

function Protected({ screen, children }: { screen: ScreenName; children: ReactNode }) {
  const session = useSession();
  if (session.mustChangePassword) return <Redirect to={href('forcePasswordChange')} replace />;
  if (!session.user) return <Redirect to={href('login')} replace />;
  if (!canOpen(screen, session.user.role)) return <Redirect to={href('dashboard')} replace />;
  return (
    <Suspense fallback={<Splash />}>
      <AppLayout>
        <Suspense fallback={<p role="status">Chargement…</p>}>{children}</Suspense>
      </AppLayout>
    </Suspense>
  );
}

/** Public screens are for the signed-out: a signed-in user goes to the dashboard. */
function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.mustChangePassword) return <Redirect to={href('forcePasswordChange')} replace />;
  if (session.signedIn) return <Redirect to={href('dashboard')} replace />;
  return <>{children}</>;
}

function ForcedChangeOnly() {
  const session = useSession();
  if (session.signedIn) return <Redirect to={href('dashboard')} replace />;
  if (!session.mustChangePassword) return <Redirect to={href('login')} replace />;
  return <ForcePasswordChangeScreen />;
}

export function AppRoutes() {
  const session = useSession();
  if (session.loading) return <Splash />;
  // The second step after the password, then (after a forced password change) the enrolment the role
  // requires: whatever the address, the session shows nothing else (decision 070).
  if (session.secondFactor)
    return (
      <Suspense fallback={<Splash />}>
        <SecondFactorScreen />
      </Suspense>
    );
  if (session.mustEnrol)
    return (
      <Suspense fallback={<Splash />}>
        <EnrolScreen />
      </Suspense>
    );
  return (
    <Suspense fallback={<Splash />}>
      <Switch>
        <Route path={SCREENS.login.path}>
          <PublicOnly>
            <LoginScreen />
          </PublicOnly>
        </Route>
        <Route path={SCREENS.forgetPassword.path}>
          <PublicOnly>
            <ForgetPasswordScreen />
          </PublicOnly>
        </Route>
        <Route path={SCREENS.confirmForgetPassword.path}>
          <PublicOnly>
            <ConfirmForgetPasswordScreen />
          </PublicOnly>
        </Route>
        <Route path={SCREENS.forcePasswordChange.path} component={ForcedChangeOnly} />
        <Route path={SCREENS.dashboard.path}>
          {session.mustChangePassword ? (
            <Redirect to={href('forcePasswordChange')} replace />
          ) : session.user ? (
            <Redirect to={href(HOME)} replace />
          ) : (
            <Redirect to={href('login')} replace />
          )}
        </Route>
        {PROTECTED.map(([screen, Screen]) => (
          <Route key={screen} path={SCREENS[screen].path}>
            <Protected screen={screen}>
              <Screen />
            </Protected>
          </Route>
        ))}
        <Route>Not Found</Route>
      </Switch>
    </Suspense>
  );
}
