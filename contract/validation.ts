// Shared validation helpers: superstruct structs that fail with the spec's French messages, and a
// single way to turn a failure into per-field messages for forms and a `{ message }` for the API.
import {
  coerce,
  define,
  type Infer,
  type Struct,
  type StructError,
  validate as ssValidate,
  string,
} from 'superstruct';

/** A string that must not be blank (after trimming), failing with `message`. */
export const requiredText = (message: string) =>
  coerce(
    define<string>('requiredText', (v) => (typeof v === 'string' && v.trim().length > 0) || message),
    string(),
    (s) => s.trim(),
  );

export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors; message: string };

/** Validates (and coerces) `input`, keeping the first message of each field. */
// biome-ignore lint/suspicious/noExplicitAny: any struct, whatever its schema type
export function check<S extends Struct<any, any>>(schema: S, input: unknown): Validation<Infer<S>> {
  const [error, value] = ssValidate(input, schema, { coerce: true });
  if (!error) return { ok: true, value: value as Infer<S> };
  return { ok: false, ...describe(error) };
}

export function describe(error: StructError): { errors: FieldErrors; message: string } {
  const errors: FieldErrors = {};
  for (const failure of error.failures()) {
    const key = failure.path.join('.') || '_';
    if (!(key in errors)) errors[key] = frenchMessage(failure.message, failure.refinement, failure.type);
  }
  return { errors, message: Object.values(errors)[0] ?? 'Données invalides' };
}

// Messages we wrote ourselves are French; superstruct's generic ones ("Expected a string…") are not.
function frenchMessage(message: string, refinement: string | undefined, type: string): string {
  if (!message.startsWith('Expected') && !message.startsWith('At path')) return message;
  if (refinement || type) return 'Valeur invalide';
  return 'Données invalides';
}
