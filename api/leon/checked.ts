// The one door from Leon's raw JSON to our types: a superstruct struct checks (and, where asked, reads
// leniently) what Leon sent, and a value it refuses becomes a `mapping` LeonError whose French reason
// names the field: 'champ X absent' or 'champ X invalide (valeur)'. The entity modules (trips.ts,
// safety-reports.ts, invoices.ts) describe Leon's shapes and map through `checked`.
import { define, nullable, optional, type Struct, StructError, validate } from 'superstruct';
import { LEON_MESSAGES, LeonError } from './errors';
import { parseInstant } from './time';

export interface CheckContext {
  /** Where the value sits in Leon's answer, put before the failing field's path (e.g. 'trip'). */
  prefix?: string;
  /** What the value concerns, after the reason, e.g. ' (voyage 24001, vol 100001)'. */
  where?: string;
  /** Runs the structs' coercions (lenient readings) while checking. */
  coerce?: boolean;
  /** A fixed reason in place of 'champ X absent/invalide'. */
  reason?: string;
}

/** A `mapping` LeonError: 'Données Leon inattendues : <detail><where>.' */
export function mappingError(detail: string, where = ''): LeonError {
  return new LeonError('mapping', `${LEON_MESSAGES.mapping(detail)}${where}.`);
}

function shortValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The French reason of a struct's first failure: 'champ a.b absent' or 'champ a.b invalide (…)'. */
export function structReason(error: StructError, prefix = ''): string {
  const failure = error.failures()[0] ?? error;
  const path = [prefix, ...failure.path.map(String)].filter(Boolean).join('.');
  const what =
    failure.value === undefined || failure.value === null
      ? 'absent'
      : `invalide (${shortValue(failure.value)})`;
  return `champ ${path || 'racine'} ${what}`;
}

/** `raw` checked against `struct`; throws a `mapping` LeonError naming the field it refuses. */
export function checked<T, S>(raw: unknown, struct: Struct<T, S>, context: CheckContext = {}): T {
  const [error, value] = validate(raw, struct, { coerce: context.coerce ?? false });
  if (error instanceof StructError)
    throw mappingError(context.reason ?? structReason(error, context.prefix), context.where);
  return value as T;
}

/** The message of a mapping failure, whatever was thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof LeonError) return error.message;
  return LEON_MESSAGES.mapping(error instanceof Error ? error.message : String(error));
}

/**
 * Maps raw items one by one with `map`: a bad one becomes a failure (`failureOf` the item and the error)
 * and leaves the others alone.
 */
export function mapEach<T, F>(
  raws: unknown[],
  map: (raw: unknown) => T,
  failureOf: (raw: unknown, error: unknown) => F,
): { mapped: T[]; failures: F[] } {
  const mapped: T[] = [];
  const failures: F[] = [];
  for (const raw of raws) {
    try {
      mapped.push(map(raw));
    } catch (error) {
      failures.push(failureOf(raw, error));
    }
  }
  return { mapped, failures };
}

/**
 * Leon's value with the characters PostgreSQL text and jsonb cannot hold (NUL, U+0000) removed from every
 * string and key, so that a stray one in a name is dropped rather than failing the trip when it is stored.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string')
    return (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value) as T;
  if (value === null || typeof value !== 'object') return value;
  // The value itself where nothing in it changes (nearly always): a first load reads hundreds of thousands
  // of flights, and copying each one cost about 3 s of a 100,000-trip first load (decision 044).
  if (Array.isArray(value)) {
    const clean = value.map(withoutNul);
    return (clean.every((item, i) => item === value[i]) ? value : clean) as T;
  }
  const record = value as Record<string, unknown>;
  const same = Object.keys(record).every(
    (key) => withoutNul(key) === key && withoutNul(record[key]) === record[key],
  );
  if (same) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) copy[withoutNul(key)] = withoutNul(item);
  return copy as T;
}

export const integerOrNull = (value: unknown): number | null =>
  Number.isInteger(value) ? (value as number) : null;

// ——— Field structs the entities share ———

/** An ISO 8601 instant Leon sends (with its zone). */
export const instant = define<string>('instant', (v) => typeof v === 'string' && parseInstant(v) !== null);
export const nonBlank = define<string>('nonBlank', (v) => typeof v === 'string' && v.trim().length > 0);
/** A field Leon may leave out or send as null. */
export const maybe = <T>(struct: Struct<T>) => optional(nullable(struct));

/** A checked `instant` → ISO 8601 UTC. */
export function iso(value: string): string {
  return (parseInstant(value) as Date).toISOString();
}
