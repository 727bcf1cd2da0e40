// Page parameters of list calls (`pageSize`, `pageNumber` from 1) and the `{ rows, pageCount }` answer.
import type { Page } from '../../contract/http';
import type { PageQueryInput } from '../../contract/validation';

export interface PageParams {
  pageSize: number;
  pageNumber: number;
  offset: number;
  search: string;
}

/** The page of a parsed query (contract PageQuery, api/lib/validate.ts `query`), with its defaults. */
export function pageParams(q: PageQueryInput, defaultSize = 20): PageParams {
  const pageSize = q.pageSize ?? defaultSize;
  const pageNumber = q.pageNumber ?? 1;
  return { pageSize, pageNumber, offset: (pageNumber - 1) * pageSize, search: (q.search ?? '').trim() };
}

export const toPage = <T>(rows: T[], total: number, pageSize: number): Page<T> => ({
  rows,
  pageCount: Math.ceil(total / pageSize),
});

/** A LIKE pattern that matches `text` literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
