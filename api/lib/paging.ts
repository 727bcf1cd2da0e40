// Page parameters of list calls (`pageSize`, `pageNumber` from 1) and the `{ rows, pageCount }` answer.
import type { Context } from 'hono';
import type { Page } from '../../contract/http';
import { fail } from './errors';

export interface PageParams {
  pageSize: number;
  pageNumber: number;
  offset: number;
  search: string;
}

const MAX_PAGE_SIZE = 100;

export function pageParams(c: Context, defaultSize = 20): PageParams {
  const size = c.req.query('pageSize');
  const number = c.req.query('pageNumber');
  const pageSize = size === undefined || size === '' ? defaultSize : Number(size);
  const pageNumber = number === undefined || number === '' ? 1 : Number(number);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    fail(400, `pageSize doit être un entier entre 1 et ${MAX_PAGE_SIZE}`);
  if (!Number.isInteger(pageNumber) || pageNumber < 1) fail(400, 'pageNumber doit être un entier positif');
  return {
    pageSize,
    pageNumber,
    offset: (pageNumber - 1) * pageSize,
    search: (c.req.query('search') ?? '').trim(),
  };
}

export const toPage = <T>(rows: T[], total: number, pageSize: number): Page<T> => ({
  rows,
  pageCount: Math.ceil(total / pageSize),
});

/** A LIKE pattern that matches `text` literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
