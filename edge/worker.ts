// The edge on Cloudflare Workers: static assets come from the ASSETS binding (with `_headers`), and
// `/api/*` runs this Worker first to reach the API with the platform's fetch.
import { createEdgeApp } from './app';

export interface Env {
  API_ORIGIN: string;
  API_TIMEOUT_MS?: string;
  ASSETS: { fetch: (request: Request) => Promise<Response> };
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const app = createEdgeApp({
      apiOrigin: env.API_ORIGIN,
      timeoutMs: Number(env.API_TIMEOUT_MS ?? 30_000),
      upstream: (url, init) => fetch(url, { ...init, redirect: 'manual' }),
      clientIp: (c) => c.req.header('cf-connecting-ip'),
      assets: (req) => env.ASSETS.fetch(req),
    });
    return app.fetch(request, env, ctx);
  },
};
