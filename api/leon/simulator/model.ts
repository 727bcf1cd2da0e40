// The simulator's own records of trips and legs (what Leon stores), from which the GraphQL answers are
// built. Instants are ISO 8601 UTC strings; createdAt/modifiedAt are the modification clock (Unix s).

export type SimTripStatus = 'CONFIRMED' | 'OPTION' | 'OPPORTUNITY';

/** What a generated trip represents, seen from the back-office's mission statuses. */
export const SIM_TRIP_KINDS = [
  'opportunity',
  'option',
  'confirmed',
  'in_flight',
  'flown',
  'cancelled_early',
  'cancelled_late',
] as const;
export type SimTripKind = (typeof SIM_TRIP_KINDS)[number];

export interface SimCrewOnLeg {
  contactNid: number;
  position: string;
  name: string;
  surname: string;
  phoneWork: string | null;
}

export interface SimLeg {
  flightNid: number;
  flightNo: string | null;
  /** Airport keys (ICAO, or a local key for a site without one). */
  from: string;
  to: string;
  std: string;
  sta: string;
  blockOff: string | null;
  blockOn: string | null;
  registration: string | null;
  passengers: number;
  crew: SimCrewOnLeg[];
  isCnl: boolean;
  /** Leon's flightLastModificationTime. */
  lastModified: string;
  createdAt: number;
  modifiedAt: number;
}

export interface SimTrip {
  tripNid: number;
  tripNumber: string;
  status: SimTripStatus;
  isDeleted: boolean;
  /** Requesting hospital (Trip.client name), or none. */
  client: string | null;
  legs: SimLeg[];
  /** How it was generated (absent for trips added by hand). */
  kind?: SimTripKind;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** ISO 8601 UTC without milliseconds, as Leon answers. */
export function isoAt(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

export type SimReportStatus = 'OPEN' | 'CLOSED';

export interface SimAttachment {
  attachmentNid: number;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A safety report (our incident), as Leon would keep it. */
export interface SimSafetyReport {
  safetyReportNid: number;
  reportNumber: string;
  tripNumber: string | null;
  reportDateUTC: string;
  status: SimReportStatus;
  category: string;
  title: string;
  description: string;
  presumedCauses: string;
  correctiveAction: string | null;
  attachments: SimAttachment[];
  lastModificationTime: string;
  isDeleted: boolean;
  createdAt: number;
  modifiedAt: number;
}
