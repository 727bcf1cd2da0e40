// One screen for the five price tables (requirements §2 'Price screens'), driven by their definitions in
// tables.ts: the paged table (20 a page, newest period first), the airport search, and for ADMIN alone
// 'Ajouter prix' and the per-row edit (architecture.md §5: OPERATION and ACCOUNTING read only).
import { useState } from 'react';
import { PRICE_MESSAGES, PRICE_PATHS, PRICES_PAGE_SIZE, type PriceTable } from '../../contract/prices';
import { useSession } from '../lib/session';
import { usePagedList } from '../lib/use-paged-list';
import { type Column, DataTable } from '../ui/data-table';
import { EditIcon } from '../ui/icons';
import { Page } from '../ui/page';
import { SearchBox } from '../ui/search-box';
import * as css from '../ui/theme.css';
import * as toolbarUi from '../ui/toolbar.css';
import { PriceFormDialog, type PriceRow } from './price-form-dialog';
import * as ui from './prices.css';
import { PRICE_VIEWS, type PriceTableView, rowName, shown } from './tables';
import { useShownRows } from './use-shown-rows';

export const PRICES_EMPTY = 'Aucun prix trouvé';

function header(text: string) {
  const lines = text.split('\n');
  if (lines.length === 1) return text;
  // One block per line; the space keeps the words apart in the header's text and accessible name.
  return lines.map((line, i) => (
    <span key={line} className={ui.headerLine}>
      {i < lines.length - 1 ? `${line} ` : line}
    </span>
  ));
}

/** The table's columns, from its fields; the edit action for ADMIN. */
export function priceColumns(view: PriceTableView, onEdit: ((row: PriceRow) => void) | null) {
  const columns: Column<PriceRow>[] = view.fields.map((field) => ({
    id: field.name,
    header: header(field.header ?? field.label),
    cell: (row) => shown(field.kind, row[field.name]),
    align: field.kind === 'money' ? 'end' : undefined,
  }));
  if (onEdit)
    columns.push({
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className={ui.actions}>
          <button
            type="button"
            className={css.button.ghost}
            aria-label={`Modifier le prix ${rowName(view.table, row)}`}
            onClick={() => onEdit(row)}
          >
            <EditIcon />
          </button>
        </div>
      ),
    });
  return columns;
}

type Editing = { mode: 'add' } | { mode: 'edit'; row: PriceRow } | null;

export function PriceScreen({ table }: { table: PriceTable }) {
  const view = PRICE_VIEWS[table];
  const session = useSession();
  const admin = session.user?.role === 'ADMIN';
  const paged = usePagedList<PriceRow>(PRICE_PATHS[table].list, PRICES_PAGE_SIZE);
  const { list, putFirst, replace } = useShownRows<PriceRow, typeof paged>(paged);
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <Page title={view.title}>
      {(view.search || admin) && (
        <div className={toolbarUi.toolbar}>
          {view.search && (
            <SearchBox
              id={`${table}-search`}
              label={view.search}
              hideLabel
              value={list.search}
              onChange={list.setSearch}
              basis={260}
            />
          )}
          {admin && (
            <button type="button" className={css.button.primary} onClick={() => setEditing({ mode: 'add' })}>
              {PRICE_MESSAGES.add}
            </button>
          )}
        </div>
      )}
      <DataTable
        label={view.title}
        columns={priceColumns(view, admin ? (row) => setEditing({ mode: 'edit', row }) : null)}
        list={list}
        emptyText={PRICES_EMPTY}
      />
      {editing && (
        <PriceFormDialog
          view={view}
          row={editing.mode === 'edit' ? editing.row : null}
          onClose={close}
          onSaved={(row) => {
            if (editing.mode === 'edit') replace(row);
            else putFirst(row);
            close();
          }}
        />
      )}
    </Page>
  );
}
