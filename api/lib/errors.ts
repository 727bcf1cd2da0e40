// One error shape for the UI: `{ message }` in French with the right status; no stack trace leaves.
// (api/lib/observe.ts adds the request's id to every such body: `{ message, requestId }`.)
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MESSAGES } from '../../contract/auth';
import { INPUT_MESSAGES } from '../../contract/validation';
import { type Logger, logger } from './log';

export function fail(status: ContentfulStatusCode, message: string, headers?: Record<string, string>): never {
  throw new HTTPException(status, { res: Response.json({ message }, { status, headers }) });
}

/**
 * PostgreSQL errors that bad input causes: invalid text representation (22P02), numeric value out of
 * range (22003), invalid datetime format or field overflow (22007, 22008), character not in repertoire —
 * a NUL — (22021), untranslatable character (22P05). Routes parse their input first (api/lib/validate.ts),
 * so reaching one of these means a route forgot to: the caller still gets a 400, and the log says so.
 */
const INPUT_SQLSTATES = new Set(['22P02', '22003', '22007', '22008', '22021', '22P05']);

/** The SQLSTATE of a database error, looking through the wrappers (drizzle wraps the driver's error). */
export function sqlState(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const DATABASE_UNAVAILABLE = 'Base de données momentanément indisponible, veuillez réessayer.';

/** A query that failed because its connection went away (class 08, admin shutdown 57P0x, or node-postgres's own). */
function lostDatabase(error: unknown, state: string | undefined): boolean {
  if (state) return state.startsWith('08') || /^57P0[1-3]$/.test(state);
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|ECONNREFUSED|ECONNRESET/i.test(message);
}

export function onError(error: Error, c: Context): Response {
  if (error instanceof HTTPException) {
    if (error.res) return error.res;
    return c.json({ message: error.message || MESSAGES.generic }, error.status);
  }
  // The request's logger (with its id) once the app's first middleware ran.
  const log: Logger = c.get('log') ?? logger;
  const state = sqlState(error);
  if (state && INPUT_SQLSTATES.has(state)) {
    log.warn(
      `Input refused by the database (${state}) on ${c.req.method} ${c.req.path}: parse it in the route`,
    );
    return c.json({ message: INPUT_MESSAGES.invalidBody }, 400);
  }
  if (lostDatabase(error, state)) {
    // PostgreSQL restarted or the connection was cut: the pool opens new ones, the caller may retry.
    // The driver's own words (drizzle's wrapper would print the query and its parameters).
    const cause = (error as { cause?: unknown }).cause;
    const why = cause instanceof Error ? cause.message : error.message;
    log.warn(`Database connection lost on ${c.req.method} ${c.req.path}: ${why}`);
    c.header('Retry-After', '1');
    return c.json({ message: DATABASE_UNAVAILABLE }, 503);
  }
  log.error({ err: error }, 'Unhandled API error');
  return c.json({ message: MESSAGES.generic }, 500);
}

export const notFound = (c: Context) => c.json({ message: MESSAGES.notFound }, 404);
