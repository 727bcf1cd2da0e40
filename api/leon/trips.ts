// Leon's flights and trips → the typed `LeonLeg` / `LeonTrip` the sync stores, checked field by field.
// A trip whose data we cannot map becomes a failure for that trip alone (message naming the field and the
// trip), so that a sync imports the others and reports it.
import {
  array,
  assign,
  boolean,
  define,
  enums,
  type Infer,
  integer,
  min,
  string,
  type,
  union,
  unknown,
} from 'superstruct';
import type { AircraftType, CrewMember } from '../../contract/missions';
import {
  checked,
  instant,
  integerOrNull,
  iso,
  mappingError,
  maybe,
  messageOf,
  nonBlank,
  withoutNul,
} from './checked';

export const LEON_TRIP_STATUSES = ['CONFIRMED', 'OPTION', 'OPPORTUNITY'] as const;
export type LeonTripStatus = (typeof LEON_TRIP_STATUSES)[number];

export interface LeonLeg {
  flightNid: number;
  flightNo: string | null;
  tripNid: number;
  tripNumber: string;
  isCnl: boolean;
  /** Scheduled block-off and block-on (Leon's startTimeUTC / endTimeUTC), ISO 8601 UTC. */
  stdUTC: string;
  staUTC: string;
  /** Actual times from the journey log, once flown. */
  bloffUTC: string | null;
  blonUTC: string | null;
  adepIcao: string;
  adepName: string;
  adesIcao: string;
  adesName: string;
  registration: string | null;
  /** Leon's ICAO type designator (C56X, PC12…), kept for the record. */
  acftTypeIcao: string | null;
  aircraftType: AircraftType;
  passengerCount: number;
  crew: CrewMember[];
  /** Leon's flightLastModificationTime: for a cancelled leg, when it was cancelled. */
  lastModified: string;
}

export interface LeonTripHeader {
  tripNumber: string;
  tripNid: number;
  status: LeonTripStatus;
  isDeleted: boolean;
  /** The requester (Trip.client), for us the hospital: the mission's buyerName. */
  clientName: string | null;
}

export interface LeonTrip extends LeonTripHeader {
  /** Every leg, cancelled ones included, in scheduled order. */
  legs: LeonLeg[];
}

/** A leg as answered by the calls that list flights: with the header of its trip. */
export interface LeonFlight extends LeonLeg {
  trip: LeonTripHeader;
}

export interface LeonFailure {
  tripNumber: string | null;
  /** Why, in French. */
  message: string;
  /** Leon's own words (English), when Leon refused the trip: logs and ADMIN only. */
  leonMessage?: string;
  /** Leon's ids of what failed, when known: the trip's, or the flight's when the trip is not known. */
  tripNid?: number | null;
  flightNid?: number | null;
}

/** Leon's trip id of a raw flight (`trip { tripNid }`) or trip (`tripNid`), when it holds a usable one. */
export function rawTripNid(raw: unknown): number | null {
  const value = raw as { tripNid?: unknown; trip?: { tripNid?: unknown } | null } | null;
  return integerOrNull(value?.trip?.tripNid) ?? integerOrNull(value?.tripNid);
}

/**
 * Leon's aircraft type (ICAO designator) → the back-office's category. Types not listed map to ND,
 * which staff can correct in the mission form; add a type here when the fleet gains one.
 */
export const AIRCRAFT_TYPE_TABLE: Readonly<Record<string, Exclude<AircraftType, 'ND'>>> = {
  // Jets: Citation (Excel/XLS, Latitude, Sovereign, CJ family, Mustang), Falcon, Challenger, Learjet,
  // Phenom, Pilatus PC-24, Hawker, Premier.
  C56X: 'JET',
  C68A: 'JET',
  C680: 'JET',
  C525: 'JET',
  C25A: 'JET',
  C25B: 'JET',
  C25C: 'JET',
  C510: 'JET',
  F2TH: 'JET',
  FA50: 'JET',
  FA7X: 'JET',
  CL30: 'JET',
  CL35: 'JET',
  CL60: 'JET',
  LJ35: 'JET',
  LJ45: 'JET',
  LJ60: 'JET',
  LJ75: 'JET',
  E50P: 'JET',
  E55P: 'JET',
  PC24: 'JET',
  H25B: 'JET',
  PRM1: 'JET',
  // Turboprops: Pilatus PC-12, King Air 90/200/350, Piaggio Avanti, TBM, Caravan, Twin Otter.
  PC12: 'TURBOPROP',
  BE9L: 'TURBOPROP',
  BE20: 'TURBOPROP',
  B350: 'TURBOPROP',
  P180: 'TURBOPROP',
  TBM7: 'TURBOPROP',
  TBM8: 'TURBOPROP',
  TBM9: 'TURBOPROP',
  C208: 'TURBOPROP',
  DHC6: 'TURBOPROP',
};

export function aircraftTypeOf(acftTypeIcao: string | null | undefined): AircraftType {
  if (!acftTypeIcao) return 'ND';
  return AIRCRAFT_TYPE_TABLE[acftTypeIcao.trim().toUpperCase()] ?? 'ND';
}

// ——— What we accept from Leon. `type()` ignores fields we did not ask for or Leon adds later. ———

const icaoCode = define<string>('icao', (v) => typeof v === 'string' && /^[A-Za-z0-9]{4}$/.test(v));

const RawAirport = type({
  code: type({ icao: icaoCode, iata: maybe(string()) }),
  name: nonBlank,
});

const RawCrewMember = type({
  position: maybe(string()),
  isCaptain: maybe(boolean()),
  isFirstOfficer: maybe(boolean()),
  contact: maybe(
    type({
      contactNid: maybe(integer()),
      name: maybe(string()),
      surname: maybe(string()),
      phoneWork: maybe(string()),
      phoneMobile: maybe(string()),
    }),
  ),
});

const RawTripHeader = type({
  tripNid: integer(),
  tripNumber: union([nonBlank, integer()]),
  tripStatus: enums(LEON_TRIP_STATUSES),
  isDeleted: maybe(boolean()),
  client: maybe(type({ name: maybe(string()) })),
});

const RawFlight = type({
  flightNid: integer(),
  flightNo: maybe(string()),
  isCnl: boolean(),
  startTimeUTC: instant,
  endTimeUTC: instant,
  flightLastModificationTime: instant,
  startAirport: RawAirport,
  endAirport: RawAirport,
  acft: maybe(type({ registration: maybe(string()), acftType: maybe(type({ icao: maybe(string()) })) })),
  crewMemberList: maybe(array(RawCrewMember)),
  passengerList: maybe(type({ count: min(integer(), 0) })),
  journeyLog: maybe(type({ blockOff: maybe(instant), blockOn: maybe(instant) })),
});

const RawTrip = assign(RawTripHeader, type({ flightList: array(unknown()) }));

// ——— Mapping ———

/** ' (voyage N, vol M)': the trip and flight a failure concerns, as far as they are known. */
function where(tripNumber: string | null, flightNid?: unknown): string {
  const parts = [];
  if (tripNumber) parts.push(`voyage ${tripNumber}`);
  if (typeof flightNid === 'number') parts.push(`vol ${flightNid}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function mapHeader(raw: Infer<typeof RawTripHeader>): LeonTripHeader {
  const clientName = raw.client?.name?.trim();
  return {
    tripNumber: String(raw.tripNumber).trim(),
    tripNid: raw.tripNid,
    status: raw.tripStatus,
    isDeleted: raw.isDeleted ?? false,
    clientName: clientName ? clientName : null,
  };
}

const POSITION_ORDER = ['CPT', 'FO'];

function mapCrew(list: Infer<typeof RawCrewMember>[]): CrewMember[] {
  const crew = list.map((member) => {
    const mapped: CrewMember = {
      name: member.contact?.name?.trim() ?? '',
      surname: member.contact?.surname?.trim() ?? '',
      // Leon's flags say who flies the aircraft whatever an operator calls the position ('PIC', 'SIC'…): the
      // pilots screen counts CPT and FO only (FLIGHT_CREW_POSITIONS, contract/crew-and-fleet.ts).
      position: member.isCaptain ? 'CPT' : member.isFirstOfficer ? 'FO' : member.position?.trim() || '',
      phoneWork: member.contact?.phoneWork?.trim() || member.contact?.phoneMobile?.trim() || null,
    };
    // Leon's id of the person (the same on every trip): the pilots screen groups by it (decision 034).
    const contactNid = member.contact?.contactNid;
    if (typeof contactNid === 'number') mapped.contactNid = contactNid;
    return mapped;
  });
  const rank = (p: string) => {
    const i = POSITION_ORDER.indexOf(p);
    return i === -1 ? POSITION_ORDER.length : i;
  };
  return crew.sort((a, b) => rank(a.position) - rank(b.position));
}

/** One Leon flight → a leg of `trip`. Throws a `LeonError` of kind `mapping` naming the field. */
export function mapLeg(input: unknown, trip: LeonTripHeader): LeonLeg {
  const raw = withoutNul(input);
  const flightNid = (raw as { flightNid?: unknown } | null)?.flightNid;
  const f = checked(raw, RawFlight, { where: where(trip.tripNumber, flightNid) });
  const std = iso(f.startTimeUTC);
  const sta = iso(f.endTimeUTC);
  if (sta < std)
    throw mappingError('endTimeUTC antérieure à startTimeUTC', where(trip.tripNumber, f.flightNid));
  const acftTypeIcao = f.acft?.acftType?.icao?.trim().toUpperCase() || null;
  return {
    flightNid: f.flightNid,
    flightNo: f.flightNo?.trim() || null,
    tripNid: trip.tripNid,
    tripNumber: trip.tripNumber,
    isCnl: f.isCnl,
    stdUTC: std,
    staUTC: sta,
    bloffUTC: f.journeyLog?.blockOff ? iso(f.journeyLog.blockOff) : null,
    blonUTC: f.journeyLog?.blockOn ? iso(f.journeyLog.blockOn) : null,
    adepIcao: f.startAirport.code.icao.toUpperCase(),
    adepName: f.startAirport.name.trim(),
    adesIcao: f.endAirport.code.icao.toUpperCase(),
    adesName: f.endAirport.name.trim(),
    registration: f.acft?.registration?.trim() || null,
    acftTypeIcao,
    aircraftType: aircraftTypeOf(acftTypeIcao),
    passengerCount: f.passengerList?.count ?? 0,
    crew: mapCrew(f.crewMemberList ?? []),
    lastModified: iso(f.flightLastModificationTime),
  };
}

function rawTripNumber(raw: unknown): string | null {
  const trip = (raw as { trip?: { tripNumber?: unknown } } | null)?.trip;
  const n = trip?.tripNumber;
  return typeof n === 'string' || typeof n === 'number' ? withoutNul(String(n)).trim() || null : null;
}

/** A flight with its `trip { … }` header (flightList, getModifiedFlightList) → a `LeonFlight`. */
export function mapFlight(input: unknown): LeonFlight {
  const raw = withoutNul(input);
  const tripNumber = rawTripNumber(raw);
  const flightNid = (raw as { flightNid?: unknown } | null)?.flightNid;
  const header = mapHeader(
    checked((raw as { trip?: unknown } | null)?.trip, RawTripHeader, {
      prefix: 'trip',
      where: where(tripNumber, flightNid),
    }),
  );
  return { ...mapLeg(raw, header), trip: header };
}

/** A `Trip` with its `flightList` → a `LeonTrip`. Throws a `LeonError` of kind `mapping`. */
export function mapTrip(input: unknown): LeonTrip {
  const raw = withoutNul(input);
  const n = (raw as { tripNumber?: unknown } | null)?.tripNumber;
  const t = checked(raw, RawTrip, {
    where: where(typeof n === 'string' || typeof n === 'number' ? String(n) : null),
  });
  const header = mapHeader(t);
  return { ...header, legs: sortLegs(t.flightList.map((flight) => mapLeg(flight, header))) };
}

function sortLegs<L extends LeonLeg>(legs: L[]): L[] {
  return legs.sort((a, b) => a.stdUTC.localeCompare(b.stdUTC) || a.flightNid - b.flightNid);
}

function stripTrip({ trip: _trip, ...leg }: LeonFlight): LeonLeg {
  return leg;
}

/** Groups legs by trip (legs in scheduled order, trips by their first leg); the newest header wins. */
export function groupIntoTrips(flights: LeonFlight[]): LeonTrip[] {
  const byTrip = new Map<string, LeonFlight[]>();
  for (const flight of flights) {
    const list = byTrip.get(flight.trip.tripNumber);
    if (list) list.push(flight);
    else byTrip.set(flight.trip.tripNumber, [flight]);
  }
  const trips: LeonTrip[] = [];
  for (const list of byTrip.values()) {
    const legs = sortLegs(dedupe(list));
    const newest = legs.reduce((a, b) => (b.lastModified > a.lastModified ? b : a));
    trips.push({ ...newest.trip, legs: legs.map(stripTrip) });
  }
  return trips.sort((a, b) => a.legs[0].stdUTC.localeCompare(b.legs[0].stdUTC));
}

function dedupe(flights: LeonFlight[]): LeonFlight[] {
  const seen = new Map<number, LeonFlight>();
  for (const flight of flights) seen.set(flight.flightNid, flight);
  return [...seen.values()];
}

/**
 * Maps raw flights trip by trip: one bad flight makes its whole trip a failure (a sync is all-or-nothing
 * per trip) and leaves the other trips alone.
 */
export function mapFlightsByTrip(raws: unknown[]): { flights: LeonFlight[]; failures: LeonFailure[] } {
  const groups = new Map<string | null, unknown[]>();
  const failures: LeonFailure[] = [];
  for (const raw of raws) {
    const key = rawTripNumber(raw);
    if (key === null) {
      const flightNid = (raw as { flightNid?: unknown } | null)?.flightNid;
      failures.push({
        tripNumber: null,
        message: mappingError('champ trip.tripNumber absent', where(null, flightNid)).message,
        tripNid: rawTripNid(raw),
        flightNid: integerOrNull(flightNid),
      });
      continue;
    }
    const list = groups.get(key);
    if (list) list.push(raw);
    else groups.set(key, [raw]);
  }
  const flights: LeonFlight[] = [];
  for (const [tripNumber, list] of groups) {
    try {
      flights.push(...list.map(mapFlight));
    } catch (error) {
      failures.push({ tripNumber, message: messageOf(error), tripNid: rawTripNid(list[0]) });
    }
  }
  return { flights, failures };
}

/** Raw flights of any calls → whole trips, with the failures of the trips that could not be mapped. */
export function mapFlightsToTrips(raws: unknown[]): { trips: LeonTrip[]; failures: LeonFailure[] } {
  const { flights, failures } = mapFlightsByTrip(raws);
  return { trips: groupIntoTrips(flights), failures };
}
