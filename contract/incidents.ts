// Incidents vocabulary (requirements §2 'Incident follow-up', §3 Incident, §4, §5 'Incident response', §7
// Incidents, §8; issue #13): paths, the status badges, the list query and the response schema with the
// spec's French messages, and what the Leon sync reports about incidents.
import { define, type Infer, object, optional, type } from 'superstruct';
import type { BadgeColor } from './badges';
import { oneOf, paging, periodDays, recordVersion, safeText, textProblem } from './validation';

export const INCIDENT_STATUSES = ['OPEN', 'CLOSED'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENT_STATUS_BADGES: Record<IncidentStatus, { label: string; color: BadgeColor }> = {
  OPEN: { label: 'Ouvert', color: 'orange' },
  CLOSED: { label: 'Clôturé', color: 'green' },
};

export const INCIDENTS_PAGE_SIZE = 20;
/** Spec §5: at least 1 character after trimming; ours: at most 5,000. */
export const RESPONSE_MAX_LENGTH = 5000;
/** How long an attachment's signed link stays valid (seconds). */
export const ATTACHMENT_LINK_SECONDS = 300;

export const INCIDENT_PATHS = {
  list: '/incidents',
  openCount: '/incidents/open-count',
  /** A mission's incident records (or, for an incident without a known mission, that incident alone). */
  details: (id: string) => `/incidents/details/${encodeURIComponent(id)}`,
  respond: (id: string) => `/incidents/details/${encodeURIComponent(id)}`,
  validate: (id: string) => `/incidents/validate/${encodeURIComponent(id)}`,
} as const;

/** The answer of GET /incidents/open-count. */
export interface OpenIncidentsCount {
  open: number;
}

export const INCIDENT_MESSAGES = {
  required: 'Obligatoire',
  tooLong: `${RESPONSE_MAX_LENGTH} caractères maximum`,
  notFound: 'Incident introuvable',
  closed: 'Cet incident est déjà clôturé',
  noResponse: "Aucune action n'a été proposée pour cet incident",
  changed: 'La proposition a changé depuis votre lecture : relisez-la avant de la valider.',
  seenRequired: "L'action proposée que vous validez est requise",
  unknownStatus: 'Statut inconnu (OPEN ou CLOSED)',
  saved: 'Action enregistrée',
  validated: 'Action validée',
  empty: 'Aucun incident trouvé',
  title: "SUIVI DE L'INCIDENT",
  listTitle: 'Incidents',
  proposeTitle: 'PROPOSER UNE ACTION',
  propose: 'PROPOSER UNE ACTION',
  validate: "VALIDER L'ACTION",
} as const;

/** The proposed action (requirements §5): trimmed, 1 to 5,000 characters, 'Obligatoire' when empty. */
export const incidentResponse = define<string>('incidentResponse', (v) => {
  if (typeof v !== 'string' || v.trim().length === 0) return INCIDENT_MESSAGES.required;
  return (
    textProblem(v, { multiline: true }) ??
    (v.trim().length <= RESPONSE_MAX_LENGTH || INCIDENT_MESSAGES.tooLong)
  );
});

/**
 * PUT /incidents/details/{id}. The API trims the response before storing it. `version`: the one the record
 * was read at; another one is refused with 409 (decision 064).
 */
export const IncidentResponseBody = object({ response: incidentResponse, version: optional(recordVersion) });
export type IncidentResponseInput = Infer<typeof IncidentResponseBody>;

/** The proposed action as the validator read it (compared as stored, so never trimmed here). */
const seenResponse = define<string>(
  'seenResponse',
  (v) =>
    (typeof v === 'string' && v.length > 0 && v.length <= RESPONSE_MAX_LENGTH) ||
    INCIDENT_MESSAGES.seenRequired,
);

/**
 * PUT /incidents/validate/{id}: the proposed action the validator read. Another one proposed meanwhile
 * is not validated unread: the API answers 409 `changed` (decision 016).
 */
export const IncidentValidateBody = object({ response: seenResponse, version: optional(recordVersion) });
export type IncidentValidateInput = Infer<typeof IncidentValidateBody>;

const incidentStatus = oneOf('incidentStatus', INCIDENT_STATUSES, INCIDENT_MESSAGES.unknownStatus);

/** GET /incidents: paging, search by mission number, status, declared-date period (Paris days). */
export const IncidentsListQuery = type({
  ...paging,
  search: optional(safeText),
  status: optional(incidentStatus),
  ...periodDays,
});
export type IncidentsListQueryInput = Infer<typeof IncidentsListQuery>;

export interface IncidentFile {
  name: string;
  /** A short-lived signed link (ATTACHMENT_LINK_SECONDS), opened in a new tab. */
  path: string;
}

/** One record of GET /incidents/details/{id} (requirements §3 Incident). */
export interface IncidentRecord {
  id: string;
  missionId: string | null;
  /** The declared date (Leon's report date), ISO 8601 UTC. */
  createdAt: string;
  tripNumber: string | null;
  incidentCategory: string;
  title: string;
  description: string;
  cause: string;
  response: string | null;
  status: IncidentStatus;
  filesUrls: IncidentFile[];
  /** The incident's version, which its propose and validate calls send back (decision 064). */
  version: number;
}

/** A row of GET /incidents. */
export interface IncidentRow {
  id: string;
  missionId: string | null;
  tripNumber: string | null;
  status: IncidentStatus;
  createdAt: string;
  hospital: string | null;
  incidentCategory: string;
  title: string;
}

/** An attachment the sync could not copy yet: reported on the run, tried again at the next one. */
export interface PendingAttachment {
  reportNumber: string;
  fileName: string;
  reason: string;
}

/** A Leon safety report the sync could not read or store: read again at the next run. */
export interface SkippedReport {
  reportNid: number | null;
  reportNumber: string | null;
  reason: string;
}

/** What a sync run did with incidents (in the run's answer and its sync_runs row). */
export interface IncidentSyncReport {
  /** Why Leon's safety reports could not be read this time (French); the missions were still synced. */
  failure: string | null;
  created: number;
  updated: number;
  deleted: number;
  attachmentsCopied: number;
  pendingAttachments: PendingAttachment[];
  skippedReports: SkippedReport[];
}
