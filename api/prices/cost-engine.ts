// The costs of a mission for the statistics (architecture.md §4 'Costs'): a pure function of the mission and the
// price rows, no database and no clock. Integer cents throughout, one half-up rounding (the flight time
// cost); a figure that cannot be computed is `missing` with a French reason, never 0. A mission cancelled
// less than 45 minutes before departure is charged by the operator's rule (decision 029).
import { DEFAULT_LATE_CANCELLATION_BILLING, type LateCancellationBilling } from '../../contract/statistics';

export const PARIS = 'Europe/Paris';
/** Added once per mission to the flight time (requirements §9 'Flight time column adds 15 minutes'). */
export const BILLED_EXTRA_MINUTES = 15;
/** A leg longer than this is bad data, not a flight. */
const MAX_LEG_MS = 24 * 3600_000;

export type Figure = { ok: true; value: number } | { ok: false; reason: string };
const present = (value: number): Figure => ({ ok: true, value });
const missing = (reason: string): Figure => ({ ok: false, reason });

// ---- Price rows, amounts in integer cents (the columns of the price tables) ------------------------

export interface PricedPeriod {
  /** First and last day, inclusive, yyyy-MM-dd. */
  fromDate: string;
  toDate: string;
}
export interface FlightUnitPrice extends PricedPeriod {
  priceJetWithOcsCents: number;
  priceJetWithoutOcsCents: number;
  priceTurbopropWithOcsCents: number;
  priceTurbopropWithoutOcsCents: number;
}
export interface SinglePrice extends PricedPeriod {
  priceCents: number;
}
export interface AirportPrice extends PricedPeriod {
  icaoCode: string;
  priceWithDeIcingCents: number;
  priceWithoutDeIcingCents: number;
}

/** All the rows of each table, or only those in force: the engine picks the row of the mission's day. */
export interface PriceRowsInCents {
  flightUnitCosts: readonly FlightUnitPrice[];
  regulationCosts: readonly SinglePrice[];
  passengerMealCosts: readonly SinglePrice[];
  airportCosts: readonly AirportPrice[];
}

/** The rows sorted for look-up, newest period first, airports grouped by ICAO code. Build it once. */
export interface PriceBook {
  readonly flightUnitCosts: readonly FlightUnitPrice[];
  readonly regulationCosts: readonly SinglePrice[];
  readonly passengerMealCosts: readonly SinglePrice[];
  readonly airportCosts: ReadonlyMap<string, readonly AirportPrice[]>;
}

const newestFirst = <T extends PricedPeriod>(rows: readonly T[] | null | undefined): T[] =>
  (Array.isArray(rows) ? rows : [])
    .filter((r) => r && typeof r.fromDate === 'string' && typeof r.toDate === 'string')
    .sort((a, b) => (a.fromDate < b.fromDate ? 1 : a.fromDate > b.fromDate ? -1 : 0));

export function createPriceBook(rows: PriceRowsInCents): PriceBook {
  const airports = new Map<string, AirportPrice[]>();
  for (const row of newestFirst(rows.airportCosts)) {
    const key = String(row.icaoCode).toUpperCase();
    const list = airports.get(key);
    if (list) list.push(row);
    else airports.set(key, [row]);
  }
  return {
    flightUnitCosts: newestFirst(rows.flightUnitCosts),
    regulationCosts: newestFirst(rows.regulationCosts),
    passengerMealCosts: newestFirst(rows.passengerMealCosts),
    airportCosts: airports,
  };
}

/** The row in force on `day` (tables never overlap; were they to, the newest period wins). */
function inForce<T extends PricedPeriod>(rows: readonly T[] | undefined, day: string): T | undefined {
  if (!rows) return undefined;
  for (const row of rows) if (row.fromDate <= day && day <= row.toDate) return row;
  return undefined;
}

// ---- The mission -----------------------------------------------------------------------------------

/** A Date, an ISO text, or milliseconds since the epoch (what a read that skips the Date objects gives). */
type Instant = Date | string | number | null | undefined;

export interface CostLeg {
  adepIcao: string | null;
  stdUtc: Instant;
  staUtc: Instant;
  bloffUtc?: Instant;
  blonUtc?: Instant;
  /** A cancelled leg is not flown: no flight time, no airport cost. */
  isCnl?: boolean;
}

export interface CostMission {
  /** The first departure instant: its Paris calendar day chooses the price rows. */
  departureDateTime: Instant;
  aircraftType: 'ND' | 'JET' | 'TURBOPROP';
  isWithOCS: boolean | null;
  numberOfMeals: number | null;
  /** Departure ICAO codes where the aircraft was de-iced. */
  airportDeIcing: readonly string[] | null;
  /** The airport invoice status, when known: NOT_APPLICABLE makes the airport costs 0 €. */
  airportStatus?: string | null;
  /** Cancelled less than 45 minutes before departure (ANNULEE_45_MOINS): charged by `CostRules`. */
  lateCancellation?: boolean;
  legs: readonly CostLeg[];
}

/** A mission as the reads give it: its status rather than the late-cancellation flag, its legs apart. */
export interface CostRecord extends Omit<CostMission, 'lateCancellation' | 'legs' | 'airportDeIcing'> {
  airportDeIcing: readonly string[];
  missionStatus: string | null;
}

/** The operator's rules the engine applies (configuration, decision 029). */
export interface CostRules {
  lateCancellation: LateCancellationBilling;
}
export const DEFAULT_COST_RULES: CostRules = { lateCancellation: DEFAULT_LATE_CANCELLATION_BILLING };

export interface AirportCost {
  icaoCode: string;
  withDeIcing: boolean;
  amount: Figure;
}

/** Minutes for the times, cents for the amounts. */
export interface MissionCosts {
  /** The Paris day of the first departure (yyyy-MM-dd), or null when unknown. */
  priceDay: string | null;
  flightTime: Figure;
  billedTime: Figure;
  costOfFlightTime: Figure;
  costOfRegulation: Figure;
  costOfMeal: Figure;
  totalCost: Figure;
  airportCosts: AirportCost[];
  totalAirportCosts: Figure;
}

export const COST_REASONS = {
  missingPrice: (what: string, day: string) => `Prix manquant : ${what} au ${frenchDay(day)}`,
  noDeparture: 'Date de départ inconnue',
  noTimes: 'Heures de vol manquantes ou incohérentes',
  aircraftNd: "Type d'avion non défini (N.D)",
  noOcs: 'OCS non renseigné',
  noMeals: 'Nombre de repas non renseigné',
  noIcao: "Code OACI de l'aéroport de départ manquant",
  tooLarge: 'Montant hors limites',
} as const;

const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

function epochMs(value: Instant): number | null {
  if (value === null || value === undefined) return null;
  const ms =
    typeof value === 'number'
      ? value
      : value instanceof Date
        ? value.getTime()
        : typeof value === 'string'
          ? Date.parse(value)
          : NaN;
  return Number.isFinite(ms) ? ms : null;
}

/**
 * yyyy-MM-dd in Paris ('en-CA' writes days that way): ICU's look-up, built once, takes about 2 µs where
 * date-fns-tz's formatInTimeZone took 20 to 35 (decision 010 named it the first thing to speed up).
 */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const HOUR_MS = 3_600_000;
/** Since 1950 Paris changes its offset only by whole hours, at 01:00 UTC, never across its midnight. */
const WHOLE_HOURS_FROM = Date.UTC(1950, 0, 1);
/**
 * The Paris day of each UTC hour seen (false when the hour straddles a Paris midnight): a period's check
 * asks for thousands of days, and ICU's look-up is the dearest part of a mission's price (decision 033).
 */
const dayOfHour = new Map<number, string | false>();

/** The Paris calendar day of an instant. */
export function parisDay(value: Instant): string | null {
  const ms = epochMs(value);
  if (ms === null) return null;
  // Beyond these years an instant is bad data, and yyyy-MM-dd would not hold it.
  if (ms < Date.UTC(1000, 0, 1) || ms >= Date.UTC(9999, 0, 1)) return null;
  if (ms < WHOLE_HOURS_FROM) return PARIS_DAY.format(ms);
  const hour = Math.floor(ms / HOUR_MS);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    // The hour's first and last millisecond on the same day: so is every instant between them.
    const first = PARIS_DAY.format(hour * HOUR_MS);
    day = first === PARIS_DAY.format(hour * HOUR_MS + HOUR_MS - 1) ? first : false;
    if (dayOfHour.size >= 100_000) dayOfHour.clear();
    dayOfHour.set(hour, day);
  }
  return day === false ? PARIS_DAY.format(ms) : day;
}

/** Block-off to block-on, or the scheduled times when the block times are missing or inconsistent. */
function legDurationMs(leg: CostLeg): number | null {
  const [off, on] = [epochMs(leg.bloffUtc), epochMs(leg.blonUtc)];
  if (off !== null && on !== null && on >= off && on - off <= MAX_LEG_MS) return on - off;
  const [std, sta] = [epochMs(leg.stdUtc), epochMs(leg.staUtc)];
  if (std !== null && sta !== null && sta >= std && sta - std <= MAX_LEG_MS) return sta - std;
  return null;
}

/** Amounts are sums of integer cents; beyond the safe integers they would be wrong, so they are missing. */
const safe = (cents: number): Figure =>
  Number.isSafeInteger(cents) ? present(cents) : missing(COST_REASONS.tooLarge);

function sum(parts: readonly Figure[]): Figure {
  let total = 0;
  for (const part of parts) {
    if (!part.ok) return part;
    total += part.value;
  }
  return safe(total);
}

function hourlyPriceCents(row: FlightUnitPrice, type: 'JET' | 'TURBOPROP', withOcs: boolean): number {
  if (type === 'JET') return withOcs ? row.priceJetWithOcsCents : row.priceJetWithoutOcsCents;
  return withOcs ? row.priceTurbopropWithOcsCents : row.priceTurbopropWithoutOcsCents;
}

const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** A record's costs (`CostRecord`): late-cancelled when its status is 'Annulée -45’' (decision 029). */
export function priceRecord(
  r: CostRecord,
  legs: readonly CostLeg[],
  book: PriceBook,
  rules: CostRules = DEFAULT_COST_RULES,
): MissionCosts {
  return computeMissionCosts(
    {
      departureDateTime: r.departureDateTime,
      aircraftType: r.aircraftType,
      isWithOCS: r.isWithOCS,
      numberOfMeals: r.numberOfMeals,
      airportDeIcing: r.airportDeIcing,
      airportStatus: r.airportStatus,
      lateCancellation: r.missionStatus === 'ANNULEE_45_MOINS',
      legs,
    },
    book,
    rules,
  );
}

/**
 * The amount `pick` reads in the row of `rows` in force on `day`, the mission's. A module function rather
 * than a closure of computeMissionCosts: a period prices thousands of missions.
 */
function price<T extends PricedPeriod>(
  day: string | null,
  rows: readonly T[] | undefined,
  what: string,
  pick: (row: T) => number,
): Figure {
  if (day === null) return missing(COST_REASONS.noDeparture);
  const found = inForce(rows, day);
  if (found === undefined) return missing(COST_REASONS.missingPrice(what, day));
  const cents = pick(found);
  return isCents(cents) ? present(cents) : missing(COST_REASONS.missingPrice(what, day));
}

export function computeMissionCosts(
  mission: CostMission,
  book: PriceBook,
  rules: CostRules = DEFAULT_COST_RULES,
): MissionCosts {
  // A late cancellation under 'flat' or 'none' bills no flight time (nor its 15 minutes); under 'none'
  // no regulation nor meals either. Under 'full' it is priced like any other mission.
  const late = mission.lateCancellation === true ? rules.lateCancellation : 'full';
  const legs = (Array.isArray(mission.legs) ? mission.legs : []).filter((l) => l && l.isCnl !== true);
  const day = parisDay(mission.departureDateTime);

  // Times, in whole minutes (Leon's times are to the minute; seconds, if any, round half-up).
  let flightMs = 0;
  let timesKnown = true;
  for (const leg of legs) {
    const ms = legDurationMs(leg);
    if (ms === null) timesKnown = false;
    else flightMs += ms;
  }
  const flightTime = timesKnown
    ? present(Math.floor((flightMs + 30_000) / 60_000))
    : missing(COST_REASONS.noTimes);
  const billedTime =
    flightTime.ok && late === 'full' ? present(flightTime.value + BILLED_EXTRA_MINUTES) : flightTime;

  // Billed hours × hourly price: the one rounding of the engine, half-up to the cent.
  let costOfFlightTime: Figure;
  const type = mission.aircraftType;
  if (late !== 'full') costOfFlightTime = present(0);
  else if (type !== 'JET' && type !== 'TURBOPROP') costOfFlightTime = missing(COST_REASONS.aircraftNd);
  else if (typeof mission.isWithOCS !== 'boolean') costOfFlightTime = missing(COST_REASONS.noOcs);
  else {
    const withOcs = mission.isWithOCS;
    const hourly = price(day, book.flightUnitCosts, 'coût unitaire de vol', (row) =>
      hourlyPriceCents(row, type, withOcs),
    );
    if (!hourly.ok) costOfFlightTime = hourly;
    else if (!billedTime.ok) costOfFlightTime = billedTime;
    else {
      const exact = billedTime.value * hourly.value; // cents × 60
      costOfFlightTime = Number.isSafeInteger(exact + 30)
        ? safe(Math.floor((exact + 30) / 60))
        : missing(COST_REASONS.tooLarge);
    }
  }

  const costOfRegulation =
    late === 'none'
      ? present(0)
      : price(day, book.regulationCosts, 'coût de la régulation', (row) => row.priceCents);

  let costOfMeal: Figure;
  const meals = mission.numberOfMeals;
  if (late === 'none') costOfMeal = present(0);
  else if (typeof meals !== 'number' || !Number.isSafeInteger(meals) || meals < 0)
    costOfMeal = missing(COST_REASONS.noMeals);
  else {
    const meal = price(day, book.passengerMealCosts, 'coût des repas des passagers', (row) => row.priceCents);
    costOfMeal = meal.ok ? safe(meals * meal.value) : meal;
  }

  const totalCost = sum([costOfFlightTime, costOfRegulation, costOfMeal]);

  // One airport cost per flown leg, for its departure airport.
  const deIced = new Set(
    (Array.isArray(mission.airportDeIcing) ? mission.airportDeIcing : []).map((c) => String(c).toUpperCase()),
  );
  const notApplicable = mission.airportStatus === 'NOT_APPLICABLE';
  const airportCosts: AirportCost[] = legs.map((leg) => {
    const icaoCode = typeof leg.adepIcao === 'string' ? leg.adepIcao.toUpperCase() : '';
    const withDeIcing = icaoCode !== '' && deIced.has(icaoCode);
    if (notApplicable) return { icaoCode, withDeIcing, amount: present(0) };
    if (icaoCode === '') return { icaoCode, withDeIcing, amount: missing(COST_REASONS.noIcao) };
    const amount = price(day, book.airportCosts.get(icaoCode), `coût de l'aéroport ${icaoCode}`, (row) =>
      withDeIcing ? row.priceWithDeIcingCents : row.priceWithoutDeIcingCents,
    );
    return { icaoCode, withDeIcing, amount };
  });
  const totalAirportCosts = notApplicable ? present(0) : sum(airportCosts.map((a) => a.amount));

  return {
    priceDay: day,
    flightTime,
    billedTime,
    costOfFlightTime,
    costOfRegulation,
    costOfMeal,
    totalCost,
    airportCosts,
    totalAirportCosts,
  };
}
