// One error shape for the UI: `{ message }` in French with the right status; no stack trace leaves.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MESSAGES } from '../../contract/auth';

export function fail(status: ContentfulStatusCode, message: string, headers?: Record<string, string>): never {
  throw new HTTPException(status, { res: Response.json({ message }, { status, headers }) });
}

export function onError(error: Error, c: Context): Response {
  if (error instanceof HTTPException) {
    if (error.res) return error.res;
    return c.json({ message: error.message || MESSAGES.generic }, error.status);
  }
  console.error('Unhandled API error:', error);
  return c.json({ message: MESSAGES.generic }, 500);
}

export const notFound = (c: Context) => c.json({ message: MESSAGES.notFound }, 404);
