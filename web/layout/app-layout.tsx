// The protected layout: the side menu (a slide-in drawer on small screens) beside the page, and the
// user's own password change opened from it.
import { type ReactNode, useEffect, useState } from 'react';
import type { DataResponse } from '../../contract/http';
import { MISSION_PATHS, type RecordsCount } from '../../contract/missions';
import { ChangePasswordDialog } from '../auth/change-password-dialog';
import { useSession } from '../auth/session';
import { apiCall } from '../lib/api';
import { missionsChanged } from '../lib/missions-events';
import * as css from './layout.css';
import { SideMenu } from './side-menu';
import { SyncButtons } from './sync-buttons';

/** The menu counts, for staff only (hidden for HOSPITAL), refreshed whenever missions change. */
function useRecordsCount(enabled: boolean): RecordsCount | null {
  const [counts, setCounts] = useState<RecordsCount | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const load = () =>
      apiCall<DataResponse<RecordsCount>>(MISSION_PATHS.recordsCount)
        .then((answer) => setCounts(answer.data))
        .catch(() => setCounts(null));
    load();
    return missionsChanged.subscribe(load);
  }, [enabled]);
  return counts;
}

export function AppLayout({ children, menuActions }: { children: ReactNode; menuActions?: ReactNode }) {
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const counts = useRecordsCount(Boolean(session.user) && session.user?.role !== 'HOSPITAL');
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
          className={css.menuButton}
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
