// Realistic, deterministic trips for the simulator, tests and benchmarks: organ-transport missions
// requested by French hospitals, 1–3 legs, every state a mission goes through relative to `now`.
import {
  AIRPORTS,
  AIRPORTS_BY_KEY,
  BASE_AIRPORT,
  CREW,
  crewOnLeg,
  FLEET,
  HOSPITALS,
  JET_TYPES,
  type SimAircraft,
} from './data';
import {
  HOUR,
  isoAt,
  MINUTE,
  SIM_TRIP_KINDS,
  type SimCrewOnLeg,
  type SimLeg,
  type SimTrip,
  type SimTripKind,
  type SimTripStatus,
  unixSeconds,
} from './model';
import { createPrng, type Prng } from './prng';

export interface GenerateOptions {
  seed?: number;
  /** Window of the trips' first departures. */
  from: Date | string | number;
  to: Date | string | number;
  /** What "now" is for the generated states (in flight, flown, future). Default: the current time. */
  now?: number;
  firstTripNumber?: number;
  firstTripNid?: number;
  firstFlightNid?: number;
}

export interface IdCounters {
  tripNumber: number;
  tripNid: number;
  flightNid: number;
}

/** Relative frequencies when a kind is drawn at random. */
const KIND_WEIGHTS: Record<SimTripKind, number> = {
  opportunity: 1,
  option: 1.5,
  confirmed: 4,
  in_flight: 0.3,
  flown: 10,
  cancelled_early: 1.2,
  cancelled_late: 0.5,
};

// Harvest sites: any airport with an ICAO code, except the operator's base.
const HARVEST_AIRPORTS = AIRPORTS.filter((a) => a.icao !== null && a.key !== BASE_AIRPORT).map((a) => a.key);
const CAPTAINS = CREW.filter((c) => c.role === 'CPT');
const FIRST_OFFICERS = CREW.filter((c) => c.role === 'FO');
const ATTENDANTS = CREW.filter((c) => c.role === 'FA');
const ND_SPEED = 600;

function distanceKm(fromKey: string, toKey: string): number {
  const a = AIRPORTS_BY_KEY.get(fromKey);
  const b = AIRPORTS_BY_KEY.get(toKey);
  if (!a || !b) return 400;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const roundTo5 = (ms: number) => Math.round(ms / (5 * MINUTE)) * 5 * MINUTE;

/** Scheduled block-to-block time of a leg: distance at cruise speed plus taxi, climb and descent. */
export function legDurationMs(fromKey: string, toKey: string, speedKmh = ND_SPEED): number {
  return Math.max(30 * MINUTE, roundTo5((distanceKm(fromKey, toKey) / speedKmh) * HOUR + 20 * MINUTE));
}

function route(prng: Prng, clientAirport: string, legCount: number): Array<[string, string]> {
  const harvest = prng.pick(HARVEST_AIRPORTS.filter((k) => k !== clientAirport));
  if (legCount === 1) return [[harvest, clientAirport]];
  // The transplant team flies out to the harvest site and back with the organ…
  if (legCount === 2)
    return [
      [clientAirport, harvest],
      [harvest, clientAirport],
    ];
  // …or the aircraft leaves its base, carries the organ to the transplant hospital and returns.
  return [
    [BASE_AIRPORT, harvest],
    [harvest, clientAirport],
    [clientAirport, BASE_AIRPORT],
  ];
}

function crewFor(prng: Prng, aircraft: SimAircraft): SimCrewOnLeg[] {
  const members: SimCrewOnLeg[] = [];
  const add = (person: (typeof CREW)[number], position: string) =>
    members.push(crewOnLeg(person.contactNid, position));
  add(prng.pick(CAPTAINS), 'CPT');
  add(prng.pick(FIRST_OFFICERS), 'FO');
  if (JET_TYPES.has(aircraft.type) && prng.chance(0.2)) add(prng.pick(ATTENDANTS), 'FA');
  return members;
}

function statusOf(kind: SimTripKind): SimTripStatus {
  if (kind === 'opportunity') return 'OPPORTUNITY';
  if (kind === 'option') return 'OPTION';
  return 'CONFIRMED';
}

interface Plan {
  legs: Array<{ from: string; to: string; offset: number; duration: number }>;
  total: number;
}

function plan(prng: Prng, clientAirport: string, aircraft: SimAircraft): Plan {
  const legCount = prng.weighted([
    { n: 1, weight: 3 },
    { n: 2, weight: 4 },
    { n: 3, weight: 3 },
  ]).n;
  let offset = 0;
  const legs = route(prng, clientAirport, legCount).map(([from, to], i) => {
    if (i > 0) offset += prng.int(9, 30) * 5 * MINUTE; // 45 min to 2 h 30 on the ground
    const duration = legDurationMs(from, to, aircraft.speedKmh);
    const leg = { from, to, offset, duration };
    offset += duration;
    return leg;
  });
  return { legs, total: offset };
}

/** The range of first departures in which `kind` makes sense, or null when the window cannot hold it. */
function startRange(
  kind: SimTripKind,
  from: number,
  to: number,
  now: number,
  total: number,
): [number, number] | null {
  let lo = from;
  let hi = to;
  switch (kind) {
    case 'flown':
      hi = Math.min(to, now - total - HOUR);
      break;
    case 'in_flight':
      if (now < from || now > to) return null;
      return [now, now];
    case 'opportunity':
    case 'option':
    case 'confirmed':
      lo = Math.max(from, now + 2 * HOUR);
      break;
    case 'cancelled_late':
      hi = Math.min(to, now);
      break;
    case 'cancelled_early':
      break;
  }
  return lo <= hi ? [lo, hi] : null;
}

function feasibleKinds(from: number, to: number, now: number): SimTripKind[] {
  // Checked with the longest plausible trip so that every kind returned can be placed.
  return SIM_TRIP_KINDS.filter((kind) => startRange(kind, from, to, now, 10 * HOUR) !== null);
}

function toMs(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(value)}`);
  return ms;
}

/** Builds one trip of `kind`; its first departure lies in [from, to] (in flight: wherever `now` needs it). */
export function generateTrip(
  prng: Prng,
  kind: SimTripKind,
  window: { from: number; to: number; now: number },
  ids: IdCounters,
  overrides: { client?: string | null } = {},
): SimTrip {
  const { now } = window;
  const hospital = prng.weighted(HOSPITALS);
  const client = overrides.client === undefined ? hospital.name : overrides.client;
  const clientAirport = HOSPITALS.find((h) => h.name === client)?.airport ?? hospital.airport;
  const aircraft = prng.weighted(FLEET);
  const p = plan(prng, clientAirport, aircraft);
  const range = startRange(kind, window.from, window.to, now, p.total) ?? [window.from, window.to];
  let start = roundTo5(range[0] + prng.next() * (range[1] - range[0]));
  // In flight: `now` falls inside one leg, between its block-off and its scheduled arrival.
  const current = kind === 'in_flight' ? prng.int(0, p.legs.length - 1) : -1;
  if (kind === 'in_flight') {
    const leg = p.legs[current];
    start = now - leg.offset - (10 * MINUTE + Math.floor(prng.next() * (leg.duration - 15 * MINUTE)));
  }
  const cancelled = kind === 'cancelled_early' || kind === 'cancelled_late';
  const cancelledAt = cancelled
    ? kind === 'cancelled_late'
      ? start - prng.int(1, 8) * 5 * MINUTE // 5 to 40 min before departure
      : Math.min(start - prng.int(3, 96) * HOUR, now - prng.int(0, 120) * MINUTE)
    : null;
  const createdAt = Math.min(
    cancelledAt ?? start,
    start - prng.int(2, 72) * HOUR,
    // Booked some minutes to a few days ago.
    now - prng.int(1, 96 * 60) * MINUTE,
  );
  const tripNid = ids.tripNid++;
  const tripNumber = String(ids.tripNumber++);
  const crew = crewFor(prng, aircraft);

  const legs: SimLeg[] = p.legs.map((planned, i) => {
    const flightNid = ids.flightNid++;
    const std = start + planned.offset;
    const sta = std + planned.duration;
    let blockOff: number | null = null;
    let blockOn: number | null = null;
    if (kind === 'flown' || (kind === 'in_flight' && i <= current)) {
      blockOff =
        std + (kind === 'in_flight' && i === current ? prng.int(0, 1) : prng.int(-1, 3)) * 5 * MINUTE;
      if (kind === 'flown' || i < current)
        blockOn = blockOff + planned.duration + prng.int(-1, 2) * 5 * MINUTE;
    }
    const lastModified =
      cancelledAt ?? blockOn ?? blockOff ?? Math.min(now, createdAt + prng.int(0, 24) * HOUR);
    return {
      flightNid,
      flightNo: flightNoOf(flightNid),
      from: planned.from,
      to: planned.to,
      std: isoAt(std),
      sta: isoAt(sta),
      blockOff: blockOff === null ? null : isoAt(blockOff),
      blockOn: blockOn === null ? null : isoAt(blockOn),
      registration: aircraft.registration,
      // The medical team (and the organ) on the way out and back; nobody on a return to base.
      passengers: planned.to === BASE_AIRPORT ? 0 : prng.int(1, 3),
      crew: crew.map((member) => ({ ...member })),
      isCnl: cancelled,
      lastModified: isoAt(lastModified),
      createdAt: unixSeconds(createdAt),
      modifiedAt: unixSeconds(lastModified),
    };
  });
  return { tripNid, tripNumber, status: statusOf(kind), isDeleted: false, client, legs, kind };
}

/**
 * `count` trips whose first departures lie in [from, to]. The first trips cover every kind that the
 * window allows relative to `now`; the rest are drawn with realistic frequencies. Same seed, same trips.
 */
export function generateTrips(count: number, options: GenerateOptions): SimTrip[] {
  const from = toMs(options.from);
  const to = toMs(options.to);
  if (to < from) throw new RangeError('generateTrips: `to` is before `from`');
  const now = options.now ?? Date.now();
  const prng = createPrng(options.seed ?? 1);
  const ids: IdCounters = {
    tripNumber: options.firstTripNumber ?? 24001,
    tripNid: options.firstTripNid ?? 5001,
    flightNid: options.firstFlightNid ?? 100001,
  };
  const kinds = feasibleKinds(from, to, now);
  if (kinds.length === 0) return [];
  const weighted = kinds.map((kind) => ({ kind, weight: KIND_WEIGHTS[kind] }));
  const scratch: IdCounters = { tripNumber: 0, tripNid: 0, flightNid: 0 };
  const trips: SimTrip[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i < kinds.length ? kinds[i] : prng.weighted(weighted).kind;
    trips.push(generateTrip(prng, kind, { from, to, now }, scratch));
  }
  // Leon numbers trips as they are booked: number them in departure order.
  trips.sort((a, b) => a.legs[0].std.localeCompare(b.legs[0].std));
  for (const trip of trips) {
    trip.tripNid = ids.tripNid++;
    trip.tripNumber = String(ids.tripNumber++);
    for (const leg of trip.legs) {
      leg.flightNid = ids.flightNid++;
      leg.flightNo = flightNoOf(leg.flightNid);
    }
  }
  return trips;
}

export function flightNoOf(flightNid: number): string {
  return `OAM${String(flightNid % 10000).padStart(4, '0')}`;
}
