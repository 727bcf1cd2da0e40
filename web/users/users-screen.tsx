// 'UTILISATEURS' (requirements §2, ADMIN only): search, add, export, the paged table, edit and delete.
import { Suspense, useState } from 'react';
import { ROLE_LABELS } from '../../contract/roles';
import {
  joinHospitals,
  USER_MESSAGES,
  USER_PATHS,
  USERS_PAGE_SIZE,
  type UserRow,
} from '../../contract/users';
import { ResetFactorsDialog } from '../factors';
import { HistoryButton } from '../history';
import { useSession } from '../lib/session';
import { usePagedList } from '../lib/use-paged-list';
import { useLiveList } from '../live';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { type Column, DataTable } from '../ui/data-table';
import { KeyIcon } from '../ui/icons';
import { Page } from '../ui/page';
import { RowActions } from '../ui/row-actions';
import { SearchToolbar } from '../ui/search-toolbar';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { useToastedCall } from '../ui/use-toasted-call';
import { deleteUser, exportUsersXlsx } from './api';
import { UserFormDialog } from './user-form-dialog';

type Editing =
  | { mode: 'add' }
  | { mode: 'edit'; user: UserRow }
  | { mode: 'delete'; user: UserRow }
  | { mode: 'resetFactors'; user: UserRow }
  | null;

const USERS_LIVE = { entities: ['user'], always: true } as const;

export function UsersScreen() {
  const me = useSession().user;
  const list = usePagedList<UserRow>(USER_PATHS.all, USERS_PAGE_SIZE);
  useLiveList(list, USERS_LIVE);
  const [editing, setEditing] = useState<Editing>(null);
  const exporting = useToastedCall();
  const close = () => setEditing(null);
  const saved = () => {
    setEditing(null);
    list.reload();
  };
  const columns: Column<UserRow>[] = [
    { id: 'firstName', header: 'Prénom', cell: (user) => user.firstName },
    { id: 'lastName', header: 'Nom', cell: (user) => user.lastName },
    { id: 'email', header: 'E-mail', cell: (user) => user.email },
    // A HOSPITAL user's hospitals, joined as in users.xlsx (decision 024); '-' for staff.
    { id: 'hospitals', header: 'Hôpital', cell: (user) => joinHospitals(user.hospitals) || '-' },
    { id: 'role', header: 'Rôle', cell: (user) => ROLE_LABELS[user.role] },
    {
      id: 'actions',
      header: 'Actions',
      cell: (user) => (
        <div style={{ display: 'flex', gap: 4 }}>
          <RowActions
            name={`${user.firstName} ${user.lastName}`}
            onEdit={() => setEditing({ mode: 'edit', user })}
            onDelete={() => setEditing({ mode: 'delete', user })}
          />
          <HistoryButton entity="user" id={user.id} name={`${user.firstName} ${user.lastName}`} compact />
          {user.id !== me?.id && (
            <button
              type="button"
              className={css.button.ghost}
              aria-label={`Réinitialiser la seconde étape de ${user.firstName} ${user.lastName}`}
              title="Réinitialiser la seconde étape de connexion"
              onClick={() => setEditing({ mode: 'resetFactors', user })}
            >
              <KeyIcon />
            </button>
          )}
        </div>
      ),
    },
  ];
  const exportXlsx = () => exporting.run(() => exportUsersXlsx());

  return (
    <Page title="UTILISATEURS">
      <SearchToolbar
        id="users-search"
        label="Rechercher un utilisateur"
        hideLabel
        value={list.search}
        onChange={list.setSearch}
        basis={260}
      >
        <button type="button" className={css.button.primary} onClick={() => setEditing({ mode: 'add' })}>
          Ajouter utilisateur
        </button>
        <button type="button" className={css.button.secondary} onClick={exportXlsx} disabled={exporting.busy}>
          Exporter XLSX
        </button>
      </SearchToolbar>

      <DataTable label="Utilisateurs" columns={columns} list={list} emptyText="Aucun utilisateur trouvé" />

      {editing?.mode === 'add' && <UserFormDialog user={null} onClose={close} onSaved={saved} />}
      {editing?.mode === 'edit' && <UserFormDialog user={editing.user} onClose={close} onSaved={saved} />}
      {editing?.mode === 'resetFactors' && (
        <Suspense fallback={null}>
          <ResetFactorsDialog user={editing.user} onClose={close} />
        </Suspense>
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title="SUPPRIMER CET UTILISATEUR"
          text="Êtes-vous sûr(e) de vouloir supprimer cet utilisateur ?"
          confirmLabel="Supprimer"
          onClose={close}
          onConfirm={async () => {
            await deleteUser(editing.user.id);
            toast.success(USER_MESSAGES.deleted);
            saved();
          }}
        />
      )}
    </Page>
  );
}
