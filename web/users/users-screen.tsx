// 'UTILISATEURS' (spec §2, ADMIN only): search, add, export, the paged table, edit and delete.
import { useState } from 'react';
import { ROLE_LABELS } from '../../contract/roles';
import { USER_MESSAGES, USER_PATHS, USERS_PAGE_SIZE, type UserRow } from '../../contract/users';
import { apiCall, download, errorMessage } from '../lib/api';
import { usePagedList } from '../lib/use-paged-list';
import { ConfirmDialog } from '../ui/confirm-dialog';
import * as ui from '../ui/data-table.css';
import { ListStatus } from '../ui/list-status';
import { Page } from '../ui/page';
import { PageNavigator } from '../ui/page-navigator';
import { SearchBox } from '../ui/search-box';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import * as toolbarUi from '../ui/toolbar.css';
import { UserFormDialog } from './user-form-dialog';

type Editing = { mode: 'add' } | { mode: 'edit'; user: UserRow } | { mode: 'delete'; user: UserRow } | null;

export function UsersScreen() {
  const list = usePagedList<UserRow>(USER_PATHS.all, USERS_PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const [exporting, setExporting] = useState(false);
  const close = () => setEditing(null);
  const saved = () => {
    setEditing(null);
    list.reload();
  };
  const exportXlsx = async () => {
    setExporting(true);
    try {
      await download(USER_PATHS.exportXlsx, 'users.xlsx');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page title="UTILISATEURS">
      <div className={toolbarUi.toolbar}>
        <SearchBox
          id="users-search"
          label="Rechercher un utilisateur"
          hideLabel
          placeholder="Rechercher un utilisateur"
          value={list.search}
          onChange={list.setSearch}
          basis={260}
        />
        <button type="button" className={css.button.primary} onClick={() => setEditing({ mode: 'add' })}>
          Ajouter utilisateur
        </button>
        <button type="button" className={css.button.secondary} onClick={exportXlsx} disabled={exporting}>
          Exporter XLSX
        </button>
      </div>

      <div className={ui.tableWrap}>
        <table className={ui.table} aria-label="Utilisateurs" aria-busy={list.loading}>
          <thead>
            <tr>
              {['Prénom', 'Nom', 'E-mail', 'Hôpital', 'Rôle', 'Actions'].map((h) => (
                <th key={h} scope="col" className={ui.th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((user) => (
              <tr key={user.id}>
                <td className={ui.td}>{user.firstName}</td>
                <td className={ui.td}>{user.lastName}</td>
                <td className={ui.td}>{user.email}</td>
                <td className={ui.td}>{user.hospitals ?? '-'}</td>
                <td className={ui.td}>{ROLE_LABELS[user.role]}</td>
                <td className={ui.td}>
                  <div style={{ display: 'flex', gap: 4 }}>
                    <button
                      type="button"
                      className={css.button.ghost}
                      aria-label={`Modifier ${user.firstName} ${user.lastName}`}
                      onClick={() => setEditing({ mode: 'edit', user })}
                    >
                      ✎
                    </button>
                    <button
                      type="button"
                      className={css.button.ghost}
                      aria-label={`Supprimer ${user.firstName} ${user.lastName}`}
                      onClick={() => setEditing({ mode: 'delete', user })}
                    >
                      🗑
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ListStatus list={list} emptyText={'Aucun utilisateur trouvé'} />
      </div>
      <PageNavigator page={list.pageNumber} pageCount={list.pageCount} onPage={list.goTo} />

      {editing?.mode === 'add' && <UserFormDialog user={null} onClose={close} onSaved={saved} />}
      {editing?.mode === 'edit' && <UserFormDialog user={editing.user} onClose={close} onSaved={saved} />}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title="SUPPRIMER CET UTILISATEUR"
          text="Êtes-vous sûr(e) de vouloir supprimer cet utilisateur ?"
          confirmLabel="Supprimer"
          onClose={close}
          onConfirm={async () => {
            await apiCall(USER_PATHS.delete(editing.user.id), { method: 'DELETE' });
            toast.success(USER_MESSAGES.deleted);
            saved();
          }}
        />
      )}
    </Page>
  );
}
