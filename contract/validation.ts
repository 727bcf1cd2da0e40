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

/** The longest value each kind of free text may have (characters, as the browser's maxLength counts). */
export const MAX_LENGTH = {
  name: 100,
  email: 254,
  phone: 30,
  hospital: 200,
  comment: 2000,
  password: 128,
} as const;

export const tooLong = (max: number) => `${max} caractères maximum`;

/** A string that must not be blank (after trimming), failing with `message`, and at most `max` long. */
export const requiredText = (message: string, max?: number) =>
  coerce(
    define<string>('requiredText', (v) => {
      if (typeof v !== 'string' || v.trim().length === 0) return message;
      return max === undefined || v.length <= max || tooLong(max);
    }),
    string(),
    (s) => s.trim(),
  );

/** An optional-content string of at most `max` characters (trimmed). */
export const maxText = (max: number) =>
  coerce(
    define<string>('maxText', (v) =>
      typeof v === 'string' ? v.length <= max || tooLong(max) : 'Valeur invalide',
    ),
    string(),
    (s) => s.trim(),
  );

/** Free-text comments (incident responses and the like). */
export const comment = maxText(MAX_LENGTH.comment);

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
