// The protected layout: the side menu (a slide-in drawer on small screens) beside the page, and the
// user's own password change opened from it.
import { type ReactNode, useEffect, useState } from 'react';
import { ChangePasswordDialog } from '../auth';
import { useOpenIncidentsCount } from '../incidents';
import { useSession } from '../lib/session';
import { SyncButtons, useRecordsCount } from '../sync';
import { menuButton } from '../ui/menu-button.css';
import * as css from './layout.css';
import { SideMenu } from './side-menu';

export function AppLayout({ children, menuActions }: { children: ReactNode; menuActions?: ReactNode }) {
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const staff = Boolean(session.user) && session.user?.role !== 'HOSPITAL';
  const missionCounts = useRecordsCount(staff);
  const openIncidents = useOpenIncidentsCount(staff);
  const counts = missionCounts && { ...missionCounts, openIncidents: openIncidents ?? undefined };
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);
  if (!session.user) return null;
  return (
    <div className={css.shell}>
      <header className={css.topbar}>
        <button
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
          onClick={() => setDrawerOpen(false)}
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
      <main className={css.main}>{children}</main>
      {changingPassword && <ChangePasswordDialog onClose={() => setChangingPassword(false)} />}
    </div>
  );
}
