// A fake of the API on `fetch`, light enough for the API clients' own tests (no app to load).
import { onTestFinished, vi } from 'vitest';

type Handler = (request: { method: string; path: string; body: unknown }) => {
  status?: number;
  body?: unknown;
};

/** Answers `fetch` like the API does (`{ data }` / `{ message }`); unknown paths get a 404 message. */
export function fakeApi(routes: Record<string, Handler> = {}) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    const answer = handler
      ? handler({ method, path, body })
      : { status: 404, body: { message: 'Ressource introuvable' } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

/** The `n`th request `fetch` was given: its path under /api and its query, as the API reads them. */
export function requestOf(fetch: ReturnType<typeof fakeApi>['fetch'], n = 0) {
  const [input] = fetch.mock.calls[n] as unknown as [RequestInfo | URL];
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  return { path: url.pathname.replace(/^\/api/, ''), query: Object.fromEntries(url.searchParams) };
}

/**
 * Catches the file a download saves (web/lib/api.ts `download`: a blob URL on a link clicked): the name
 * of each file saved, in order. The spies are undone when the test ends.
 */
export function savedFiles(): string[] {
  const names: string[] = [];
  const spies = [
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file'),
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined),
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    }),
  ];
  onTestFinished(() => {
    for (const spy of spies) spy.mockRestore();
  });
  return names;
}
