// The paged list machine bound to an API list call: one hook for every paged table.
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { DataResponse, Page } from '../../contract/http';
import { type PageRequest, pagedListMachine } from '../../machines/paged-list.machine';
import { apiCall } from './api';
import { useLiveMachine } from './live-actors';

export function usePagedList<Row>(
  path: string,
  pageSize: number,
  filters: Record<string, unknown> = {},
  /** Given each whole answer, for what a list sends beside its rows (the billing check's totals). */
  onAnswer?: (page: Page<Row>) => void,
) {
  const answered = useRef(onAnswer);
  answered.current = onAnswer;
  /** The last request made: an answer to an older one (filters changed meanwhile) is not handed on. */
  const latest = useRef(0);
  const logic = useMemo(
    () =>
      pagedListMachine.provide({
        actors: {
          fetchPage: fromPromise(async ({ input }: { input: PageRequest }) => {
            const query: Record<string, unknown> = {
              pageSize: input.pageSize,
              pageNumber: input.pageNumber,
              ...input.filters,
            };
            if (input.search) query.search = input.search;
            const request = ++latest.current;
            const answer = await apiCall<DataResponse<Page<Row>>>(path, { query });
            if (request === latest.current) answered.current?.(answer.data);
            return answer.data as Page<unknown>;
          }),
        },
      }),
    [path],
  );
  // A `search` among the filters is the list's first search (a list opened from a URL that has one).
  const { search, ...rest } = filters;
  const [state, send] = useLiveMachine(`pagedList:${path}`, logic, {
    input: { pageSize, filters: rest, search: typeof search === 'string' ? search : undefined },
  });
  // The same functions from one render to the next: a filter bar given them renders again only when what
  // it shows changes, not at every answer of the list (docs/decisions/053).
  const actions = useMemo(
    () => ({
      setSearch: (value: string) => send({ type: 'search.change', value }),
      setFilters: (next: Record<string, unknown>) => send({ type: 'filters.change', filters: next }),
      goTo: (pageNumber: number) => send({ type: 'page.go', pageNumber }),
      reload: () => send({ type: 'list.reload' }),
    }),
    [send],
  );
  return {
    rows: state.context.rows as Row[],
    pageCount: state.context.pageCount,
    pageNumber: state.context.pageNumber,
    search: state.context.search,
    error: state.context.error,
    loading: state.hasTag('loading'),
    empty: state.hasTag('empty'),
    failed: state.hasTag('error'),
    ...actions,
  };
}
