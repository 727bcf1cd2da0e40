// 'Mon compte' (issue 52): the second sign-in step (web/factors), and the signed-in user's open sessions (ASVS V3.3.4) on the shared table — browser,
// system, sign-in, last activity, shortened address, this session marked — each ended with 'Déconnecter',
// or all but this one with 'Déconnecter les autres sessions', after a confirmation. Ending this session is
// a sign-out, through the session machine as 'Déconnexion' does. A sign-in elsewhere shows at once.
import { Suspense, useState } from 'react';
import { ACCOUNT_MESSAGES, type SessionRow } from '../../contract/account';
import { FactorsSection } from '../factors';
import { useSession } from '../lib/session';
import { usePagedList } from '../lib/use-paged-list';
import { useLiveList } from '../live';
import { Badge } from '../ui/badge';
import { buttonColumn } from '../ui/button-column';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { type Column, DataTable } from '../ui/data-table';
import { subLine } from '../ui/data-table.css';
import { parisDateTime } from '../ui/format';
import { Page } from '../ui/page';
import * as theme from '../ui/theme.css';
import { toast } from '../ui/toast';
import * as css from './account.css';
import { accountApi } from './api';

const sessionName = (s: SessionRow) => `${s.browser} sur ${s.system}`;

const SESSIONS_LIVE = { entities: ['session'], always: true } as const;

type Ending = { which: 'one'; session: SessionRow } | { which: 'others' };

export function AccountScreen() {
  const session = useSession();
  const list = usePagedList<SessionRow>(accountApi.sessionsPath, accountApi.pageSize);
  // A sign-in elsewhere, a session ended from another tab: the user's own session events (the feed
  // sends a session's events to its user only) read the short list again.
  useLiveList(list, SESSIONS_LIVE);
  const [ending, setEnding] = useState<Ending | null>(null);
  const close = () => setEnding(null);
  const others = list.rows.some((s) => !s.current) || list.pageCount > 1;
  const columns: Column<SessionRow>[] = [
    {
      id: 'browser',
      header: 'Navigateur',
      cell: (s) => (
        <>
          {s.browser}
          {s.current && (
            <span className={subLine}>
              <Badge label="Cette session" color="green" />
            </span>
          )}
        </>
      ),
      text: (s) => s.browser,
    },
    { id: 'system', header: 'Système', cell: (s) => s.system, oneLine: true },
    { id: 'createdAt', header: 'Connexion', cell: (s) => parisDateTime(s.createdAt), oneLine: true },
    {
      id: 'lastSeenAt',
      header: 'Dernière activité',
      cell: (s) => parisDateTime(s.lastSeenAt),
      oneLine: true,
    },
    { id: 'address', header: 'Adresse', cell: (s) => s.address ?? '-', oneLine: true },
    buttonColumn<SessionRow>({
      id: 'actions',
      header: 'Action',
      className: theme.button.secondary,
      label: (s) => (s.current ? 'Déconnecter cette session' : `Déconnecter la session ${sessionName(s)}`),
      onClick: (s) => setEnding({ which: 'one', session: s }),
      children: 'Déconnecter',
    }),
  ];
  const user = session.user;
  return (
    <Page title="MON COMPTE">
      {user && (
        <p className={css.legend}>
          {user.firstName} {user.lastName} · {user.email}
        </p>
      )}
      <Suspense fallback={<p role="status">Chargement…</p>}>
        <FactorsSection headingClass={css.heading} legendClass={css.legend} />
      </Suspense>
      <h2 className={css.heading}>Sessions ouvertes</h2>
      <p className={css.legend}>
        Les navigateurs où votre compte est connecté. Déconnectez ceux que vous ne reconnaissez pas : la
        session s’arrête à son prochain appel. L’adresse est raccourcie.
      </p>
      <div className={css.toolbar}>
        <button
          type="button"
          className={theme.button.secondary}
          disabled={!others}
          onClick={() => setEnding({ which: 'others' })}
        >
          Déconnecter les autres sessions
        </button>
      </div>
      <DataTable label="Sessions ouvertes" columns={columns} list={list} emptyText="Aucune session ouverte" />
      {ending?.which === 'one' && (
        <ConfirmDialog
          title={ending.session.current ? 'DÉCONNECTER CETTE SESSION' : 'DÉCONNECTER UNE SESSION'}
          text={
            ending.session.current
              ? 'Vous serez déconnecté(e) de ce navigateur. Continuer ?'
              : `Déconnecter la session ${sessionName(ending.session)} ouverte le ${parisDateTime(ending.session.createdAt)} ?`
          }
          confirmLabel="Déconnecter"
          onClose={close}
          onConfirm={async () => {
            if (ending.session.current) {
              // The sign-out of the menu: the session machine ends the session and leaves for /login.
              session.send({ type: 'session.logout' });
              return;
            }
            await accountApi.endSession(ending.session.id);
            toast.success(ACCOUNT_MESSAGES.sessionEnded);
            close();
            list.reload();
          }}
        />
      )}
      {ending?.which === 'others' && (
        <ConfirmDialog
          title="DÉCONNECTER LES AUTRES SESSIONS"
          text="Toutes vos sessions sauf celle-ci seront déconnectées. Continuer ?"
          confirmLabel="Déconnecter"
          onClose={close}
          onConfirm={async () => {
            const ended = await accountApi.endOtherSessions();
            toast.success(ACCOUNT_MESSAGES.otherSessionsEnded(ended));
            close();
            list.reload();
          }}
        />
      )}
    </Page>
  );
}
