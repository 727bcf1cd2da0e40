// The edge on Cloudflare Workers: static assets come from the ASSETS binding (with `_headers`), and
// `/api/*` runs this Worker first to reach the API with the platform's fetch.
import type { Hono } from 'hono';
import { createEdgeApp, type EdgeEnv } from './app';

export interface Env {
  API_ORIGIN: string;
  API_TIMEOUT_MS?: string;
  /** Shared with the API (a Worker secret: `wrangler secret put EDGE_SECRET`). */
  EDGE_SECRET?: string;
  ASSETS: { fetch: (request: Request) => Promise<Response> };
}

/**
 * One app per isolate's bindings and scheme, built on its first request: a Hono app compiles its routes
 * on the first match, so an app built for each request paid that every time.
 */
const apps = new WeakMap<Env, Map<boolean, Hono<EdgeEnv>>>();

function appFor(env: Env, hsts: boolean): Hono<EdgeEnv> {
  let byScheme = apps.get(env);
  if (!byScheme) {
    byScheme = new Map();
    apps.set(env, byScheme);
  }
  let app = byScheme.get(hsts);
  if (!app) {
    app = createEdgeApp({
      apiOrigin: env.API_ORIGIN,
      timeoutMs: Number(env.API_TIMEOUT_MS ?? 30_000),
      upstream: async (url, { timeoutMs, ...init }) => {
        // The time is for the answer's headers: a long download streams on past it.
        const deadline = new AbortController();
        const timer = setTimeout(
          () => deadline.abort(new DOMException('The API took too long to answer', 'TimeoutError')),
          timeoutMs,
        );
        try {
          return await fetch(url, { ...init, signal: deadline.signal, redirect: 'manual' });
        } finally {
          clearTimeout(timer);
        }
      },
      // Cloudflare sets CF-Connecting-IP itself, replacing any the client sent.
      clientIp: (c) => c.req.header('cf-connecting-ip'),
      // Cloudflare's ray id names the request in its own logs too: the same id end to end.
      requestId: (c) => c.req.header('cf-ray'),
      edgeSecret: env.EDGE_SECRET || undefined,
      hsts,
      assets: (req) => env.ASSETS.fetch(req),
    });
    byScheme.set(hsts, app);
  }
  return app;
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    // Workers are reached over https only (http is redirected by the platform); `wrangler dev` is http.
    return appFor(env, new URL(request.url).protocol === 'https:').fetch(request, env, ctx);
  },
};
