// The paged table of every list: search (500 ms debounce, no leading call), filters, page, loading and
// error. Any new search or filter goes back to page 1; a newer request supersedes an older one.
import { assign, fromPromise, setup } from 'xstate';
import type { Page } from '../contract/http';
import { messageOf } from './errors';

export const SEARCH_DEBOUNCE_MS = 500;

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
  search: string;
  filters: Record<string, unknown>;
}

export interface PagedListContext<Row = unknown> {
  rows: Row[];
  pageCount: number;
  pageNumber: number;
  pageSize: number;
  search: string;
  filters: Record<string, unknown>;
  error: string | null;
}

export type PagedListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'filters.change'; filters: Record<string, unknown> }
  | { type: 'page.go'; pageNumber: number }
  | { type: 'list.reload' };

export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as { pageSize: number; filters?: Record<string, unknown>; search?: string },
  },
  actors: {
    fetchPage: fromPromise<Page<unknown>, PageRequest>(async () => {
      throw new Error('fetchPage is not provided');
    }),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  actions: {
    setSearch: assign({ search: ({ event }) => (event.type === 'search.change' ? event.value : '') }),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({
    rows: [],
    pageCount: 0,
    pageNumber: 1,
    pageSize: input.pageSize,
    search: input.search ?? '',
    filters: input.filters ?? {},
    error: null,
  }),
  initial: 'loading',
  on: {
    'search.change': { target: '.debouncing', actions: 'setSearch' },
    'filters.change': {
      target: '.loading',
      actions: assign({
        filters: ({ context, event }) => ({ ...context.filters, ...event.filters }),
        pageNumber: 1,
      }),
    },
    'page.go': {
      guard: ({ context, event }) =>
        event.pageNumber >= 1 && (context.pageCount === 0 || event.pageNumber <= context.pageCount),
      target: '.loading',
      actions: assign({ pageNumber: ({ event }) => event.pageNumber }),
    },
    'list.reload': '.loading',
  },
  states: {
    debouncing: {
      tags: ['loading'],
      after: { debounce: { target: 'loading', actions: assign({ pageNumber: 1 }) } },
    },
    // Re-entering this state cancels the request in flight: only the newest answer is shown.
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({
          pageNumber: context.pageNumber,
          pageSize: context.pageSize,
          search: context.search,
          filters: context.filters,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.rows.length === 0,
            target: 'empty',
            actions: assign({ rows: [], pageCount: ({ event }) => event.output.pageCount, error: null }),
          },
          {
            target: 'loaded',
            actions: assign({
              rows: ({ event }) => event.output.rows,
              pageCount: ({ event }) => event.output.pageCount,
              error: null,
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loaded: {},
    empty: { tags: ['empty'] },
    failed: { tags: ['error'] },
  },
});
