// The edge as one Hono app: `/api/*` proxied to the API, everything else served from the built SPA
// (index.html for app routes), with security headers on pages. Entries: worker.ts and node.ts.
import { Hono } from 'hono';
import { json, MESSAGES } from './errors';
import { HSTS, isHashedAsset, NO_CACHE, SECURITY_HEADERS } from './headers';
import { API_PREFIX, type ProxyOptions, proxy } from './proxy';

export interface EdgeOptions extends ProxyOptions {
  /** Serves a static file (or the SPA's index.html); null to let the platform handle assets. */
  assets: ((request: Request) => Promise<Response>) | null;
  /** Adds Strict-Transport-Security to every answer: the browser reached us over https. */
  hsts: boolean;
}

/** A path naming a file (an extension, not a page): a missing one is a 404, never the app's index.html. */
/** Where the API serves the local store's files, as the browser asks for them. */
const FILES_PREFIX = `${API_PREFIX}/files/`;

const namesAFile = (pathname: string) => /\.[a-z0-9]{1,8}$/i.test(pathname) && !/\.html?$/i.test(pathname);

export function createEdgeApp(options: EdgeOptions): Hono {
  const app = new Hono();
  // No stack trace or English text leaves the edge: a path that does not decode is the client's fault.
  app.onError((error) => {
    if (error instanceof URIError) return json(400, MESSAGES.malformed);
    console.error('Unhandled edge error:', error);
    return json(500, MESSAGES.generic);
  });
  app.notFound(() => json(404, MESSAGES.notFound));
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
