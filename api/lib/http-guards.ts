// Guards every API answer shares: `nosniff` on all of them (errors included), and a path that does not
// percent-decode refused with 400 in French instead of being routed as raw text.
import { createMiddleware } from 'hono/factory';
import { MESSAGES } from '../../contract/auth';
import type { AppEnv } from './context';

export const answerHeaders = () =>
  createMiddleware<AppEnv>(async function answerHeadersHandler(c, next) {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });

export const decodablePath = () =>
  createMiddleware<AppEnv>(async function decodablePathHandler(c, next) {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.json({ message: MESSAGES.malformedRequest }, 400);
    }
    await next();
  });
