// The edge as one Hono app: `/api/*` proxied to the API, everything else served from the built SPA
// (index.html for app routes), with security headers on pages. Entries: worker.ts and node.ts.
import { type Context, Hono } from 'hono';
import { json, MESSAGES } from './errors';
import { HSTS, isHashedAsset, NO_CACHE, SECURITY_HEADERS } from './headers';
import { API_PREFIX, type ProxyOptions, proxy } from './proxy';

export interface EdgeOptions extends ProxyOptions {
  /** Serves a static file (or the SPA's index.html); null to let the platform handle assets. */
  assets: ((request: Request) => Promise<Response>) | null;
  /** Adds Strict-Transport-Security to every answer: the browser reached us over https. */
  hsts: boolean;
  /** The request's id when the platform gives one (Cloudflare's ray id on Workers); else a new UUID. */
  requestId?: (c: Context) => string | undefined;
}

/** The id of each request, answered to the client and sent to the API (which logs it). */
export const REQUEST_ID_HEADER = 'x-request-id';

export type EdgeEnv = { Variables: { requestId: string } };

/** A path naming a file (an extension, not a page): a missing one is a 404, never the app's index.html. */
/** Where the API serves the local store's files, as the browser asks for them. */
const FILES_PREFIX = `${API_PREFIX}/files/`;

const namesAFile = (pathname: string) => /\.[a-z0-9]{1,8}$/i.test(pathname) && !/\.html?$/i.test(pathname);

export function createEdgeApp(options: EdgeOptions): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  // No stack trace or English text leaves the edge: a path that does not decode is the client's fault.
  app.onError((error) => {
    if (error instanceof URIError) return json(400, MESSAGES.malformed);
    console.error('Unhandled edge error:', error);
    return json(500, MESSAGES.generic);
  });
  app.notFound(() => json(404, MESSAGES.notFound));
  // Never the id a client sent: the edge sets it. The API answers it back on what it serves; the edge's
  // own refusals (404, 413, 502, 504…) get it here, in the header and in the `{ message, requestId }` body.
  app.use(async function requestIds(c, next) {
    const requestId = options.requestId?.(c) || crypto.randomUUID();
    c.set('requestId', requestId);
    await next();
    const fromApi = c.res.headers.has(REQUEST_ID_HEADER);
    if (!fromApi && c.res.status >= 400 && (c.res.headers.get('content-type') ?? '').includes('json')) {
      const body = (await c.res
        .clone()
        .json()
        .catch(() => null)) as Record<string, unknown> | null;
      if (body && typeof body.message === 'string') {
        const headers = new Headers(c.res.headers);
        headers.delete('content-length');
        const status = c.res.status;
        c.res = undefined;
        c.res = new Response(JSON.stringify({ ...body, requestId }), { status, headers });
      }
    }
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  });
  app.use(async function answerHeaders(c, next) {
    await next();
    if (options.hsts) c.res.headers.set('Strict-Transport-Security', HSTS);
    if (!c.res.headers.has('x-content-type-options')) c.res.headers.set('X-Content-Type-Options', 'nosniff');
    // Uploaded files (the API's signed /files/ links) run nothing with the site's origin (decision 012).
    if (c.req.path.startsWith(FILES_PREFIX)) c.res.headers.set('Content-Security-Policy', 'sandbox');
  });
  app.use(async function decodablePath(c, next) {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return json(400, MESSAGES.malformed);
    }
    await next();
  });
  app.all(`${API_PREFIX}/*`, (c) => proxy(c, options));
  app.all(API_PREFIX, (c) => proxy(c, options));
  if (options.assets) {
    const assets = options.assets;
    app.on(['GET', 'HEAD'], '*', async (c) => {
      const response = await assets(c.req.raw);
      // The SPA fallback answering for a missing file (an aircraft photo that does not exist, say) would
      // be a 200 with HTML where an image was asked for: the page's <img> must see a 404 instead.
      if (
        namesAFile(new URL(c.req.url).pathname) &&
        (response.headers.get('content-type') ?? '').startsWith('text/html')
      )
        return json(404, MESSAGES.notFound);
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
      if (!headers.has('cache-control')) {
        headers.set(
          'cache-control',
          isHashedAsset(new URL(c.req.url).pathname) && response.ok
            ? 'public, max-age=31536000, immutable'
            : NO_CACHE,
        );
      }
      return new Response(response.body, { status: response.status, headers });
    });
  }
  return app;
}
