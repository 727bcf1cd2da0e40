// A leg as a test or the demo gives it to the simulator's control API: built into a leg of the store, or
// patched onto one. Every field checked as Leon would refuse it (unknown airport, instant not ISO 8601).
import { instant, SimulatorInputError } from './clock';
import { AIRPORTS_BY_KEY, crewOnLeg, FLEET_BY_REGISTRATION } from './data';
import { flightNoOf, legDurationMs } from './generate';
import { isoAt, type SimCrewOnLeg, type SimLeg } from './model';

export interface LegInput {
  from: string;
  to: string;
  std: string;
  /** Default: computed from the distance. */
  sta?: string;
  blockOff?: string | null;
  blockOn?: string | null;
  registration?: string | null;
  passengers?: number;
  crew?: SimCrewOnLeg[];
  isCnl?: boolean;
  flightNo?: string | null;
  /** Leon's flight id; default: the next one. Tests give one already used to mimic bad Leon data. */
  flightNid?: number;
}

export type LegPatch = Partial<Omit<LegInput, 'flightNid'>>;

/** What building a leg needs of its store: the change's clock tick, the time, the next flight id. */
export interface LegContext {
  at: number;
  now: () => number;
  nextFlightNid: () => number;
}

function airportKey(key: string, field: string): string {
  if (!AIRPORTS_BY_KEY.has(key)) throw new SimulatorInputError(`${field}: unknown airport ${key}`);
  return key;
}

export function buildLeg(input: LegInput, index: number, context: LegContext): SimLeg {
  const { at, now } = context;
  const from = airportKey(input.from, `legs[${index}].from`);
  const to = airportKey(input.to, `legs[${index}].to`);
  const std = instant(input.std, `legs[${index}].std`);
  const registration = input.registration === undefined ? 'F-HBMV' : input.registration;
  const speed = FLEET_BY_REGISTRATION.get(registration ?? '')?.speedKmh;
  const sta = input.sta ? instant(input.sta, `legs[${index}].sta`) : std + legDurationMs(from, to, speed);
  if (sta <= std) throw new SimulatorInputError(`legs[${index}].sta must be after std`);
  const flightNid = input.flightNid ?? context.nextFlightNid();
  return {
    flightNid,
    flightNo: input.flightNo === undefined ? flightNoOf(flightNid) : input.flightNo,
    from,
    to,
    std: isoAt(std),
    sta: isoAt(sta),
    blockOff: input.blockOff ? isoAt(instant(input.blockOff, `legs[${index}].blockOff`)) : null,
    blockOn: input.blockOn ? isoAt(instant(input.blockOn, `legs[${index}].blockOn`)) : null,
    registration,
    passengers: input.passengers ?? 2,
    crew: input.crew ?? [crewOnLeg(7001), crewOnLeg(7011)],
    isCnl: input.isCnl ?? false,
    lastModified: isoAt(now()),
    createdAt: at,
    modifiedAt: at,
  };
}

/** Applies a patch to a leg in place (the caller ticks the clock and marks the leg modified). */
export function patchLeg(leg: SimLeg, patch: LegPatch, index: number): void {
  if (patch.from !== undefined) leg.from = airportKey(patch.from, `legs[${index}].from`);
  if (patch.to !== undefined) leg.to = airportKey(patch.to, `legs[${index}].to`);
  if (patch.std !== undefined) leg.std = isoAt(instant(patch.std, `legs[${index}].std`));
  if (patch.sta !== undefined) leg.sta = isoAt(instant(patch.sta, `legs[${index}].sta`));
  if (patch.blockOff !== undefined)
    leg.blockOff = patch.blockOff === null ? null : isoAt(instant(patch.blockOff, `legs[${index}].blockOff`));
  if (patch.blockOn !== undefined)
    leg.blockOn = patch.blockOn === null ? null : isoAt(instant(patch.blockOn, `legs[${index}].blockOn`));
  if (patch.registration !== undefined) leg.registration = patch.registration;
  if (patch.passengers !== undefined) leg.passengers = patch.passengers;
  if (patch.crew !== undefined) leg.crew = patch.crew;
  if (patch.isCnl !== undefined) leg.isCnl = patch.isCnl;
  if (patch.flightNo !== undefined) leg.flightNo = patch.flightNo;
}
