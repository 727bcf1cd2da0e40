// The page navigator of every paged table (requirements §2): previous/next and the page numbers.

import { pageItems } from './page-items';
import * as ui from './page-navigator.css';

export function PageNavigator({
  page,
  pageCount,
  onPage,
  disabled = false,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** While a page loads: every button is disabled. */
  disabled?: boolean;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className={ui.pager} aria-busy={disabled || undefined}>
      <button
        type="button"
        className={ui.pageButton}
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Page précédente"
      >
        ‹
      </button>
      {pageItems(page, pageCount).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={ui.pageButton}
            aria-current={item === page ? 'page' : undefined}
            disabled={disabled}
            aria-label={`Page ${item}`}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={ui.pageButton}
        disabled={disabled || page >= pageCount}
        onClick={() => onPage(page + 1)}
        aria-label="Page suivante"
      >
        ›
      </button>
    </nav>
  );
}
