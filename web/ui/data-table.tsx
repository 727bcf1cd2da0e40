// The table of every list screen (missions, users; prices, statistics, incidents and invoices next):
// columns as data, a keyboard-focusable scroll frame with a sticky header and first column (and a last
// one kept at the right edge on demand), skeleton rows while the first page loads, the old rows greyed
// and the pager disabled while another page loads, the list's empty and error lines, and the page
// navigator under it.
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import * as ui from './data-table.css';
import { SortAscendingIcon, SortableIcon, SortDescendingIcon } from './icons';
import { PageNavigator } from './page-navigator';
import * as css from './theme.css';

export interface Column<Row> {
  /** Stable key of the column (and the sort key given to `onSort`). */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  width?: number | string;
  align?: 'start' | 'center' | 'end';
  /** The header becomes a button that asks `onSort` for this column, with an indicator. */
  sortable?: boolean;
  /**
   * 'end': the column stays in view at the right edge while the table scrolls sideways (row actions).
   * 'start': it stays in view at the left edge after the first column (always kept), like the columns
   * before it; only the first columns of a table can be.
   */
  sticky?: 'start' | 'end';
  /**
   * One line: `true` keeps the cell's content on one line; a width in px also cuts a longer text there
   * with an ellipsis. A cut text shows whole on hover (`title`) and stays whole in the cell, so that screen
   * readers read all of it. The title is what `cell` returns when it is text, else what `text` gives.
   */
  oneLine?: true | number;
  /** The whole text of a cut cell whose `cell` is not plain text (its hover title). */
  text?: (row: Row) => string;
}

export interface Sort {
  column: string;
  direction: 'ascending' | 'descending';
}

/** What the table needs of a list; `usePagedList` (web/lib/use-paged-list.ts) returns exactly this. */
export interface TableList<Row> {
  rows: Row[];
  loading: boolean;
  empty: boolean;
  failed: boolean;
  error: string | null;
  reload: () => void;
  pageNumber: number;
  pageCount: number;
  goTo: (pageNumber: number) => void;
}

/** A list already loaded, all on one page (figures the screen has, a test's rows): the rows given, no error. */
export const loadedList = <Row,>(rows: Row[], more: Partial<TableList<Row>> = {}): TableList<Row> => ({
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

/** Rows are keyed by their `id`. */
export interface DataTableProps<Row extends { id: string }> {
  /** Accessible name of the table (e.g. 'Missions'); the scroll frame is named after it. */
  label: string;
  columns: ReadonlyArray<Column<Row>>;
  list: TableList<Row>;
  /** The list's own words when nothing matches (e.g. 'Aucune mission trouvée'). */
  emptyText: string;
  sort?: Sort | null;
  onSort?: (sort: Sort) => void;
  skeletonRows?: number;
}

/**
 * The left offsets of the columns kept at the left edge after the first: each starts where the ones
 * before it end, measured from the header cells once the table is laid out (and again whenever it changes
 * size), and given to the cells as CSS variables (`--sticky-left-<n>`, see data-table.css.ts).
 */
function useStickyOffsets(count: number) {
  const tableRef = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table || count < 2) return;
    const measure = () => {
      const headers = table.querySelectorAll<HTMLElement>('thead th');
      let left = 0;
      for (let index = 0; index < count; index++) {
        table.style.setProperty(`--sticky-left-${index}`, `${left}px`);
        left += headers[index]?.offsetWidth ?? 0;
      }
    };
    if (typeof ResizeObserver === 'undefined') return measure();
    // The observer's first call comes after the browser has laid the page out, before it paints: measuring
    // here instead would force that layout inside the screen's render (docs/decisions/056).
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, [count]);
  return tableRef;
}

/**
 * A list screen's frame reaches down to the window's bottom, its page navigator under it, instead of
 * stopping at a fixed share of the window's height with empty space below: its top (which moves with
 * the filters and banners above it) is measured once laid out, and again whenever the page's content
 * or the window changes size, and its greatest height set from it (`--frame-max`, data-table.css.ts).
 * Inside a dialog the frame keeps the dialog's own bound.
 */
function useFrameToWindowBottom() {
  const frameRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === 'undefined' || frame.closest('[role="dialog"]')) return;
    const measure = () => {
      const top = Math.round(frame.getBoundingClientRect().top + window.scrollY);
      // What stays under the frame: the page navigator with its margins (when there is more than one
      // page), and the page area's own padding.
      const next = frame.nextElementSibling;
      const pager = next instanceof HTMLElement && next.matches(PAGER) ? next : null;
      const below = PAGE_PADDING + (pager ? pager.offsetHeight + PAGER_MARGINS : 0);
      frame.style.setProperty(
        '--frame-max',
        `max(${ui.FRAME_MIN_HEIGHT}px, calc(100dvh - ${top + below}px))`,
      );
    };
    // The observer's calls come after the browser has laid the page out (docs/decisions/056).
    const observer = new ResizeObserver(measure);
    observer.observe(frame.parentElement ?? frame);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return frameRef;
}
/** The page navigator, its two margins (page-navigator.css.ts), and the page area's bottom padding (layout). */
const PAGER = 'nav[aria-label="Pagination"]';
const PAGER_MARGINS = 16 + 16;
const PAGE_PADDING = 24;

/** What a cell shows: `cell`'s content, cut to one line of `oneLine` px when asked. */
function cellContent<Row>(column: Column<Row>, row: Row): ReactNode {
  const content = column.cell(row);
  if (typeof column.oneLine !== 'number') return content;
  const title = column.text ? column.text(row) : typeof content === 'string' ? content : undefined;
  return (
    <span className={ui.cut} style={{ maxWidth: column.oneLine }} title={title}>
      {content}
    </span>
  );
}

/**
 * A paged list screen plugs the paged-list machine in with a few lines:
 *
 * ```tsx
 * const list = usePagedList<PriceRow>(PRICE_PATHS.list, PRICES_PAGE_SIZE);
 * const columns: Column<PriceRow>[] = [
 *   { id: 'label', header: 'Libellé', cell: (p) => p.label },
 *   { id: 'amount', header: 'Montant', cell: (p) => euros(p.amount), align: 'end' },
 * ];
 * return <DataTable label="Prix" columns={columns} list={list} emptyText="Aucun prix" />;
 * ```
 */
export function DataTable<Row extends { id: string }>({
  label,
  columns,
  list,
  emptyText,
  sort,
  onSort,
  skeletonRows = 5,
}: DataTableProps<Row>) {
  // The first column, and the 'start' ones that follow it without a gap, stay at the left edge.
  let startCount = 1;
  while (startCount < Math.min(columns.length, ui.MAX_STICKY_START) && columns[startCount].sticky === 'start')
    startCount++;
  const tableRef = useStickyOffsets(startCount);
  const frameRef = useFrameToWindowBottom();
  const cellClass = (column: Column<Row>, index: number, base: string) =>
    [
      base,
      index === 0 ? ui.stickyFirst : '',
      index > 0 && index < startCount ? ui.stickyStart[index] : '',
      index === startCount - 1 ? ui.stickyStartEdge : '',
      column.sticky === 'end' ? ui.stickyEnd : '',
      column.align ? ui.align[column.align] : '',
      column.oneLine ? ui.oneLine : '',
    ]
      .filter(Boolean)
      .join(' ');
  // A column's cells all have the same classes: worked out once, not once a cell.
  const tdClasses = columns.map((column, index) => cellClass(column, index, ui.td));
  const loadingFirstPage = list.loading && list.rows.length === 0;
  // Another page (or filter) on its way: the rows shown are the old ones until it arrives.
  const stale = list.loading && list.rows.length > 0;
  return (
    <>
      {/* Focusable so that keyboard users can scroll it (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus */}
      <section ref={frameRef} className={ui.frame} tabIndex={0} aria-label={`Tableau ${label}`}>
        <table ref={tableRef} className={ui.table} aria-label={label} aria-busy={list.loading}>
          <thead>
            <tr>
              {columns.map((column, index) => {
                const sorted = sort?.column === column.id ? sort.direction : undefined;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={cellClass(column, index, ui.th)}
                    style={column.width === undefined ? undefined : { width: column.width }}
                    aria-sort={column.sortable ? (sorted ?? 'none') : undefined}
                  >
                    {column.sortable && onSort ? (
                      <button
                        type="button"
                        className={ui.sortButton}
                        onClick={() =>
                          onSort({
                            column: column.id,
                            direction: sorted === 'ascending' ? 'descending' : 'ascending',
                          })
                        }
                      >
                        {column.header}
                        <span aria-hidden="true">
                          {sorted === 'ascending' ? (
                            <SortAscendingIcon />
                          ) : sorted === 'descending' ? (
                            <SortDescendingIcon />
                          ) : (
                            <SortableIcon />
                          )}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={stale ? ui.staleRows : undefined} data-stale={stale || undefined}>
            {list.rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column, index) => (
                  <td key={column.id} className={tdClasses[index]}>
                    {cellContent(column, row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {stale && (
          <p className={css.visuallyHidden} role="status">
            Chargement…
          </p>
        )}
        {loadingFirstPage && (
          <>
            <p className={css.visuallyHidden} role="status">
              Chargement…
            </p>
            <div className={ui.skeletonRows} aria-hidden="true" data-testid="table-skeleton">
              {Array.from({ length: skeletonRows }, (_, i) => (
                <div key={i} className={ui.skeletonRow} />
              ))}
            </div>
          </>
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
      </section>
      <PageNavigator
        page={list.pageNumber}
        pageCount={list.pageCount}
        onPage={list.goTo}
        disabled={list.loading}
      />
    </>
  );
}
