// Missions vocabulary (requirements §2 'Mission lists'/'Mission details', §3 Mission, §4 statuses, §5 edit rules,
// §7 Missions and {ops}=leon calls, architecture.md §4 categories).
import {
  array,
  coerce,
  define,
  type Infer,
  nullable,
  object,
  optional,
  refine,
  string,
  type,
} from 'superstruct';
import type { BadgeColor } from './badges';
import { CONFLICT_RECORDS } from './conflicts';
import type { IncidentSyncReport } from './incidents';
import type { Role } from './roles';
import { canOpen, type ScreenName } from './routes';
import {
  INPUT_MESSAGES,
  INT32_MAX,
  isOneOf,
  oneOf,
  paging,
  periodDays,
  recordVersion,
  safeText,
  uuid,
} from './validation';

export const MISSION_STATUSES = [
  'EN_ATTENTE',
  'PROGRAMMEE',
  'EN_COURS',
  'ANNULEE_45_PLUS',
  'ANNULEE_45_MOINS',
  'TERMINEE',
  'CLOTUREE',
] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

export const MISSION_STATUS_BADGES: Record<MissionStatus, { label: string; color: BadgeColor }> = {
  EN_ATTENTE: { label: 'En attente', color: 'blue' },
  PROGRAMMEE: { label: 'Programmée', color: 'purple' },
  EN_COURS: { label: 'En Cours', color: 'orange' },
  ANNULEE_45_PLUS: { label: 'Annulée +45’', color: 'grey' },
  ANNULEE_45_MOINS: { label: 'Annulée -45’', color: 'grey' },
  TERMINEE: { label: 'Réalisée', color: 'green' },
  CLOTUREE: { label: 'Clôturée', color: 'brown' },
};

export const MISSION_CATEGORIES = ['requested', 'inProgress', 'completed', 'canceled', 'closed'] as const;
export type MissionCategory = (typeof MISSION_CATEGORIES)[number];

/** The screen of each list: who may open it is who may read it (requirements §6, contract/routes.ts). */
export const CATEGORY_SCREENS = {
  requested: 'requestedMissions',
  inProgress: 'inProgressMissions',
  completed: 'completedMissions',
  canceled: 'cancelledMissions',
  closed: 'closedMissions',
} as const satisfies Record<MissionCategory, ScreenName>;

/** Whether `role` may read the list `category` (HOSPITAL has no 'Annulée sans frais'). */
export const canList = (category: MissionCategory, role: Role): boolean =>
  canOpen(CATEGORY_SCREENS[category], role);

/** Statuses of each list (requirements §4 'List categories'). */
export const CATEGORY_STATUSES: Record<MissionCategory, readonly MissionStatus[]> = {
  requested: ['EN_ATTENTE', 'PROGRAMMEE'],
  inProgress: ['EN_COURS'],
  completed: ['TERMINEE'],
  canceled: ['ANNULEE_45_PLUS', 'ANNULEE_45_MOINS'],
  closed: ['CLOTUREE', 'ANNULEE_45_MOINS'],
};

/** Quick filters of the requested list: 'Toutes', 'Programmée', 'En attente'. */
export const REQUESTED_QUICK_FILTERS = [
  { label: 'Toutes', status: null },
  { label: 'Programmée', status: 'PROGRAMMEE' },
  { label: 'En attente', status: 'EN_ATTENTE' },
] as const satisfies readonly { label: string; status: MissionStatus | null }[];

export const AIRCRAFT_TYPES = ['ND', 'JET', 'TURBOPROP'] as const;
export type AircraftType = (typeof AIRCRAFT_TYPES)[number];
export const AIRCRAFT_TYPE_LABELS: Record<AircraftType, string> = {
  ND: 'N.D',
  JET: 'JET',
  TURBOPROP: 'TURBOPROP',
};

export const ORGAN_TYPES = ['COEUR', 'FOIE', 'POUMONS', 'REINS', 'PANCREAS'] as const;
export type OrganType = (typeof ORGAN_TYPES)[number];
export const ORGAN_LABELS: Record<OrganType, string> = {
  COEUR: 'Cœur',
  FOIE: 'Foie',
  POUMONS: 'Poumons',
  REINS: 'Reins',
  PANCREAS: 'Pancréas',
};

export const MISSIONS_PAGE_SIZE = 20;

export const MISSION_PATHS = {
  list: '/missions',
  hospitals: '/missions/hospitals',
  edit: '/missions/edit/',
  delete: (id: string) => `/missions/delete/${encodeURIComponent(id)}`,
  details: (id: string) => `/missions/details/${encodeURIComponent(id)}`,
  pdf: (id: string) => `/missions/generate-pdf/${encodeURIComponent(id)}`,
  voucher: (id: string) => `/missions/transport-voucher/${encodeURIComponent(id)}`,
  synchronize: '/leon/synchronize-data',
  update: '/leon/update-data',
  recordsCount: '/leon/records-count',
  syncRuns: '/leon/sync-runs',
} as const;

export const MISSION_MESSAGES = {
  required: 'Obligatoire',
  cristalInteger: 'le nombre de cristals doit être entier',
  empty: 'Aucune mission trouvée',
  notFound: 'Mission introuvable',
  pdfError: 'Erreur lors de la génération du PDF',
  syncError: "Il s'est passé quelque chose lors de la synchronisation des données",
  syncSuccess: 'Données synchronisées avec succès',
  deleteTitle: 'Supprimer cette mission',
  deleteText: 'Êtes-vous sûr(e) de vouloir supprimer cette mission ?',
  deleteError: 'La suppression de la mission a échoué',
  edited: 'Mission modifiée',
  changedElsewhere: CONFLICT_RECORDS.mission.elsewhere,
  deleted: 'Mission supprimée',
  syncBusy: 'Une synchronisation est déjà en cours',
  /** A user who asked for too many manual syncs (issue 54): 429, and when the next one is allowed. */
  tooManySyncs: (seconds: number) => `Trop de mises à jour demandées : réessayez dans ${seconds} s.`,
  syncFailed: 'La synchronisation a échoué, veuillez réessayer plus tard.',
  unknownDeIcingAirport: "L'aéroport de dégivrage doit être un aéroport de départ de la mission",
  listForbidden: "Vous n'avez pas accès à cette liste de missions",
  unknownCategory: 'Catégorie de missions inconnue',
  unknownStatus: 'Statut inconnu pour cette catégorie',
  dateOrder: 'La date de début doit être antérieure à la date de fin',
} as const;

const required = <T>(name: string, test: (v: unknown) => boolean) =>
  define<T>(name, (v) => (v !== undefined && v !== null && v !== '' && test(v)) || MISSION_MESSAGES.required);

const missing = (v: unknown) => v === undefined || v === null || v === '';

// Numbers and booleans travel as JSON numbers and booleans: the form converts its fields before it sends
// them (`editMissionInput`), and a string is refused with a 400, whatever it spells. The only messages
// are the spec's (§5): 'Obligatoire' and 'le nombre de cristals doit être entier' (see decision 021).

/** numberOfCristal: an integer above 0. */
const numberOfCristal = define<number>('numberOfCristal', (v) => {
  if (missing(v)) return MISSION_MESSAGES.required;
  if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0) return MISSION_MESSAGES.cristalInteger;
  return v <= INT32_MAX || INPUT_MESSAGES.tooLarge;
});

/** numberOfMeals: an integer, zero or more (the spec has no message of its own for it: 'Obligatoire'). */
const numberOfMeals = define<number>('numberOfMeals', (v) => {
  if (typeof v === 'number' && Number.isInteger(v) && v > INT32_MAX) return INPUT_MESSAGES.tooLarge;
  return (typeof v === 'number' && Number.isInteger(v) && v >= 0) || MISSION_MESSAGES.required;
});

const enumOf = <T extends string>(values: readonly T[]) => required<T>('enum', (v) => isOneOf(values, v));

/** organType travels as a comma-joined string ('COEUR,REINS'); at least one known organ. */
const organType = define<string>('organType', (v) => {
  if (typeof v !== 'string' || v.trim() === '') return MISSION_MESSAGES.required;
  const parts = v.split(',').map((s) => s.trim());
  return parts.every((p) => isOneOf(ORGAN_TYPES, p)) || MISSION_MESSAGES.required;
});

const bool = required<boolean>('boolean', (v) => typeof v === 'boolean');

const ICAO = /^[A-Z0-9]{4}$/;
/** De-icing airports: ICAO codes, as a list or a comma-joined string; optional and nullable. */
const airportDeIcing = coerce(
  nullable(
    array(define<string>('icao', (v) => (typeof v === 'string' && ICAO.test(v)) || 'Code OACI invalide')),
  ),
  string(),
  (s) => (s.trim() === '' ? [] : s.split(',').map((p) => p.trim().toUpperCase())),
);

export const EditMissionBody = object({
  id: uuid,
  numberOfCristal,
  astonStatus: enumOf(MISSION_STATUSES),
  organType,
  aircraftType: enumOf(AIRCRAFT_TYPES),
  numberOfMeals,
  isWithIcing: bool,
  isWithOCS: bool,
  airportDeIcing: optional(airportDeIcing),
  /** The version the form was opened on: another one is refused with 409 (decision 064). */
  version: optional(recordVersion),
});
export type EditMissionInput = Infer<typeof EditMissionBody>;

export function splitOrgans(organType: string | null | undefined): OrganType[] {
  return (organType ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => isOneOf(ORGAN_TYPES, s));
}

export interface MissionLeg {
  adepIcao: string;
  adepName: string;
  adesIcao: string;
  adesName: string;
}

/** A row of the mission lists (GET /missions). */
export interface MissionRow {
  id: string;
  tripNumber: string | null;
  status: MissionStatus;
  aircraftType: AircraftType;
  buyerName: string | null;
  numberOfCristal: number | null;
  organType: OrganType[];
  legs: MissionLeg[];
  departureDateTime: string | null;
  numberOfMeals: number | null;
  isWithIcing: boolean | null;
  isWithOCS: boolean | null;
  airportDeIcing: string[];
  hasTransportVoucher: boolean;
  /** The mission's version, which its edit sends back (decision 064). */
  version: number;
}

export interface CrewMember {
  name: string;
  surname: string;
  position: string;
  phoneWork: string | null;
  /** Leon's contact id of the person, the same on every trip; absent on legs synced before it was kept. */
  contactNid?: number;
}

/** One leg of GET /missions/details/{id} (requirements §3 'Mission details, per leg'). */
export interface MissionDetailsLeg extends MissionLeg {
  stdUTC: string;
  staUTC: string;
  bloffUTC: string | null;
  blonUTC: string | null;
  flightNumber: string | null;
  passengerCounts: number | null;
  crewList: CrewMember[];
  acftRegisteration: string | null;
  numberOfCristal: number | null;
  tripNumber: string | null;
  buyerName: string | null;
  organType: OrganType[];
  /** The mission's version (decision 064). */
  version: number;
}

/** GET /leon/records-count (requirements §3 'Navbar counts'). */
export interface RecordsCount {
  total: number;
  waiting: number;
  inProgress: number;
  completed: number;
  canceled: number;
  closed: number;
  statistics: number;
}

const category = oneOf('category', MISSION_CATEGORIES, MISSION_MESSAGES.unknownCategory);
const missionStatus = oneOf('missionStatus', MISSION_STATUSES, MISSION_MESSAGES.unknownStatus);

/** The query of GET /missions as the API parses it (other parameters are ignored). */
export const MissionsListQuery = refine(
  type({
    ...paging,
    search: optional(safeText),
    status: category,
    statusNeeded: optional(missionStatus),
    hospitals: optional(safeText),
    ...periodDays,
  }),
  'missionsListQuery',
  (q) => {
    if (q.statusNeeded && !CATEGORY_STATUSES[q.status].includes(q.statusNeeded))
      return MISSION_MESSAGES.unknownStatus;
    if (q.startDate && q.endDate && q.startDate > q.endDate) return MISSION_MESSAGES.dateOrder;
    return true;
  },
);
export type MissionsListQueryInput = Infer<typeof MissionsListQuery>;

// ——— Leon sync: its answer (its journal: contract/sync.ts) ———

/** A trip a sync could not read or store: left out, reported, and read again at every run until stored. */
export interface SkippedTrip {
  tripNumber: string | null;
  /** Leon's ids: the trip's, or the flight's when the trip is not known. */
  tripNid: number | null;
  flightNid: number | null;
  /** Why, in French. */
  reason: string;
  /** Leon's own words (English) when Leon refused the trip: given to ADMIN only (decision 061). */
  leonMessage?: string;
}

/** The answer of PUT /leon/synchronize-data and /leon/update-data. */
export interface SyncResult {
  created: number;
  updated: number;
  deleted: number;
  /** How many trips were skipped (skipped.length). */
  failed: number;
  /** The skipped trips as `{ tripNumber, message }` (older shape, kept for callers that read it). */
  errors: Array<{ tripNumber: string | null; message: string }>;
  skipped: SkippedTrip[];
  /** What the run did with incidents (Leon's safety reports); null when they are not synced. */
  incidents?: IncidentSyncReport | null;
  /** What the invoices step did once the run had committed; null when invoices are not synced. */
  invoices?: InvoiceSyncCounts | null;
}

/** What the invoices step (after the run's commit) did; null on runs before migration 0017 or without it. */
export interface InvoiceSyncCounts {
  created: number;
  updated: number;
  /** Invoices that could not be built or stored. */
  errors: number;
  /** Why the step failed as a whole (French); the run's missions were still synced. */
  failure: string | null;
}

export const SYNC_KINDS = ['synchronize', 'update', 'poll'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];
export type SyncRunStatus = 'ok' | 'failed';

/** The query of GET /leon/sync-runs. */
export const SyncRunsQuery = type(paging);

/** '1 mission ignorée', '2 missions ignorées'. */
export const skippedText = (count: number): string =>
  count === 1 ? '1 mission ignorée' : `${count} missions ignorées`;
