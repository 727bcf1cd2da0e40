// Statistics vocabulary (requirements §2 'Statistics', §3 'Statistic record' and 'Statistics row', §4 invoice
// statuses, §5 'Statistics update', §7 'Media' and 'Statistics'): paths, schemas with the French messages,
// the row as it travels, and the PDF form's pairing rules shared by the API and the upload machine.
import {
  array,
  coerce,
  define,
  type Infer,
  object,
  optional,
  record,
  refine,
  size,
  string,
  type,
} from 'superstruct';
import type { BadgeColor } from './badges';
import type { BillingVerdict } from './billing';
import { type MissionStatus, ORGAN_TYPES, type OrganType } from './missions';
import {
  INPUT_MESSAGES,
  isCalendarDay,
  maxText,
  oneOf,
  PERIOD_LAST_DAY,
  paging,
  recordVersion,
  safeText,
  textProblem,
  uuid,
} from './validation';

/** The billing progress of a statistic record's flight and airport invoices (requirements §4), not the
 * accounting rows' statuses of contract/invoices.ts. */
export const STATISTIC_INVOICE_STATUSES = [
  'TO_BE_EDITED',
  'EDITED',
  'INVOICE_SENT',
  'DROPED_ON_CHORUS',
  'PAID',
  'NOT_APPLICABLE',
] as const;
export type StatisticInvoiceStatus = (typeof STATISTIC_INVOICE_STATUSES)[number];

export const STATISTIC_INVOICE_STATUS_BADGES: Record<
  StatisticInvoiceStatus,
  { label: string; color: BadgeColor }
> = {
  TO_BE_EDITED: { label: 'A éditer', color: 'orange' },
  EDITED: { label: 'Éditée', color: 'blue' },
  INVOICE_SENT: { label: 'Facture transmise', color: 'purple' },
  DROPED_ON_CHORUS: { label: 'Déposée Chorus', color: 'lightblue' },
  PAID: { label: 'Payée', color: 'green' },
  NOT_APPLICABLE: { label: 'N/A', color: 'grey' },
};

/** Missions that have a statistic record (architecture.md §4 'Costs'). */
export const STATISTIC_MISSION_STATUSES = [
  'TERMINEE',
  'CLOTUREE',
  'ANNULEE_45_MOINS',
] as const satisfies readonly MissionStatus[];

/**
 * What a mission cancelled less than 45 minutes before departure ('Annulée -45’') is charged, the
 * operator's rule (docs/decisions/029, setting LATE_CANCELLATION_BILLING): 'flat' the regulation and the
 * meals, no flight time (the default); 'full' as if it had flown, the 15 billed minutes included; 'none'
 * nothing on the flight side. Airport costs always follow the legs that did fly.
 */
export const LATE_CANCELLATION_BILLINGS = ['flat', 'full', 'none'] as const;
export type LateCancellationBilling = (typeof LATE_CANCELLATION_BILLINGS)[number];
export const DEFAULT_LATE_CANCELLATION_BILLING: LateCancellationBilling = 'flat';
/** The mark of such a mission in its statistics row and in statistiques.xlsx. */
export const LATE_CANCELLATION_LABEL = 'Annulation tardive';

export const STATISTICS_PAGE_SIZE = 20;
/** The oldest day the period filter and the export accept (requirements §5 'Date-range filter'). */
export const STATISTICS_MIN_DAY = '2023-01-01';
/** The largest PDF kept (20 MB). */
export const STATISTIC_PDF_MAX_BYTES = 20 * 1024 * 1024;
/** Selected ids a bulk status change takes at once. */
export const MAX_SELECTED_IDS = 500;
export const INVOICE_ID_MAX = 100;

export const PDF_KINDS = ['flight', 'airport'] as const;
export type PdfKind = (typeof PDF_KINDS)[number];
export const DOWNLOAD_TYPES = { FLIGHT: 'flight', AIRPORT: 'airport' } as const satisfies Record<
  string,
  PdfKind
>;

export const STATISTIC_PATHS = {
  list: '/statistic/all',
  changeStatus: '/statistic/change-status',
  mediaPath: '/media/get-media-path',
  updatePdf: '/statistic/update-pdf',
  downloadPdf: '/statistic/download-pdf',
  deletePdfData: (id: string, kind: PdfKind) =>
    `/statistic/delete-pdf-data/${encodeURIComponent(id)}/${kind}`,
  exportExcel: '/statistic/export-excel',
  toggle: (id: string) => `/missions/toggle-statistic/${encodeURIComponent(id)}`,
  hospitals: '/statistic/hospitals',
} as const;

export const STATISTIC_MESSAGES = {
  tooManyUploads: "Trop de liens d'envoi demandés : réessayez dans une heure.",
  title: 'Statistiques',
  notFound: 'Statistique introuvable',
  empty: 'Aucune statistique trouvée',
  required: 'Obligatoire',
  unknownStatus: 'Statut de facture inconnu',
  unknownOrgan: "Type d'organe inconnu",
  unknownMissionStatus: 'Statut de mission inconnu pour les statistiques',
  unknownKind: 'Type de fichier inconnu (FLIGHT ou AIRPORT attendu)',
  noStatus: 'Choisissez au moins un statut à modifier',
  noSelection: 'Sélectionnez au moins une ligne',
  tooManySelected: `${MAX_SELECTED_IDS} lignes au plus à la fois`,
  someNotFound: 'Certaines statistiques sont introuvables, aucune n’a été modifiée',
  dateOrder: 'La date de début doit être antérieure à la date de fin',
  dateTooEarly: 'La date ne peut pas être antérieure au 01/01/2023',
  periodRequired: 'Choisissez une période (date de début et date de fin)',
  nothingToSave: 'Renseignez au moins un identifiant de facture',
  pathForeign: "Ce fichier n'appartient pas à cette statistique",
  pathInvalid: 'Chemin de fichier invalide',
  fileName: 'Nom de fichier invalide',
  fileSize: 'Taille de fichier invalide',
  notPdf: 'Le fichier doit être au format PDF',
  airportDisabled: "Le dépôt de la facture aéroport n'est pas possible pour ce statut (N/A)",
  noPdf: 'Aucun fichier pour cette facture',
  statusError: 'Erreur lors de la mise à jour du statut',
  genericError: "Une erreur s'est produite",
  deleted: 'Supprimé',
  statusUpdated: 'Statut mis à jour',
  pdfUpdated: 'Factures mises à jour',
  confirmUpload: 'Êtes-vous sûr de vouloir télécharger ces fichiers ?',
  missingPrice: 'Prix manquant',
  hide: "Masquer les statistiques de la vue de l'hôpital",
  show: "Afficher les statistiques à partir de la vue de l'hôpital",
  exportFailed: "L'export a échoué",
} as const;

/** A figure of the row: present (euros, or minutes for times), or missing with its French reason. */
export type WireFigure = { ok: true; value: number } | { ok: false; reason: string };

export interface AirportCostRow {
  icaoCode: string;
  withDeIcing: boolean;
  amount: WireFigure;
}

/** A row of GET /statistic/all (requirements §3 'Statistics row' plus missionId). */
export interface StatisticRow {
  id: string;
  numberOfMission: string | null;
  hospitalName: string | null;
  /** Paris days (yyyy-MM-dd) of the flown legs' departures. */
  dateOfRealization: string[];
  departures: string[];
  arrivals: string[];
  aircraftType: 'ND' | 'JET' | 'TURBOPROP';
  organType: OrganType[];
  /** Minutes: flight time plus 15 min (the column 'flight time plus 15 min'). */
  flightTime: WireFigure;
  costOfFlightTime: WireFigure;
  costOfRegulation: WireFigure;
  costOfMeal: WireFigure;
  totalCost: WireFigure;
  flightInvoicePdf: boolean;
  airportCosts: AirportCostRow[];
  totalAirportCosts: WireFigure;
  airportInvoicePdf: boolean;
  /** Cancelled less than 45 minutes before departure: charged by the late-cancellation rule. */
  lateCancellation: boolean;
  /** The record's version, which the status and PDF saves send back (decision 064). */
  version: number;
  // Staff only: the API leaves these out for HOSPITAL users.
  /** The mission's id, which the visibility toggle takes. */
  missionId?: string;
  flightInvoiceNumber?: string | null;
  flightStatus?: StatisticInvoiceStatus;
  airportInvoiceNumber?: string | null;
  airportStatus?: StatisticInvoiceStatus;
  showForHospital?: boolean;
  disableAirportPdfUpload?: boolean;
  /** The billing check's verdict of the mission (decision 033) and why. */
  billingVerdict?: BillingVerdict;
  billingReason?: string;
}

/** The fields a HOSPITAL user never receives. */
export const STAFF_ONLY_FIELDS = [
  'missionId',
  'flightInvoiceNumber',
  'flightStatus',
  'airportInvoiceNumber',
  'airportStatus',
  'showForHospital',
  'disableAirportPdfUpload',
  'billingVerdict',
  'billingReason',
] as const satisfies readonly (keyof StatisticRow)[];

// ---- Inputs ------------------------------------------------------------------------------------------

export const statisticInvoiceStatus = oneOf(
  'statisticInvoiceStatus',
  STATISTIC_INVOICE_STATUSES,
  STATISTIC_MESSAGES.unknownStatus,
);

/** A real day from STATISTICS_MIN_DAY to the last day a period may name (contract/validation.ts). */
const periodDay = define<string>('periodDay', (v) => {
  if (typeof v !== 'string' || !isCalendarDay(v)) return INPUT_MESSAGES.day;
  if (v < STATISTICS_MIN_DAY) return STATISTIC_MESSAGES.dateTooEarly;
  return v <= PERIOD_LAST_DAY || INPUT_MESSAGES.dayOutOfYears;
});

const organName = oneOf('organName', ORGAN_TYPES, STATISTIC_MESSAGES.unknownOrgan);
const missionStatus = oneOf(
  'missionStatus',
  STATISTIC_MISSION_STATUSES,
  STATISTIC_MESSAGES.unknownMissionStatus,
);

const filters = {
  search: optional(safeText),
  status: optional(missionStatus),
  hospitals: optional(safeText),
  startDate: optional(periodDay),
  endDate: optional(periodDay),
  organName: optional(organName),
  flightStatus: optional(statisticInvoiceStatus),
  airportStatus: optional(statisticInvoiceStatus),
};

const periodInOrder = (q: { startDate?: string; endDate?: string }) =>
  !(q.startDate && q.endDate && q.startDate > q.endDate) || STATISTIC_MESSAGES.dateOrder;

/** GET /statistic/all. */
export const StatisticsListQuery = refine(
  type({ ...paging, ...filters }),
  'statisticsListQuery',
  periodInOrder,
);
export type StatisticsListQueryInput = Infer<typeof StatisticsListQuery>;
export type StatisticsFilters = Omit<StatisticsListQueryInput, 'pageSize' | 'pageNumber'>;

/** GET /statistic/export-excel: the period (both days or neither) and the list's filters. */
export const StatisticsExportQuery = refine(type(filters), 'statisticsExportQuery', (q) => {
  if (Boolean(q.startDate) !== Boolean(q.endDate)) return STATISTIC_MESSAGES.periodRequired;
  return periodInOrder(q);
});

/** PUT /statistic/change-status: either status may be left out (unchanged), not both. */
export const ChangeStatusBody = refine(
  object({
    selectedIds: refine(array(uuid), 'selectedIds', (ids) => {
      if (ids.length === 0) return STATISTIC_MESSAGES.noSelection;
      return ids.length <= MAX_SELECTED_IDS || STATISTIC_MESSAGES.tooManySelected;
    }),
    flightStatus: optional(statisticInvoiceStatus),
    airportStatus: optional(statisticInvoiceStatus),
    /**
     * The version each selected row was shown at, by id (decision 064): a row whose version changed
     * meanwhile refuses the whole change (409). A row left out is not checked.
     */
    versions: optional(
      refine(
        record(uuid, recordVersion),
        'versions',
        (v) => Object.keys(v).length <= MAX_SELECTED_IDS || STATISTIC_MESSAGES.tooManySelected,
      ),
    ),
  }),
  'changeStatus',
  (b) => Boolean(b.flightStatus || b.airportStatus) || STATISTIC_MESSAGES.noStatus,
);
export type ChangeStatusInput = Infer<typeof ChangeStatusBody>;

const kind = oneOf('pdfKind', PDF_KINDS, STATISTIC_MESSAGES.unknownKind);

/** GET /media/get-media-path: the record, which invoice, the file's name and exact size. */
export const MediaPathQuery = type({
  id: uuid,
  kind,
  fileName: refine(size(string(), 1, 255), 'fileName', (v) => textProblem(v) ?? true),
  size: coerce(
    define<number>(
      'fileSize',
      (v) =>
        (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= STATISTIC_PDF_MAX_BYTES) ||
        STATISTIC_MESSAGES.fileSize,
    ),
    string(),
    (s) => (/^\d{1,10}$/.test(s) ? Number(s) : Number.NaN),
  ),
});

/** The answer of GET /media/get-media-path: PUT the file to `url` with `headers`, then send `path`. */
export interface MediaPath {
  url: string;
  path: string;
  headers: Record<string, string>;
  expiresAt: string;
}

/** The answer of GET /statistic/download-pdf: a signed URL to read the PDF from. */
export interface PdfDownload {
  url: string;
}

const optionalId = optional(maxText(INVOICE_ID_MAX));
const optionalPath = optional(maxText(512));

/** The pairing rules of requirements §5 on a form or a body: each side's error (French) or none. */
export function pairingErrors(form: {
  flightPdf: boolean;
  flightId: string;
  airportPdf: boolean;
  airportId: string;
}): { flightId?: string; airportId?: string } {
  const errors: { flightId?: string; airportId?: string } = {};
  const [flightId, airportId] = [form.flightId.trim(), form.airportId.trim()];
  if (form.flightPdf !== (flightId !== '')) errors.flightId = STATISTIC_MESSAGES.required;
  if (form.airportPdf !== (airportId !== '')) errors.airportId = STATISTIC_MESSAGES.required;
  if (flightId === '' && airportId === '') {
    errors.flightId = STATISTIC_MESSAGES.required;
    errors.airportId = STATISTIC_MESSAGES.required;
  }
  return errors;
}

/** PUT /statistic/update-pdf: paths from get-media-path, ids trimmed (empty = not sent). */
export const UpdatePdfBody = refine(
  object({
    id: uuid,
    flightPdfPath: optionalPath,
    airportPdfPath: optionalPath,
    flightId: optionalId,
    airportId: optionalId,
    /** The version the dialog was opened on; another one is refused with 409 (decision 064). */
    version: optional(recordVersion),
  }),
  'updatePdf',
  (b) => {
    const errors = pairingErrors({
      flightPdf: Boolean(b.flightPdfPath),
      flightId: b.flightId ?? '',
      airportPdf: Boolean(b.airportPdfPath),
      airportId: b.airportId ?? '',
    });
    if (errors.flightId) return [{ path: ['flightId'], message: errors.flightId }];
    if (errors.airportId) return [{ path: ['airportId'], message: errors.airportId }];
    return true;
  },
);
export type UpdatePdfInput = Infer<typeof UpdatePdfBody>;

/** GET /statistic/download-pdf. */
export const DownloadPdfQuery = type({
  id: uuid,
  type: oneOf(
    'downloadType',
    Object.keys(DOWNLOAD_TYPES) as Array<keyof typeof DOWNLOAD_TYPES>,
    STATISTIC_MESSAGES.unknownKind,
  ),
});

/** DELETE /statistic/delete-pdf-data/{id}/{kind}. */
export const pdfKindParam = kind;

/** minutes → '2 h 05'. */
export const formatMinutes = (minutes: number): string =>
  `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
