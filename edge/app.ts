// The edge as one Hono app: `/api/*` proxied to the API, everything else served from the built SPA
// (index.html for app routes), with security headers on pages. Entries: worker.ts and node.ts.
import { Hono } from 'hono';
import { isHashedAsset, NO_CACHE, SECURITY_HEADERS } from './headers';
import { API_PREFIX, type ProxyOptions, proxy } from './proxy';

export interface EdgeOptions extends ProxyOptions {
  /** Serves a static file (or the SPA's index.html); null to let the platform handle assets. */
  assets: ((request: Request) => Promise<Response>) | null;
}

export function createEdgeApp(options: EdgeOptions): Hono {
  const app = new Hono();
  app.all(`${API_PREFIX}/*`, (c) => proxy(c, options));
  app.all(API_PREFIX, (c) => proxy(c, options));
  if (options.assets) {
    const assets = options.assets;
    app.on(['GET', 'HEAD'], '*', async (c) => {
      const response = await assets(c.req.raw);
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
