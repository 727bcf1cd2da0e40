// The one place where routes read their input: JSON bodies, query strings and path parameters, each
// parsed with a contract schema. Bad input → 400 with a French message, before anything changes and
// before any value reaches the database.
import type { Context } from 'hono';
import type { Infer, Struct } from 'superstruct';
import { check, INPUT_MESSAGES, uuid } from '../../contract/validation';
import { fail } from './errors';

// biome-ignore lint/suspicious/noExplicitAny: any struct, whatever its schema type
type AnyStruct = Struct<any, any>;

/** Where a route reads its input from, and the schema it reads it with (see `InputObserver`). */
export type InputSeen =
  | { where: 'body' | 'query'; schema: AnyStruct }
  | { where: 'param'; name: string; schema: AnyStruct };

/**
 * Told of every schema a route reads its input with, before the input is checked: the route-table fuzz
 * test (api/route-fuzz.test.ts) learns each route's schemas this way, so a new route is fuzzed without
 * being listed anywhere. Given to createApp (`onValidate`), which puts it on each request's context;
 * production gives none.
 */
export type InputObserver = (c: Context, seen: InputSeen) => void;

const observerOf = (c: Context): InputObserver | undefined => c.get('onValidate');

/** Our bodies are at most a few levels deep; deeper ones are refused before a schema walks them. */
export const MAX_JSON_DEPTH = 32;

/**
 * What is wrong with a parsed JSON value that no schema should have to see: nesting deeper than
 * MAX_JSON_DEPTH, or a NUL character in a string or a key (PostgreSQL text cannot hold one). Walks with
 * its own stack, so that no depth overflows the call stack.
 */
export function jsonProblem(value: unknown): string | null {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return INPUT_MESSAGES.nul;
    } else if (current !== null && typeof current === 'object') {
      if (depth > MAX_JSON_DEPTH) return INPUT_MESSAGES.tooDeep;
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return INPUT_MESSAGES.nul;
        stack.push([item, depth + 1]);
      }
    }
  }
  return null;
}

/** The media type a request says its body is, lower-cased and without parameters; '' when it says none. */
export const mediaTypeOf = (c: Context) =>
  (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();

/**
 * The JSON body, checked and coerced by `schema`. Calling it is how a route says it takes JSON: a body of
 * another type (text, a form, multipart) or of none is refused with 415 before it is read. A route that
 * takes something else (an upload, api/lib/storage/local-routes.ts) reads its body itself, by its type.
 */
export async function body<S extends AnyStruct>(c: Context, schema: S): Promise<Infer<S>> {
  observerOf(c)?.(c, { where: 'body', schema });
  const type = mediaTypeOf(c);
  if (type !== '' && type !== 'application/json') fail(415, INPUT_MESSAGES.notJson);
  const text = await c.req.text();
  // No type and nothing sent is a missing body (400 below); a body without its type is not taken as JSON.
  if (type === '' && text !== '') fail(415, INPUT_MESSAGES.notJson);
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    fail(400, INPUT_MESSAGES.invalidBody);
  }
  const problem = jsonProblem(input);
  if (problem) fail(400, problem);
  return valid(schema, input);
}

/**
 * The query string, checked and coerced by `schema` (a superstruct `type`, so that parameters it does not
 * name are ignored). An empty parameter (`?search=`) counts as absent; a repeated one gives its first value.
 */
export function query<S extends AnyStruct>(c: Context, schema: S): Infer<S> {
  observerOf(c)?.(c, { where: 'query', schema });
  const input = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ''));
  return valid(schema, input);
}

/** A path parameter, checked with `schema`: by default a UUID, the form of every id. */
export function param<S extends AnyStruct = typeof uuid>(
  c: Context,
  name: string,
  schema: S = uuid as unknown as S,
): Infer<S> {
  observerOf(c)?.(c, { where: 'param', name, schema });
  return valid(schema, c.req.param(name));
}

function valid<S extends AnyStruct>(schema: S, input: unknown): Infer<S> {
  const result = check(schema, input);
  if (!result.ok) fail(400, result.message);
  return result.value;
}
