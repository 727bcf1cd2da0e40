// The Leon client's typed output for the sync, under short names. The types live in mapping.ts, where
// Leon's data is checked and mapped; this file only re-exports them so that the two never drift apart.
import type { AircraftType } from '../../contract/missions';

export type LeonAircraftType = AircraftType;
export type {
  LeonFailure as MappingFailure,
  LeonFailure,
  LeonFlight,
  LeonLeg,
  LeonTrip,
  LeonTripHeader,
  LeonTripStatus,
} from './mapping';
