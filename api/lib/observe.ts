// Every request gets an id: the edge's (X-Request-Id, itself Cloudflare's ray id on Workers), or one made
// here when absent or not a plain token. It is answered in the X-Request-Id header, added to every JSON
// error body (`{ message, requestId }`), carried by the request's logger, and written on the access log
// line (method, route pattern, status, duration) that ends each request. The same middleware counts the
// request for the metrics (api/lib/metrics.ts).
import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './context';
import type { Logger } from './log';
import { httpDuration, httpRequests } from './metrics';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id another system may have set: letters, digits and `-_.:`, at most 128 characters. */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(header: string | undefined): string {
  return header && PLAIN_ID.test(header) ? header : randomUUID();
}

/** The route pattern that matched (`/missions/details/:id`), never the raw path; `unmatched` for none. */
function routeOf(c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0]): string {
  const routes = matchedRoutes(c).filter((route) => route.method !== 'ALL' && !route.path.includes('*'));
  return routes.at(-1)?.path ?? 'unmatched';
}

export const observe = (log: Logger) =>
  createMiddleware<AppEnv>(async function observeHandler(c, next) {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', requestId);
    c.set('log', log.child({ requestId }));
    await next();
    c.header('X-Request-Id', requestId);
    const status = c.res.status;
    if (status >= 400 && (c.res.headers.get('content-type') ?? '').includes('json')) {
      const body = (await c.res
        .clone()
        .json()
        .catch(() => null)) as Record<string, unknown> | null;
      if (body && typeof body === 'object' && typeof body.message === 'string' && !('requestId' in body)) {
        const headers = new Headers(c.res.headers);
        headers.delete('content-length');
        // Unset first: Hono's setter would otherwise copy the old answer's headers (its length) back.
        c.res = undefined;
        c.res = new Response(JSON.stringify({ ...body, requestId }), { status, headers });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const route = routeOf(c);
    const method = c.req.method;
    httpRequests.inc({ method, route, status: String(status) });
    httpDuration.observe({ method, route }, seconds);
    log.info({ requestId, method, route, status, durationMs: Math.round(seconds * 10_000) / 10 }, 'request');
  });
