// Reads a JSON body and validates it with a contract schema: bad input → 400 with the schema's French
// message, before anything changes.
import type { Context } from 'hono';
import type { Infer, Struct } from 'superstruct';
import { MESSAGES } from '../../contract/auth';
import { check } from '../../contract/validation';
import { fail } from './errors';

// biome-ignore lint/suspicious/noExplicitAny: any struct, whatever its schema type
export async function body<S extends Struct<any, any>>(c: Context, schema: S): Promise<Infer<S>> {
  let input: unknown;
  try {
    input = await c.req.json();
  } catch {
    fail(400, MESSAGES.invalidBody);
  }
  const result = check(schema, input);
  if (!result.ok) fail(400, result.message);
  return result.value;
}
