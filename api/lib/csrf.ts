// The CSRF rule (docs/decisions/004): a state-changing call must come from our public origin.
import { createMiddleware } from 'hono/factory';
import { MESSAGES } from '../../contract/auth';
import type { AppEnv } from './context';
import { fail } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  publicOrigin: string;
}

export const csrf = (options: CsrfOptions) =>
  createMiddleware<AppEnv>(async function csrfHandler(c, next) {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const allowed = origin ? origin === options.publicOrigin : fetchSite === 'same-origin';
      if (!allowed) fail(403, MESSAGES.badOrigin);
    }
    await next();
  });
