// The routes of requirements §2 with their access rules: the splash while the user loads, login for the signed
// out, the forced change before anything else, the dashboard for a role not allowed, 'Not Found' else.
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { canOpen, HOME, href, SCREENS, type ScreenName } from '../contract/routes';
import {
  ConfirmForgetPasswordScreen,
  ForcePasswordChangeScreen,
  ForgetPasswordScreen,
  LoginScreen,
} from './auth';
import { BillingScreen } from './billing';
import { FleetScreen } from './fleet';
import { IncidentDetailsScreen, IncidentListScreen } from './incidents';
import { InvoicesScreen } from './invoices';
import { AppLayout } from './layout';
import { useSession } from './lib/session';
import { MissionDetailsScreen, MissionListScreen } from './missions';
import { PilotsScreen } from './pilots';
import { PrcScreen } from './prc';
import { PRICE_SCREENS, PriceScreen } from './prices';
import { StatisticsScreen } from './statistics';
import { SyncJournalScreen } from './sync-journal';
import { Splash } from './ui/splash';
import { UsersScreen } from './users';

/** The screens inside the protected layout; features replace their placeholder as they land. */
const PROTECTED: Array<[ScreenName, ComponentType]> = [
  ['requestedMissions', () => <MissionListScreen key="requested" category="requested" />],
  ['inProgressMissions', () => <MissionListScreen key="inProgress" category="inProgress" />],
  ['completedMissions', () => <MissionListScreen key="completed" category="completed" />],
  ['cancelledMissions', () => <MissionListScreen key="canceled" category="canceled" />],
  ['closedMissions', () => <MissionListScreen key="closed" category="closed" />],
  ['missionDetails', MissionDetailsScreen],
  ['statistics', StatisticsScreen],
  ['prc', PrcScreen],
  ['pilots', PilotsScreen],
  ['aircraftFleet', FleetScreen],
  ['incidents', IncidentListScreen],
  ['incidentDetails', IncidentDetailsScreen],
  ['users', UsersScreen],
  ...PRICE_SCREENS.map(({ screen, table }): [ScreenName, ComponentType] => [
    screen,
    () => <PriceScreen key={table} table={table} />,
  ]),
  ['invoices', InvoicesScreen],
  ['billing', BillingScreen],
  ['syncJournal', SyncJournalScreen],
];

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
