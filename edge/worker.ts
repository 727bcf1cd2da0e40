// The edge on Cloudflare Workers: static assets come from the ASSETS binding (with `_headers`), and
// `/api/*` runs this Worker first to reach the API with the platform's fetch.
import { createEdgeApp } from './app';

export interface Env {
  API_ORIGIN: string;
  API_TIMEOUT_MS?: string;
  /** Shared with the API (a Worker secret: `wrangler secret put EDGE_SECRET`). */
  EDGE_SECRET?: string;
  ASSETS: { fetch: (request: Request) => Promise<Response> };
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const app = createEdgeApp({
      apiOrigin: env.API_ORIGIN,
      timeoutMs: Number(env.API_TIMEOUT_MS ?? 30_000),
      upstream: (url, init) => fetch(url, { ...init, redirect: 'manual' }),
      // Cloudflare sets CF-Connecting-IP itself, replacing any the client sent.
      clientIp: (c) => c.req.header('cf-connecting-ip'),
      // Cloudflare's ray id names the request in its own logs too: the same id end to end.
      requestId: (c) => c.req.header('cf-ray'),
      edgeSecret: env.EDGE_SECRET || undefined,
      // Workers are reached over https only (http is redirected by the platform).
      hsts: new URL(request.url).protocol === 'https:',
      assets: (req) => env.ASSETS.fetch(req),
    });
    return app.fetch(request, env, ctx);
  },
};
