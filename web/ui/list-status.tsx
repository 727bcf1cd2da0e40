// The states of a paged table under its rows: loading, empty (with the list's own words), and error
// with a retry.

import * as ui from './list-status.css';
import * as css from './theme.css';

export function ListStatus({
  list,
  emptyText,
}: {
  list: {
    loading: boolean;
    empty: boolean;
    failed: boolean;
    error: string | null;
    rows: unknown[];
    reload: () => void;
  };
  emptyText: string;
}) {
  return (
    <>
      {list.loading && list.rows.length === 0 && (
        <p className={ui.status} role="status">
          Chargement…
        </p>
      )}
      {list.empty && <p className={ui.status}>{emptyText}</p>}
      {list.failed && (
        <div className={ui.status} role="alert">
          <p>{list.error}</p>
          <button type="button" className={css.button.secondary} onClick={list.reload}>
            Réessayer
          </button>
        </div>
      )}
    </>
  );
}
