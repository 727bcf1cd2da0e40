// fast-check arbitraries drawn from a contract schema (superstruct): values of the right shape most of the
// time, so that a request gets past its first field, and hostile ones the rest of the time (wrong types,
// huge and negative numbers, impossible days, 1 MB strings, unknown enum values, unicode, path tricks).
import fc from 'fast-check';
import type { Struct } from 'superstruct';

// biome-ignore lint/suspicious/noExplicitAny: any struct, whatever its schema type
type AnyStruct = Struct<any, any>;

/** Strings a caller may send to break something: each kind the API must refuse (or accept) calmly. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\u202Eevil',
  '😀'.repeat(300),
  'é'.repeat(5000),
  '2022-13-45',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '-2024-01-01',
  '../../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '\\\\server\\share',
  'http://169.254.169.254/',
  '=HYPERLINK("http://x")',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'null',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999',
  '00000000-0000-0000-0000-000000000000',
];

/** One megabyte of text: over the body limit of most routes, and far over every field's length. */
const MEGABYTE = 'x'.repeat(1024 * 1024);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.005, 2147483648, -2147483649, 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
  fc.double(),
);

/** Any JSON value a hostile caller may send where a field is expected. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: hostileNumber, weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 50 }), weight: 2 },
  { arbitrary: fc.constantFrom(true, false, null), weight: 2 },
  { arbitrary: fc.constant(MEGABYTE), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

const day = fc
  .date({ min: new Date('2019-01-01T00:00:00Z'), max: new Date('2031-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** Strings that pass many of our string schemas (days, ids, e-mails, ICAO codes, amounts as text). */
const plausibleString = fc.oneof(
  fc.string({ maxLength: 30 }),
  day,
  fc.uuid(),
  fc.emailAddress(),
  fc.stringMatching(/^[A-Z]{4}$/),
  fc.constantFrom('FLIGHT', 'AIRPORT', 'flight', 'airport', 'ADMIN', 'OPERATION', 'HOSPITAL', 'completed'),
);

const isOptional = (struct: AnyStruct) => struct.validate(undefined)[0] === undefined;

/** Values for `struct`: mostly of its shape, one time in five anything hostile. */
export function arbitraryFor(struct: AnyStruct, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: shaped(struct, depth), weight: 4 }, { arbitrary: hostileJson, weight: 1 });
}

function shaped(struct: AnyStruct, depth: number): fc.Arbitrary<unknown> {
  switch (struct.type) {
    case 'string':
      return plausibleString;
    case 'number':
    case 'integer':
      return fc.oneof(fc.integer({ min: -10, max: 5000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'enums':
      return fc.oneof(
        { arbitrary: fc.constantFrom(...Object.values(struct.schema as Record<string, unknown>)), weight: 4 },
        { arbitrary: fc.constant('INCONNU'), weight: 1 },
      );
    case 'literal':
      return fc.constant(struct.schema);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(arbitraryFor(struct.schema as AnyStruct, depth + 1), { maxLength: 4 });
    case 'object':
    case 'type': {
      if (depth > 3 || !struct.schema) return fc.constant({});
      const fields = struct.schema as Record<string, AnyStruct>;
      const model = Object.fromEntries(
        Object.entries(fields).map(([key, field]) => [key, arbitraryFor(field, depth + 1)]),
      );
      const requiredKeys = Object.keys(fields).filter((key) => !isOptional(fields[key]));
      return fc.record(model, { requiredKeys });
    }
    default:
      return hostileJson;
  }
}

/** A query string's values for `struct`: the same values, written as text (what a URL can carry). */
export function queryArbitraryFor(struct: AnyStruct): fc.Arbitrary<Record<string, string>> {
  const fields = (struct.schema ?? {}) as Record<string, AnyStruct>;
  const model = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      arbitraryFor(field).map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
    ]),
  );
  return fc
    .record(model, { requiredKeys: [] })
    .map(
      (values) =>
        Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >,
    );
}

/** A path parameter: a value of its schema, or a hostile one (path tricks, unicode, not an id). */
export const pathValue = (struct: AnyStruct | undefined): fc.Arbitrary<string> =>
  fc.oneof(
    struct ? arbitraryFor(struct).map((v) => (typeof v === 'string' ? v : String(v))) : fc.uuid(),
    fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s !== '')),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  );
