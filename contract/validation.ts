// Shared validation helpers: superstruct structs that fail with the spec's French messages, and a
// single way to turn a failure into per-field messages for forms and a `{ message }` for the API.
// The input primitives below (uuid, calendarDay, int32, page parameters, safeText) are what every API
// route parses its path, query and body with, so that bad input is a 400 and never reaches the database.
// Every text field goes through `textProblem`: no NUL, no control character (multi-line fields keep the
// tab and line breaks).
import {
  coerce,
  define,
  type Infer,
  optional,
  type Struct,
  type StructError,
  validate as ssValidate,
  string,
  type,
  unknown,
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

export const INPUT_MESSAGES = {
  invalidBody: 'Données invalides',
  notJson: 'Type de contenu non pris en charge : les données doivent être envoyées en JSON',
  invalidValue: 'Valeur invalide',
  tooDeep: 'Données trop imbriquées',
  nul: 'Le texte ne doit pas contenir de caractère nul',
  control: 'Le texte ne doit contenir ni caractère de contrôle ni retour à la ligne',
  controlMultiline: 'Le texte ne doit pas contenir de caractère de contrôle',
  uuid: 'Identifiant invalide',
  day: 'Date invalide (format attendu : aaaa-mm-jj)',
  dayOutOfYears: 'La date doit être comprise entre le 01/01/2000 et le 31/12/2099',
  integer: 'Nombre entier attendu',
  tooLarge: 'Nombre trop grand',
  pageNumber: 'pageNumber doit être un entier positif',
  pageSize: 'pageSize doit être un entier entre 1 et 100',
} as const;

/** PostgreSQL's `integer`, which our integer columns use. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;
export const MAX_PAGE_SIZE = 100;

const NUL = '\u0000';
/** A control character (Unicode's Cc: C0, DEL, C1; NUL is found first, for its own message). */
const CONTROL = /\p{Cc}/u;
/** The same, but for the tab and the line breaks a multi-line field (a textarea) may hold. */
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

/** What a text field may not hold: a NUL, a control character (beyond tab and line breaks when multi-line). */
export function textProblem(text: string, options: { multiline?: boolean } = {}): string | null {
  if (text.includes(NUL)) return INPUT_MESSAGES.nul;
  if (options.multiline) return CONTROL_BUT_LINES.test(text) ? INPUT_MESSAGES.controlMultiline : null;
  return CONTROL.test(text) ? INPUT_MESSAGES.control : null;
}

/** Any one-line string without NUL (PostgreSQL text cannot hold one) or control character. */
export const safeText = define<string>('safeText', (v) => {
  if (typeof v !== 'string') return INPUT_MESSAGES.invalidValue;
  return textProblem(v) ?? true;
});

/**
 * A one-line string that must not be blank (after trimming), failing with `message`, at most `max` long;
 * no NUL or control character.
 */
export const requiredText = (message: string, max?: number) =>
  coerce(
    define<string>('requiredText', (v) => {
      if (typeof v !== 'string' || v.trim().length === 0) return message;
      return textProblem(v) ?? (max === undefined || v.length <= max || tooLong(max));
    }),
    string(),
    (s) => s.trim(),
  );

/** An optional-content string of at most `max` characters (trimmed); one line unless `multiline`. */
export const maxText = (max: number, options: { multiline?: boolean } = {}) =>
  coerce(
    define<string>('maxText', (v) => {
      if (typeof v !== 'string') return INPUT_MESSAGES.invalidValue;
      return textProblem(v, options) ?? (v.length <= max || tooLong(max));
    }),
    string(),
    (s) => s.trim(),
  );

/** Free-text comments (incident responses and the like): several lines. */
export const comment = maxText(MAX_LENGTH.comment, { multiline: true });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `v` is one of `values` (an enumeration's `as const` list), typed as such. */
export const isOneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (values as readonly string[]).includes(v);

/** One of `values`, or `message`: the struct of every enumeration a query or a body carries. */
export const oneOf = <T extends string>(name: string, values: readonly T[], message: string) =>
  define<T>(name, (v) => isOneOf(values, v) || message);

/** A UUID in its canonical 8-4-4-4-12 form (the ids of every table). */
export const uuid = define<string>(
  'uuid',
  (v) => (typeof v === 'string' && UUID.test(v)) || INPUT_MESSAGES.uuid,
);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `yyyy-MM-dd` as the screens and the exports write it: `dd/MM/yyyy`. */
export const frenchDay = (day: string): string => day.split('-').reverse().join('/');

/**
 * Whether `text` is a real calendar day `yyyy-MM-dd` between 0001-01-01 and 9999-12-31. Paris midnight
 * exists on every day (the clocks change at 02:00 and 03:00), so a real day is also a real Paris day.
 */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day `yyyy-MM-dd` (architecture.md §1: Europe/Paris days). 2024-02-30 or 2024-13-45 are refused. */
export const calendarDay = define<string>(
  'calendarDay',
  (v) => (typeof v === 'string' && isCalendarDay(v)) || INPUT_MESSAGES.day,
);

/**
 * The years a period of the back-office may name (docs/decisions/062): wide enough for any mission the
 * operator flew or will fly, narrow enough that a period's ends and the day after its end are dates every
 * database and every date library reads alike.
 */
export const PERIOD_FIRST_DAY = '2000-01-01';
export const PERIOD_LAST_DAY = '2099-12-31';

/** A calendar day (as `calendarDay`) of the years 2000 to 2099: the day of every period a query or a body gives. */
export const periodDay = define<string>('periodDay', (v) => {
  if (typeof v !== 'string' || !isCalendarDay(v)) return INPUT_MESSAGES.day;
  return (v >= PERIOD_FIRST_DAY && v <= PERIOD_LAST_DAY) || INPUT_MESSAGES.dayOutOfYears;
});

/**
 * The day `months` months after `day` (yyyy-MM-dd), on the last day of its month when that month is
 * shorter (2024-02-29 + 36 months → 2027-02-28).
 */
export function monthsAfter(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

/** Whether `startDate`–`endDate` (both included) is longer than `months` months: 12 months end the day before the same date a year later. */
export const longerThanMonths = (startDate: string, endDate: string, months: number): boolean =>
  endDate >= monthsAfter(startDate, months);

const DECIMAL = /^\s*[+-]?\d+(\.\d+)?\s*$/;

/**
 * Form values arrive as text: plain decimal numbers ('12', '1.5') become numbers; anything else
 * ('0x10', '1e300', 'Infinity') stays text and fails the number check that follows.
 */
export const toDecimal = (v: unknown): unknown => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v);

/** The number check of an integer column: `null` when `v` fits PostgreSQL's `integer`, else the message. */
export function int32Problem(v: unknown): string | null {
  if (typeof v !== 'number' || !Number.isInteger(v)) return INPUT_MESSAGES.integer;
  return v >= INT32_MIN && v <= INT32_MAX ? null : INPUT_MESSAGES.tooLarge;
}

/** An integer that fits PostgreSQL's `integer`, from a number or its decimal text. */
export const int32 = coerce(
  define<number>('int32', (v) => int32Problem(v) ?? true),
  unknown(),
  toDecimal,
);

/** A query parameter that is a whole number of digits between `min` and `max`, else `message`. */
const digitsParam = (name: string, min: number, max: number, message: string) =>
  coerce(
    define<number>(
      name,
      (v) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) || message,
    ),
    string(),
    // Digits only, at most 10 of them: no sign, exponent, hex, fraction or spaces.
    (s) => (/^\d{1,10}$/.test(s) ? Number(s) : Number.NaN),
  );

export const pageNumber = digitsParam('pageNumber', 1, INT32_MAX, INPUT_MESSAGES.pageNumber);
export const pageSize = digitsParam('pageSize', 1, MAX_PAGE_SIZE, INPUT_MESSAGES.pageSize);

/**
 * The version of a record a save was made on (decision 064): a positive integer (PostgreSQL's `integer`).
 * Optional in every edit body; a save without it is not checked.
 */
export const recordVersion = define<number>('recordVersion', (v) => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) return INPUT_MESSAGES.invalidValue;
  return v <= INT32_MAX || INPUT_MESSAGES.tooLarge;
});

/** The page parameters of every paged list's query: `pageSize`, and `pageNumber` from 1. */
export const paging = { pageSize: optional(pageSize), pageNumber: optional(pageNumber) };

/**
 * A list's period, both days optional (each screen says whether it needs them and in which order), each
 * a real day of the years 2000 to 2099.
 */
export const periodDays = { startDate: optional(periodDay), endDate: optional(periodDay) };

/** The query of a paged list: `pageSize`, `pageNumber` from 1, `search`. Other parameters are ignored. */
export const PageQuery = type({ ...paging, search: optional(safeText) });
export type PageQueryInput = Infer<typeof PageQuery>;

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
  return { errors, message: Object.values(errors)[0] ?? INPUT_MESSAGES.invalidBody };
}

// Messages we wrote ourselves are French; superstruct's generic ones ("Expected a string…") are not.
function frenchMessage(message: string, refinement: string | undefined, type: string): string {
  if (!message.startsWith('Expected') && !message.startsWith('At path')) return message;
  if (refinement || type) return INPUT_MESSAGES.invalidValue;
  return INPUT_MESSAGES.invalidBody;
}
