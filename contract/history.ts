// The history of a record (issue 25, decision 036): its audited changes as they read on screen. The API
// formats them with what follows (French field labels, values as the screens show them, Paris times) and
// answers display strings; the panel shows them as they come.
import { formatInTimeZone } from 'date-fns-tz';
import { type Infer, type } from 'superstruct';
import {
  AIRCRAFT_TYPE_LABELS,
  type AircraftType,
  MISSION_STATUS_BADGES,
  type MissionStatus,
  ORGAN_LABELS,
  type OrganType,
} from './missions';
import { ROLE_LABELS, type Role } from './roles';
import { STATISTIC_INVOICE_STATUS_BADGES, type StatisticInvoiceStatus } from './statistics';
import { paging } from './validation';

/** The records that have a history, as their audit rows name them (`audit_log.entity`). */
export const HISTORY_ENTITIES = ['mission', 'statistic', 'user'] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

export const HISTORY_PATHS = {
  mission: (id: string) => `/history/missions/${encodeURIComponent(id)}`,
  statistic: (id: string) => `/history/statistics/${encodeURIComponent(id)}`,
  user: (id: string) => `/history/users/${encodeURIComponent(id)}`,
} as const satisfies Record<HistoryEntity, (id: string) => string>;

export const HISTORY_PAGE_SIZE = 10;

export const HISTORY_MESSAGES = {
  title: 'Historique',
  empty: 'Aucune modification enregistrée.',
  older: 'Plus anciennes',
  hospitalRefused: "L'historique des modifications n'est pas accessible aux comptes hôpital",
  userRefused: "Seul un administrateur peut consulter l'historique d'un utilisateur",
  missionNotFound: 'Mission introuvable',
  statisticNotFound: 'Statistique introuvable',
  userNotFound: 'Utilisateur introuvable',
} as const;

/** Who made the changes the sync wrote. */
export const LEON_ACTOR = 'Leon';
/** Who made a change no user made and the sync did not write. */
export const SYSTEM_ACTOR = 'Système';

/** The query of a history page: `pageSize`, `pageNumber` from 1. */
export const HistoryQuery = type(paging);
export type HistoryQueryInput = Infer<typeof HistoryQuery>;

/** One field that changed, as it reads on screen. */
export interface HistoryChange {
  field: string;
  before: string;
  after: string;
}

/** One audited change of a record, newest first in a page. */
export interface HistoryEntry {
  id: string;
  /** The instant (ISO 8601). */
  at: string;
  /** Paris time, dd/MM/yyyy HH:mm. */
  when: string;
  /** The user's name, 'Leon' for the sync. */
  actor: string;
  /** What was done, in French ('Modification', 'Mise à jour Leon'…). */
  action: string;
  changes: HistoryChange[];
}

const EMPTY = '-';
const PARIS = 'Europe/Paris';

/** An instant in Paris time, dd/MM/yyyy HH:mm (as the mission screens show times). */
export const parisDateTime = (iso: string | Date) =>
  formatInTimeZone(new Date(iso), PARIS, 'dd/MM/yyyy HH:mm');
/** An instant's Paris day, dd/MM/yyyy. */
export const parisDay = (iso: string | Date) => formatInTimeZone(new Date(iso), PARIS, 'dd/MM/yyyy');

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const labelOf =
  <K extends string>(labels: Record<K, string>) =>
  (value: unknown) =>
    labels[value as K] ?? String(value);

const yesNo = (value: unknown) => (value ? 'Oui' : 'Non');
const text = (value: unknown) => String(value);
const list =
  (each: (value: unknown) => string = text) =>
  (value: unknown) =>
    (Array.isArray(value) ? value : [value]).map(each).join(', ');
const instant = (value: unknown) => parisDateTime(String(value));
const attached = (value: unknown) => (value ? 'Joint' : EMPTY);
const invoiceStatus = (value: unknown) =>
  STATISTIC_INVOICE_STATUS_BADGES[value as StatisticInvoiceStatus]?.label ?? String(value);

/** A leg as the sync records it in a mission's history ('Vols'). */
export interface LegSnapshot {
  from: string | null;
  to: string | null;
  /** Block-off and block-on (ISO), null until Leon has them. */
  off: string | null;
  on: string | null;
  cancelled: boolean;
}

const hourMinute = (iso: string) => formatInTimeZone(new Date(iso), PARIS, 'HH:mm');
const legText = (value: unknown) => {
  const leg = value as LegSnapshot;
  const route = `${leg.from ?? EMPTY}–${leg.to ?? EMPTY}`;
  if (leg.cancelled) return `${route} (annulé)`;
  if (!leg.off) return route;
  return `${route} (bloc ${hourMinute(leg.off)}–${leg.on ? hourMinute(leg.on) : '…'})`;
};

interface Field {
  label: string;
  format: (value: unknown) => string;
}

/** The fields of each record shown in its history, in the order they are listed; others are not shown. */
export const HISTORY_FIELDS: Record<HistoryEntity, Record<string, Field>> = {
  mission: {
    tripNumber: { label: 'N° de mission', format: text },
    status: { label: 'Statut', format: (v) => MISSION_STATUS_BADGES[v as MissionStatus]?.label ?? String(v) },
    buyerName: { label: 'Hôpital demandeur', format: text },
    departureDateTime: { label: 'Départ', format: instant },
    aircraftType: { label: "Type d'avion", format: labelOf<AircraftType>(AIRCRAFT_TYPE_LABELS) },
    numberOfCristal: { label: 'Nombre de cristals', format: text },
    organType: { label: 'Organes', format: list(labelOf<OrganType>(ORGAN_LABELS)) },
    numberOfMeals: { label: 'Plateaux repas', format: text },
    isWithIcing: { label: 'Dégivrage', format: yesNo },
    airportDeIcing: { label: 'Aéroport de dégivrage', format: list() },
    isWithOCS: { label: 'OCS', format: yesNo },
    legs: { label: 'Vols', format: list(legText) },
  },
  statistic: {
    flightStatus: { label: 'Statut facture vol', format: invoiceStatus },
    airportStatus: { label: 'Statut facture aéroport', format: invoiceStatus },
    flightInvoiceId: { label: 'N° facture vol', format: text },
    flightPdfKey: { label: 'PDF facture vol', format: attached },
    airportInvoiceId: { label: 'N° facture aéroport', format: text },
    airportPdfKey: { label: 'PDF facture aéroport', format: attached },
    showForHospital: { label: "Visible par l'hôpital", format: yesNo },
  },
  user: {
    firstName: { label: 'Prénom', format: text },
    lastName: { label: 'Nom', format: text },
    email: { label: 'E-mail', format: text },
    phone: { label: 'Téléphone', format: text },
    role: { label: 'Rôle', format: labelOf<Role>(ROLE_LABELS) },
    hospitals: { label: 'Hôpital', format: list() },
    forceChangePassword: { label: 'Mot de passe à changer', format: yesNo },
  },
};

/** What each audited action reads as; an action not listed reads as itself. */
export const HISTORY_ACTIONS: Record<string, string> = {
  'mission.edit': 'Modification',
  'mission.delete': 'Suppression',
  'mission.leon-create': 'Création depuis Leon',
  'mission.leon-update': 'Mise à jour Leon',
  'mission.leon-delete': 'Suppression dans Leon',
  'statistic.change-status': 'Changement de statut',
  'statistic.update-pdf': 'Mise à jour PDF',
  'statistic.delete-flight-pdf': 'PDF facture vol supprimé',
  'statistic.delete-airport-pdf': 'PDF facture aéroport supprimé',
  'statistic.toggle-hospital': "Visibilité pour l'hôpital",
  'user.create': 'Création du compte',
  'user.edit': 'Modification',
  'user.delete': 'Suppression',
  'password.change': 'Mot de passe changé',
  'password.reset': 'Mot de passe réinitialisé',
};

export const actionLabel = (action: string) => HISTORY_ACTIONS[action] ?? action;

const shown = (field: Field, value: unknown) => (isEmpty(value) ? EMPTY : field.format(value));

/**
 * The fields of `entity` that read differently before and after, as 'field: before → after' parts. A
 * creation (no before) lists the fields it set; a deletion (no after) lists none. Fields without a label
 * (technical columns, timestamps) are left out.
 */
export function historyChanges(entity: HistoryEntity, before: unknown, after: unknown): HistoryChange[] {
  if (after === null || after === undefined || typeof after !== 'object') return [];
  const was = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changes: HistoryChange[] = [];
  for (const [key, field] of Object.entries(HISTORY_FIELDS[entity])) {
    if (!(key in now)) continue;
    const from = shown(field, was[key]);
    const to = shown(field, now[key]);
    if (from !== to) changes.push({ field: field.label, before: from, after: to });
  }
  return changes;
}

/** One change as a line of text: 'Statut : En attente → Programmée'. */
export const changeText = (change: HistoryChange) => `${change.field} : ${change.before} → ${change.after}`;
