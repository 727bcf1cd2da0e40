// Pilots and fleet (issue 25, decision 034): what the crew members and the aircraft seen on synced legs
// did over a period. Paths, the query schemas with their French messages, the rows, the default period
// (the last 12 months, Paris days) and the longest one (36 months) that the API and the screens share.
import { define, type Infer, optional, refine, type } from 'superstruct';
import type { AircraftType, MissionStatus } from './missions';
import type { WireFigure } from './statistics';
import { longerThanMonths, paging, periodDays, safeText } from './validation';

export const PILOT_PATHS = {
  list: '/pilots',
  /** The missions of one pilot (`pilot` = the row's id) over the period. */
  missions: '/pilots/missions',
} as const;

export const FLEET_PATHS = {
  list: '/fleet',
  /** The missions of one aircraft (`registration`) over the period. */
  missions: '/fleet/missions',
} as const;

export const CREW_AND_FLEET_PAGE_SIZE = 20;
export const ACTIVITY_MISSIONS_PAGE_SIZE = 10;
/** The longest period the lists and a row's missions read: every leg of it is read and grouped at once. */
export const ACTIVITY_MAX_MONTHS = 36;

export const CREW_AND_FLEET_MESSAGES = {
  pilotsTitle: 'Pilotes',
  fleetTitle: 'Flotte',
  noPilot: 'Aucun pilote trouvé',
  noAircraft: 'Aucun avion trouvé',
  noMission: 'Aucune mission sur la période',
  dateOrder: 'La date de début doit être antérieure à la date de fin',
  periodTooLong: `La période ne peut dépasser ${ACTIVITY_MAX_MONTHS} mois.`,
  pilotId: 'Identifiant de pilote invalide',
  registration: 'Immatriculation invalide',
} as const;

/** Leon's crew positions, in French; another code shows as it is. */
export const CREW_POSITION_LABELS: Record<string, string> = {
  CPT: 'Commandant de bord',
  FO: 'Copilote',
  FA: 'Personnel de cabine',
};

/** The order positions are listed in. */
export const CREW_POSITION_ORDER = ['CPT', 'FO', 'FA'];

/**
 * The positions of the flight crew, who fly the aircraft: the captain and the first officer, as Leon flags
 * them (api/leon/trips.ts). The pilots screen lists them and counts their legs; cabin crew and a position
 * Leon leaves blank are not pilots (issue 54, decision 034).
 */
export const FLIGHT_CREW_POSITIONS: readonly string[] = ['CPT', 'FO'];

/** Whether a crew member of a leg flew it as flight crew (a pilot). */
export const isFlightCrew = (member: { position: string }) => FLIGHT_CREW_POSITIONS.includes(member.position);

/**
 * The id of a pilot row: `c<Leon contact id>` for the crew members Leon identifies, `n:<name>` (lower
 * case, spaces collapsed) for the legs synced before Leon's id was kept (decision 034).
 */
export const pilotId = define<string>('pilotId', (v) => {
  if (typeof v !== 'string' || v.includes('\u0000')) return CREW_AND_FLEET_MESSAGES.pilotId;
  return /^c\d{1,10}$/.test(v) || /^n:.{1,200}$/s.test(v) || CREW_AND_FLEET_MESSAGES.pilotId;
});

/** An aircraft registration as Leon writes it (F-HBMV): letters, digits and dashes, at most 16. */
export const registration = define<string>(
  'registration',
  (v) => (typeof v === 'string' && /^[A-Za-z0-9-]{1,16}$/.test(v)) || CREW_AND_FLEET_MESSAGES.registration,
);

/** What is wrong with a whole period (both days real), or null: reversed, or longer than 36 months. */
export function activityPeriodProblem({ startDate, endDate }: Period): string | null {
  if (startDate > endDate) return CREW_AND_FLEET_MESSAGES.dateOrder;
  if (longerThanMonths(startDate, endDate, ACTIVITY_MAX_MONTHS)) return CREW_AND_FLEET_MESSAGES.periodTooLong;
  return null;
}

/**
 * A period given whole must be in order and at most 36 months; given by one day, the API takes the other
 * from the default and checks the period it reads the same way (api/crew-and-fleet/service.ts).
 */
const ordered = <T extends { startDate?: string; endDate?: string }>(q: T) =>
  !(q.startDate && q.endDate) ||
  (activityPeriodProblem({ startDate: q.startDate, endDate: q.endDate }) ?? true);

/** GET /pilots and GET /fleet: paging, search (a name, a registration), period (Paris days). */
export const ActivityListQuery = refine(
  type({
    ...paging,
    search: optional(safeText),
    ...periodDays,
  }),
  'activityListQuery',
  ordered,
);
export type ActivityListQueryInput = Infer<typeof ActivityListQuery>;

/** GET /pilots/missions. */
export const PilotMissionsQuery = refine(
  type({ pilot: pilotId, ...paging, ...periodDays }),
  'pilotMissionsQuery',
  ordered,
);
export type PilotMissionsQueryInput = Infer<typeof PilotMissionsQuery>;

/** GET /fleet/missions. */
export const AircraftMissionsQuery = refine(
  type({
    registration,
    ...paging,
    ...periodDays,
  }),
  'aircraftMissionsQuery',
  ordered,
);
export type AircraftMissionsQueryInput = Infer<typeof AircraftMissionsQuery>;

export interface Period {
  startDate: string;
  endDate: string;
}

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The default period: the last 12 months up to `now`'s Paris day, from the day after the same date a
 * year earlier (2025-11-26 → 2026-11-25).
 */
export function defaultPeriod(now: Date): Period {
  const endDate = PARIS_DAY.format(now);
  const [y, m, d] = endDate.split('-').map(Number);
  const start = new Date(Date.UTC(y - 1, m - 1, d + 1));
  return { startDate: start.toISOString().slice(0, 10), endDate };
}

/** The mission a row links to, with its first departure (ISO 8601 UTC). */
export interface MissionLink {
  missionId: string;
  tripNumber: string | null;
  departure: string;
}

/** A row of GET /pilots: a member of the flight crew (`FLIGHT_CREW_POSITIONS`) seen on the period's legs. */
export interface PilotRow {
  id: string;
  name: string;
  /** The flight-crew positions (CPT, FO) this person flew as in the period. */
  positions: string[];
  phoneWork: string | null;
  /** Missions with at least one leg flown (blocked off and on) by this person as flight crew in the period. */
  missions: number;
  legs: number;
  /** Block-off to block-on of those legs, in minutes. */
  blockMinutes: number;
  /** The mission of their latest leg in the period. */
  lastMission: MissionLink | null;
  /** false when Leon gave no id for this person (legs synced before decision 034): grouped by name. */
  identifiedByLeon: boolean;
}

/** A row of GET /fleet. */
export interface AircraftRow {
  id: string;
  registration: string;
  aircraftType: AircraftType;
  missions: number;
  legs: number;
  blockMinutes: number;
  /** The cost engine's flight-time cost of those missions' legs on this aircraft, in euros. */
  flightCost: number;
  /** Missions whose flight-time cost is unknown (N.D type, OCS not filled in, missing price…). */
  missionsWithoutCost: number;
  lastFlight: MissionLink | null;
}

/** A row of GET /pilots/missions and GET /fleet/missions. */
export interface ActivityMissionRow {
  id: string;
  tripNumber: string | null;
  status: MissionStatus;
  buyerName: string | null;
  /** First departure of the legs concerned (ISO 8601 UTC). */
  departure: string;
  /** 'LFBD → LFML → LFBD': the legs concerned. */
  route: string;
  legs: number;
  blockMinutes: number;
  registrations: string[];
}

/** A row of GET /fleet/missions: a mission of one aircraft, with what its flight time on that aircraft cost. */
export interface AircraftMissionRow extends ActivityMissionRow {
  /**
   * The cost engine's flight-time cost of the mission's flown legs on this aircraft, in euros: the figure
   * the aircraft's `flightCost` adds up, which is therefore the sum of this column to the cent; unknown,
   * with its French reason, for a mission counted in `missionsWithoutCost`; null when none of those legs
   * has been flown (nothing in the total).
   */
  flightCost: WireFigure | null;
}
