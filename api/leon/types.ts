// What the sync reads from Leon, once mapped and checked (leon-api.md 'How the spec's fields map').
export type LeonAircraftType = 'JET' | 'TURBOPROP' | 'ND';

export interface LeonLeg {
  flightNid: number;
  flightNo: string | null;
  status: 'CONFIRMED' | 'OPTION' | 'OPPORTUNITY';
  isCnl: boolean;
  stdUTC: string;
  staUTC: string;
  bloffUTC: string | null;
  blonUTC: string | null;
  adepIcao: string;
  adepName: string;
  adesIcao: string;
  adesName: string;
  registration: string | null;
  aircraftType: LeonAircraftType;
  passengerCount: number | null;
  crew: Array<{ name: string; surname: string; position: string; phoneWork: string | null }>;
  lastModified: string;
}

export interface LeonTrip {
  tripNid: number;
  tripNumber: string;
  clientName: string | null;
  isDeleted: boolean;
  legs: LeonLeg[];
}

export interface MappingFailure {
  tripNumber: string | null;
  message: string;
}
