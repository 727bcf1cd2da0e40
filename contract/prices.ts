// Price tables vocabulary (requirements §2 'Price screens', §3 price entities, §5 price rules, §7 Prices; docs/architecture.md
// §4 'Prices'): paths, the add and edit schemas shared by the forms and the API, rows, money and days.
import { coerce, define, type Infer, object, optional, refine, type Struct, string } from 'superstruct';

export { PRICE_TABLE_LABELS, PRICE_TABLES, type PriceTable } from './price-tables';

import type { PriceTable } from './price-tables';
import { recordVersion, textProblem } from './validation';

const pathsOf = (base: string) => ({ list: base, create: `${base}-create`, edit: `${base}-edit/` }) as const;

/** requirements §7 'Prices': list (GET), create (POST), edit (PUT, id in the body; the trailing slash is the spec's). */
export const PRICE_PATHS = {
  airportCost: pathsOf('/price/airport-cost'),
  flightUnitCost: pathsOf('/price/flight-unit-cost'),
  marketNumber: pathsOf('/price/marketnumber-cost'),
  passengerMealCost: pathsOf('/price/passengermeal-cost'),
  regulationCost: pathsOf('/price/regulation-cost'),
} as const satisfies Record<PriceTable, { list: string; create: string; edit: string }>;

export const PRICES_PAGE_SIZE = 20;
/** Highest amount accepted, in euros: beyond it a typing slip is far likelier than a real price. */
export const MAX_PRICE_EUROS = 1_000_000;
export const TEXT_MAX = 100;
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

export const PRICE_MESSAGES = {
  required: 'Obligatoire',
  dateOrder: 'La date de début doit être antérieure à la date de fin',
  dateInvalid: 'Date invalide (format attendu : aaaa-mm-jj)',
  dateRange: 'La date doit être comprise entre le 01/01/2000 et le 31/12/2099',
  priceNumber: 'Le prix doit être un nombre',
  pricePositive: 'Le prix doit être supérieur à 0',
  priceZeroOrMore: 'Le prix doit être supérieur ou égal à 0',
  priceDecimals: 'Le prix doit avoir au plus 2 décimales',
  priceMax: 'Le prix ne peut pas dépasser 1 000 000 €',
  icao: 'Le code OACI doit comporter 4 lettres',
  airportNameLength: "Le nom de l'aéroport ne peut pas dépasser 100 caractères",
  marketNumberLength: 'Le numéro de marché ne peut pas dépasser 100 caractères',
  idInvalid: 'Identifiant invalide',
  notFound: 'Prix introuvable',
  searchTooLong: 'La recherche ne peut pas dépasser 100 caractères',
  bodyTooLarge: 'La requête est trop volumineuse.',
  overlapUnknown: 'Cette période chevauche une autre période.',
  add: 'Ajouter prix',
  airportSearch: 'Rechercher par code OACI',
  created: 'Prix ajouté',
  edited: 'Prix modifié',
} as const;

/** 409 of a create or edit whose days are already priced: names the period in the way (dd/MM/yyyy). */
export const overlapMessage = (period: { fromDate: string; toDate: string }) =>
  `Cette période chevauche celle du ${frenchDay(period.fromDate)} au ${frenchDay(period.toDate)}.`;

/** 'yyyy-MM-dd' → 'dd/MM/yyyy' (requirements §9: dates shown in French format). */
export const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

// ---- Calendar days -------------------------------------------------------------------------------

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a real calendar day written yyyy-MM-dd (2024-02-30 is not). */
export function isCalendarDay(day: unknown): day is string {
  if (typeof day !== 'string') return false;
  const match = DAY.exec(day);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function dayProblem(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return PRICE_MESSAGES.required;
  if (!isCalendarDay(v)) return PRICE_MESSAGES.dateInvalid;
  if (v < FIRST_DAY || v > LAST_DAY) return PRICE_MESSAGES.dateRange;
  return null;
}

/** A calendar day 'yyyy-MM-dd' (Paris), a real one, between FIRST_DAY and LAST_DAY. */
export const calendarDay = coerce(
  define<string>('calendarDay', (v) => dayProblem(v) ?? true),
  string(),
  (s) => s.trim(),
);

// ---- Money ---------------------------------------------------------------------------------------

/** Euros → integer cents, for a value the schemas accepted (at most 2 decimals). */
export const toCents = (euros: number): number => Math.round(euros * 100) + 0;
/** Integer cents → euros as sent on the wire. */
export const toEuros = (cents: number): number => cents / 100;

function moneyProblem(v: unknown, zeroAllowed: boolean): string | null {
  if (v === undefined || v === null || v === '') return PRICE_MESSAGES.required;
  if (typeof v !== 'number' || !Number.isFinite(v)) return PRICE_MESSAGES.priceNumber;
  if (v < 0 || (v === 0 && !zeroAllowed))
    return zeroAllowed ? PRICE_MESSAGES.priceZeroOrMore : PRICE_MESSAGES.pricePositive;
  if (v > MAX_PRICE_EUROS) return PRICE_MESSAGES.priceMax;
  // The shortest decimal that reads back as `v`: 12.345, 0.1 + 0.2 or 1e-7 show more than 2 decimals.
  if (!/^\d+(\.\d{1,2})?$/.test(String(v))) return PRICE_MESSAGES.priceDecimals;
  return null;
}

const NUMERIC = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** An amount in euros (a number, or the text of a form field: '12.50' or '12,50'), never rounded. */
const euros = (zeroAllowed: boolean) =>
  coerce(
    define<number>('euros', (v) => moneyProblem(v, zeroAllowed) ?? true),
    string(),
    (s) => {
      const text = s.trim();
      return NUMERIC.test(text) ? Number(text.replace(',', '.')) : text;
    },
  );
export const positivePrice = euros(false);
export const zeroOrMorePrice = euros(true);

// ---- Texts and ids -------------------------------------------------------------------------------

const boundedText = (tooLong: string) =>
  coerce(
    define<string>('text', (v) => {
      if (typeof v !== 'string' || v === '') return PRICE_MESSAGES.required;
      return textProblem(v) ?? (v.length <= TEXT_MAX || tooLong);
    }),
    string(),
    (s) => s.trim(),
  );

/** An ICAO airport code: four letters, upper-cased. */
export const icaoCode = coerce(
  define<string>('icaoCode', (v) => {
    if (v === undefined || v === null || v === '') return PRICE_MESSAGES.required;
    return (typeof v === 'string' && /^[A-Z]{4}$/.test(v)) || PRICE_MESSAGES.icao;
  }),
  string(),
  (s) => s.trim().toUpperCase(),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isPriceId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
export const priceId = define<string>('priceId', (v) => {
  if (v === undefined || v === null || v === '') return PRICE_MESSAGES.required;
  return isPriceId(v) || PRICE_MESSAGES.idInvalid;
});

// ---- Schemas -------------------------------------------------------------------------------------

/**
 * The period rule alone (requirements §5): the message for the end date when both dates are days and the start
 * is not strictly before the end, else null. Forms use it to show it beside the other fields' messages
 * (a schema checks it only once every field is valid).
 */
export const periodProblem = (period: { fromDate?: unknown; toDate?: unknown }): string | null =>
  isCalendarDay(period.fromDate) && isCalendarDay(period.toDate) && period.fromDate >= period.toDate
    ? PRICE_MESSAGES.dateOrder
    : null;

/** fromDate strictly before toDate, else the spec's message on the end date (requirements §5). */
// biome-ignore lint/suspicious/noExplicitAny: any object struct with the two dates
const ordered = <S extends Struct<any, any>>(schema: S): S =>
  refine(schema, 'period', (value: { fromDate: string; toDate: string }) => {
    const problem = periodProblem(value);
    return problem === null ? true : { path: ['toDate'], message: problem };
  }) as S;

const period = { fromDate: calendarDay, toDate: calendarDay };
/** What an edit body adds to its fields: the row's id, and the version the form was opened on (decision 064). */
const editKey = { id: priceId, version: optional(recordVersion) };
const airportName = boundedText(PRICE_MESSAGES.airportNameLength);

export const CreateAirportCostBody = ordered(
  object({
    ...period,
    icaoCode,
    airportName,
    priceWithDeIcing: positivePrice,
    priceWithoutDeIcing: positivePrice,
  }),
);
/** On edit the price with de-icing may be 0 (requirements §5). */
export const EditAirportCostBody = ordered(
  object({
    ...editKey,
    ...period,
    icaoCode,
    airportName,
    priceWithDeIcing: zeroOrMorePrice,
    priceWithoutDeIcing: positivePrice,
  }),
);

const flightUnitFields = {
  ...period,
  priceJetWithOCS: positivePrice,
  priceJetWithoutOCS: positivePrice,
  priceTurbopropWithOCS: positivePrice,
  priceTurbopropWithoutOCS: positivePrice,
};
export const CreateFlightUnitCostBody = ordered(object(flightUnitFields));
export const EditFlightUnitCostBody = ordered(object({ ...editKey, ...flightUnitFields }));

const marketNumberFields = { ...period, value: boundedText(PRICE_MESSAGES.marketNumberLength) };
export const CreateMarketNumberBody = ordered(object(marketNumberFields));
export const EditMarketNumberBody = ordered(object({ ...editKey, ...marketNumberFields }));

const singlePriceFields = { ...period, price: positivePrice };
export const CreatePassengerMealCostBody = ordered(object(singlePriceFields));
export const EditPassengerMealCostBody = ordered(object({ ...editKey, ...singlePriceFields }));
export const CreateRegulationCostBody = ordered(object(singlePriceFields));
export const EditRegulationCostBody = ordered(object({ ...editKey, ...singlePriceFields }));

/** The add and edit schema of each table, for the forms and the API alike. */
export const PRICE_SCHEMAS = {
  airportCost: { create: CreateAirportCostBody, edit: EditAirportCostBody },
  flightUnitCost: { create: CreateFlightUnitCostBody, edit: EditFlightUnitCostBody },
  marketNumber: { create: CreateMarketNumberBody, edit: EditMarketNumberBody },
  passengerMealCost: { create: CreatePassengerMealCostBody, edit: EditPassengerMealCostBody },
  regulationCost: { create: CreateRegulationCostBody, edit: EditRegulationCostBody },
} as const satisfies Record<PriceTable, { create: unknown; edit: unknown }>;

export type CreateAirportCostInput = Infer<typeof CreateAirportCostBody>;
export type EditAirportCostInput = Infer<typeof EditAirportCostBody>;
export type CreateFlightUnitCostInput = Infer<typeof CreateFlightUnitCostBody>;
export type CreateMarketNumberInput = Infer<typeof CreateMarketNumberBody>;
export type CreateSinglePriceInput = Infer<typeof CreatePassengerMealCostBody>;

// ---- Rows (amounts in euros, at most 2 decimals; days yyyy-MM-dd, inclusive) ----------------------

export interface PricePeriod {
  id: string;
  fromDate: string;
  toDate: string;
  /** The row's version, which its edit sends back (decision 064). */
  version: number;
}

export interface AirportCostRow extends PricePeriod {
  icaoCode: string;
  airportName: string;
  priceWithDeIcing: number;
  priceWithoutDeIcing: number;
}

export interface FlightUnitCostRow extends PricePeriod {
  priceJetWithOCS: number;
  priceJetWithoutOCS: number;
  priceTurbopropWithOCS: number;
  priceTurbopropWithoutOCS: number;
}

export interface MarketNumberRow extends PricePeriod {
  value: string;
}

export interface PassengerMealCostRow extends PricePeriod {
  price: number;
}

export interface RegulationCostRow extends PricePeriod {
  price: number;
}

export interface PriceRows {
  airportCost: AirportCostRow;
  flightUnitCost: FlightUnitCostRow;
  marketNumber: MarketNumberRow;
  passengerMealCost: PassengerMealCostRow;
  regulationCost: RegulationCostRow;
}

/** Query of the list calls: `search` is read by the airport cost list only (ICAO code or airport name). */
export interface PricesQuery {
  pageSize?: number;
  pageNumber?: number;
  search?: string;
}
