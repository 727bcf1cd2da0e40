// The simulator's trips and legs, and the changes a test or the demo makes to them (add, change, cancel,
// delete): each change ticks the clock and marks the legs it touched, as Leon does.
import { instant, type SimClock, SimulatorInputError } from './clock';
import { FLEET_BY_REGISTRATION, HOSPITALS_BY_NAME } from './data';
import { generateTrip } from './generate';
import { buildLeg, type LegInput, type LegPatch, patchLeg } from './leg-input';
import { DAY, isoAt, type SimLeg, type SimTrip, type SimTripKind, type SimTripStatus } from './model';
import { createPrng } from './prng';

export type { LegInput, LegPatch } from './leg-input';

export interface AddTripInput {
  tripNumber?: string;
  status?: SimTripStatus;
  client?: string | null;
  /** Without `legs`: legs are generated for this kind (default `confirmed`) around now. */
  kind?: SimTripKind;
  legs?: LegInput[];
}

export interface ChangeTripInput {
  status?: SimTripStatus;
  client?: string | null;
  /** Patches by leg index (null or absent: leg unchanged). */
  legs?: Array<LegPatch | null | undefined>;
}

export interface ModifiedFlights {
  created: Array<{ trip: SimTrip; leg: SimLeg }>;
  changed: Array<{ trip: SimTrip; leg: SimLeg }>;
  deleted: number[];
  timestamp: number;
}

export interface FlightQuery {
  start: number;
  end: number;
  tripNumber?: string | null;
  flightNumber?: string | null;
  isCnl?: boolean | null;
  aircraftNidList?: readonly number[] | null;
  requestedByNid?: number | null;
}

export function createTripStore(options: {
  now: () => number;
  clock: SimClock;
  seed: number;
  initialTrips: SimTrip[];
}) {
  const { now } = options;
  const { tick, current, checkModifiedSince } = options.clock;
  const prng = createPrng(options.seed ^ 0x5eed);
  let trips = new Map<string, SimTrip>();
  let deleted = new Map<number, number>();
  const ids = { tripNumber: 24001, tripNid: 5001, flightNid: 100001 };
  /**
   * Every leg with its scheduled departure, in departure order, for `flightsBetween`: built when first
   * asked, dropped by every change. A first load asks for hundreds of windows, each a binary search here
   * rather than a pass over every leg.
   */
  let byDeparture: Array<{ trip: SimTrip; leg: SimLeg; std: number }> | null = null;

  function load(list: SimTrip[]): void {
    byDeparture = null;
    trips = new Map(list.map((trip) => [trip.tripNumber, structuredClone(trip)]));
    for (const trip of trips.values()) {
      ids.tripNumber = Math.max(ids.tripNumber, (Number.parseInt(trip.tripNumber, 10) || 0) + 1);
      ids.tripNid = Math.max(ids.tripNid, trip.tripNid + 1);
      for (const leg of trip.legs) ids.flightNid = Math.max(ids.flightNid, leg.flightNid + 1);
    }
  }
  load(options.initialTrips);

  function get(tripNumber: string): SimTrip {
    const trip = trips.get(tripNumber);
    if (!trip) throw new SimulatorInputError(`Unknown trip ${tripNumber}`, 404);
    return trip;
  }

  function touch(leg: SimLeg, at: number, lastModified = now()): void {
    leg.modifiedAt = at;
    leg.lastModified = isoAt(lastModified);
  }

  function checkClient(client: string | null | undefined): void {
    if (typeof client === 'string' && client.trim() === '')
      throw new SimulatorInputError('client: a name is required (or null for none)');
  }

  function add(input: AddTripInput = {}): SimTrip {
    byDeparture = null;
    checkClient(input.client);
    if (input.tripNumber !== undefined && trips.has(input.tripNumber))
      throw new SimulatorInputError(`Trip ${input.tripNumber} already exists`);
    const at = tick();
    let trip: SimTrip;
    if (input.legs && input.legs.length > 0) {
      trip = {
        tripNid: ids.tripNid++,
        tripNumber: input.tripNumber ?? String(ids.tripNumber++),
        status: input.status ?? 'CONFIRMED',
        isDeleted: false,
        client: input.client === undefined ? 'CHU de Bordeaux – Hôpital Pellegrin' : input.client,
        legs: input.legs.map((leg, i) => buildLeg(leg, i, { at, now, nextFlightNid: () => ids.flightNid++ })),
      };
    } else {
      const t = now();
      const kind = input.kind ?? 'confirmed';
      trip = generateTrip(prng, kind, { from: t - 2 * DAY, to: t + 14 * DAY, now: t }, ids, {
        client: input.client,
      });
      if (input.tripNumber !== undefined) trip.tripNumber = input.tripNumber;
      if (input.status) trip.status = input.status;
      for (const leg of trip.legs) {
        leg.createdAt = at;
        leg.modifiedAt = at;
        leg.lastModified = isoAt(Math.min(t, Date.parse(leg.lastModified) || t));
      }
    }
    if (input.tripNumber !== undefined)
      ids.tripNumber = Math.max(ids.tripNumber, Number(input.tripNumber) + 1 || 0);
    trips.set(trip.tripNumber, trip);
    return trip;
  }

  function change(tripNumber: string, patch: ChangeTripInput): SimTrip {
    byDeparture = null;
    const trip = get(tripNumber);
    if (trip.isDeleted) throw new SimulatorInputError(`Trip ${tripNumber} is deleted`, 404);
    checkClient(patch.client);
    const at = tick();
    const wholeTrip = patch.status !== undefined || patch.client !== undefined;
    if (patch.status !== undefined) trip.status = patch.status;
    if (patch.client !== undefined) trip.client = patch.client;
    const patches = patch.legs ?? [];
    if (patches.length > trip.legs.length)
      throw new SimulatorInputError(`Trip ${tripNumber} has ${trip.legs.length} legs`);
    trip.legs.forEach((leg, i) => {
      const p = patches[i];
      if (p) patchLeg(leg, p, i);
      if (p || wholeTrip) touch(leg, at);
    });
    return trip;
  }

  /** Cancels every leg; `at` (default now) becomes their flightLastModificationTime. */
  function cancel(tripNumber: string, options: { at?: string } = {}): SimTrip {
    byDeparture = null;
    const trip = get(tripNumber);
    if (trip.isDeleted) throw new SimulatorInputError(`Trip ${tripNumber} is deleted`, 404);
    const at = tick();
    const when = options.at ? instant(options.at, 'at') : now();
    for (const leg of trip.legs) {
      leg.isCnl = true;
      touch(leg, at, when);
    }
    return trip;
  }

  function remove(tripNumber: string): SimTrip {
    byDeparture = null;
    const trip = get(tripNumber);
    if (trip.isDeleted) return trip;
    const at = tick();
    trip.isDeleted = true;
    for (const leg of trip.legs) deleted.set(leg.flightNid, at);
    return trip;
  }

  /** Back to the initial trips at clock `at`: everything reset shows as changed, trips added since as deleted. */
  function reset(at: number): void {
    byDeparture = null;
    const before = new Set<number>();
    for (const trip of trips.values()) for (const leg of trip.legs) before.add(leg.flightNid);
    load(options.initialTrips);
    deleted = new Map();
    for (const trip of trips.values())
      for (const leg of trip.legs) {
        before.delete(leg.flightNid);
        leg.modifiedAt = at;
      }
    for (const flightNid of before) deleted.set(flightNid, at);
  }

  function* liveLegs(): Generator<{ trip: SimTrip; leg: SimLeg }> {
    for (const trip of trips.values()) {
      if (trip.isDeleted) continue;
      for (const leg of trip.legs) yield { trip, leg };
    }
  }

  function departures(): Array<{ trip: SimTrip; leg: SimLeg; std: number }> {
    byDeparture ??= [...trips.values()]
      .flatMap((trip) => trip.legs.map((leg) => ({ trip, leg, std: Date.parse(leg.std) })))
      .sort((a, b) => a.std - b.std || a.leg.flightNid - b.leg.flightNid);
    return byDeparture;
  }

  /** Flights whose scheduled departure lies in [start, end), in departure order. */
  function flightsBetween(query: FlightQuery): Array<{ trip: SimTrip; leg: SimLeg }> {
    const aircraft = query.aircraftNidList ? new Set(query.aircraftNidList) : null;
    const all = departures();
    let low = 0;
    let high = all.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (all[middle].std < query.start) low = middle + 1;
      else high = middle;
    }
    const found: Array<{ trip: SimTrip; leg: SimLeg }> = [];
    for (let i = low; i < all.length && all[i].std < query.end; i++) {
      const { trip, leg } = all[i];
      if (trip.isDeleted) continue;
      if (query.tripNumber && trip.tripNumber !== query.tripNumber) continue;
      if (query.flightNumber && leg.flightNo !== query.flightNumber) continue;
      if (query.isCnl !== undefined && query.isCnl !== null && leg.isCnl !== query.isCnl) continue;
      if (aircraft) {
        const nid = acftNidOf(leg.registration);
        if (nid === null || !aircraft.has(nid)) continue;
      }
      if (
        query.requestedByNid &&
        HOSPITALS_BY_NAME.get(trip.client ?? '')?.contactNid !== query.requestedByNid
      )
        continue;
      found.push({ trip, leg });
    }
    return found;
  }

  /** Leon's getModifiedFlightList: changes strictly after `dateTime` (Unix s), at most a week back. */
  function modifiedSince(dateTime: number): ModifiedFlights {
    checkModifiedSince(dateTime);
    const created: ModifiedFlights['created'] = [];
    const changed: ModifiedFlights['changed'] = [];
    for (const entry of liveLegs()) {
      if (entry.leg.createdAt > dateTime) created.push(entry);
      else if (entry.leg.modifiedAt > dateTime) changed.push(entry);
    }
    const gone = [...deleted].filter(([, at]) => at > dateTime).map(([flightNid]) => flightNid);
    return { created, changed, deleted: gone.sort((a, b) => a - b), timestamp: current() };
  }

  return {
    add,
    change,
    cancel,
    remove,
    reset,
    get,
    find: (tripNumber: string) => trips.get(tripNumber),
    list: () => [...trips.values()],
    flightsBetween,
    modifiedSince,
  };
}

export function acftNidOf(registration: string | null): number | null {
  return registration ? (FLEET_BY_REGISTRATION.get(registration)?.acftNid ?? null) : null;
}
