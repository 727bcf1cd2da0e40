// A table's list as the shared DataTable reads it, already loaded: the rows given, one page, no error.
import type { TableList } from '../ui/data-table';

export const listOf = <Row>(rows: Row[], more: Partial<TableList<Row>> = {}): TableList<Row> => ({
  rows,
  loading: false,
  empty: rows.length === 0,
  failed: false,
  error: null,
  reload: () => {},
  pageNumber: 1,
  pageCount: 1,
  goTo: () => {},
  ...more,
});
