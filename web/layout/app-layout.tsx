// The protected layout: the side menu (a slide-in drawer on small screens) beside the page, and the
// user's own password change opened from it.
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { ChangePasswordDialog } from '../auth';
import { useBillingCount } from '../billing';
import { useOpenIncidentsCount } from '../incidents';
import { useSession } from '../lib/session';
import { liveFeedEnabled } from '../live';
import { SyncButtons, useRecordsCount } from '../sync';
import { menuButton } from '../ui/menu-button.css';
import * as css from './layout.css';
import { menuTitleOf } from './menu';
import { SideMenu } from './side-menu';

const APP_NAME = "Transports d'organes";

/** The change feed and its status, loaded after the layout (its own chunk, docs/decisions/059). */
const LiveFeed = lazy(() => import('../live').then((live) => ({ default: live.LiveFeed })));

/** What a user does to act in a page: a press, a key. */
const USER_ACTS = ['pointerdown', 'keydown'] as const;

/**
 * On every route change: the document title names the screen (its menu entry, else its heading), and the
 * focus moves to the page's heading, so that a keyboard user starts at the page, not at <body>; unless the
 * user has already pressed or typed something in the new page by the time its heading is found (a late
 * chunk, a busy machine): the focus then stays where the user put it.
 */
function useRouteFocus() {
  const [path] = useLocation();
  useEffect(() => {
    let acted = false;
    const onAct = () => {
      acted = true;
    };
    for (const type of USER_ACTS) document.addEventListener(type, onAct, true);
    // The screen may arrive a little later (a lazily loaded chunk): look for its heading for 3 s.
    let tries = 0;
    const timer = setInterval(() => {
      const heading = document.getElementById('page-title');
      if (!heading && ++tries < 60) return;
      stop();
      const title = menuTitleOf(path) ?? heading?.textContent?.trim();
      document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
      if (!acted) heading?.focus();
    }, 50);
    function stop() {
      clearInterval(timer);
      for (const type of USER_ACTS) document.removeEventListener(type, onAct, true);
    }
    return stop;
  }, [path]);
}

/** The focusable entries of the open drawer, in order. */
const drawerItems = () => [
  ...(document
    .getElementById('side-menu')
    ?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []),
];

export function AppLayout({ children, menuActions }: { children: ReactNode; menuActions?: ReactNode }) {
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const staff = Boolean(session.user) && session.user?.role !== 'HOSPITAL';
  const missionCounts = useRecordsCount(staff);
  const openIncidents = useOpenIncidentsCount(staff);
  const accountant = session.user?.role === 'ADMIN' || session.user?.role === 'ACCOUNTING';
  const billingProblems = useBillingCount(accountant);
  const counts = missionCounts && {
    ...missionCounts,
    openIncidents: openIncidents ?? undefined,
    billingProblems: billingProblems ?? undefined,
  };
  const menuToggle = useRef<HTMLButtonElement>(null);
  useRouteFocus();
  const closeDrawer = () => {
    setDrawerOpen(false);
    menuToggle.current?.focus();
  };
  useEffect(() => {
    if (!drawerOpen) return;
    // The open drawer holds the focus: it starts on its first entry, Tab cycles through its entries, and
    // Escape closes it and gives the focus back to the Menu button.
    drawerItems()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        menuToggle.current?.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = drawerItems();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey
        ? at <= 0
          ? items.length - 1
          : at - 1
        : at === items.length - 1
          ? 0
          : at + 1;
      event.preventDefault();
      items[at < 0 ? 0 : next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);
  if (!session.user) return null;
  // The react-aria components of the signed-in screens speak French (the public screens use none).
  return (
    <I18nProvider locale="fr-FR">
      <div className={css.shell}>
        <a href="#contenu" className={css.skipLink}>
          Aller au contenu
        </a>
        <header className={css.topbar}>
          <button
            ref={menuToggle}
            type="button"
            className={menuButton}
            aria-expanded={drawerOpen}
            aria-controls="side-menu"
            onClick={() => setDrawerOpen(!drawerOpen)}
          >
            Menu
          </button>
          <span>Transports d'organes</span>
        </header>
        {drawerOpen && (
          <div
            className={css.backdrop}
            data-testid="drawer-backdrop"
            aria-hidden="true"
            onClick={closeDrawer}
          />
        )}
        <SideMenu
          role={session.user.role}
          counts={counts}
          actions={menuActions ?? (session.user.role === 'HOSPITAL' ? null : <SyncButtons />)}
          open={drawerOpen}
          onNavigate={() => setDrawerOpen(false)}
          onChangePassword={() => {
            setDrawerOpen(false);
            setChangingPassword(true);
          }}
          onLogout={() => session.send({ type: 'session.logout' })}
        />
        <main id="contenu" tabIndex={-1} className={css.main}>
          {children}
        </main>
        {liveFeedEnabled() && (
          <Suspense fallback={null}>
            <LiveFeed />
          </Suspense>
        )}
        {changingPassword && (
          <Suspense fallback={null}>
            <ChangePasswordDialog onClose={() => setChangingPassword(false)} />
          </Suspense>
        )}
      </div>
    </I18nProvider>
  );
}
