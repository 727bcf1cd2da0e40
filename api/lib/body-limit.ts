// Request body limits of the API, from the table the edge uses too (contract/body-limits.ts). Beyond the
// limit: 413 `{ message }` in French, read no further (hono/body-limit).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { MESSAGES } from '../../contract/auth';
import { BODY_LIMITS, type BodyLimits, bodyLimitFor } from '../../contract/body-limits';
import type { AppEnv } from './context';

export { MB } from '../../contract/body-limits';

export const bodyLimits = (options: BodyLimits = BODY_LIMITS) => {
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
