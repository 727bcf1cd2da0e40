// Request body limits, in one place: 1 MB for JSON and any other body, unless a route prefix below has
// its own. The edge keeps the same table in edge/body-limit.ts (it may not import the API): change both
// together. A larger limit for an upload route goes in `routes`, e.g. a PDF invoice upload:
//   { prefix: '/invoices/upload', maxBytes: 20 * MB }
// Beyond the limit: 413 `{ message }` in French, read no further (hono/body-limit).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { MESSAGES } from '../../contract/auth';
import type { AppEnv } from './context';

export const MB = 1024 * 1024;

export interface BodyLimitsOptions {
  /** Bytes allowed when no route below matches. */
  defaultMaxBytes: number;
  /** Own limits for paths starting with `prefix`; the longest match wins. */
  routes: ReadonlyArray<{ prefix: string; maxBytes: number }>;
}

export const BODY_LIMITS: BodyLimitsOptions = {
  defaultMaxBytes: MB,
  // Signed uploads to the local file store (statistics PDFs, attachments: 20 MB at most); each signed URL
  // also carries its own, smaller cap, enforced while the file streams in. Same line in edge/body-limit.ts.
  routes: [{ prefix: '/files/', maxBytes: 20 * MB }],
};

export function bodyLimitFor(path: string, options: BodyLimitsOptions): number {
  let best: { prefix: string; maxBytes: number } | undefined;
  for (const route of options.routes)
    if (path.startsWith(route.prefix) && (!best || route.prefix.length > best.prefix.length)) best = route;
  return best?.maxBytes ?? options.defaultMaxBytes;
}

export const bodyLimits = (options: BodyLimitsOptions = BODY_LIMITS) => {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiter = (maxSize: number) => {
    let handler = limiters.get(maxSize);
    if (!handler) {
      handler = bodyLimit({ maxSize, onError: (c) => c.json({ message: MESSAGES.tooLarge }, 413) });
      limiters.set(maxSize, handler);
    }
    return handler;
  };
  return createMiddleware<AppEnv>(function bodyLimitsHandler(c, next) {
    return limiter(bodyLimitFor(c.req.path, options))(c, next);
  });
};
