// Invoice export vocabulary (requirements §2 'Invoice export screen', §3 'Invoice export row', §4 badges, §7
// 'Invoices', §8): paths, the row as the API answers it, the badges, the French messages, the query
// schemas and the documented column order of the accounting CSV (decision 018).
import { define, type Infer, optional, refine, type } from 'superstruct';
import type { BadgeColor } from './badges';
import { INPUT_MESSAGES, isCalendarDay, oneOf, PERIOD_LAST_DAY, paging, safeText } from './validation';

export const INVOICE_PATHS = {
  list: '/invoice/leon-invoices',
  exportCsv: '/invoice/export-csv',
  updateWithError: '/invoice/update-invoices-with-error',
} as const;

/** Spec §9: 3 rows a page on the invoice export screen. */
export const INVOICES_PAGE_SIZE = 3;
export const INVOICES_CSV_FILE = 'invoices.csv';
/** The earliest day of an export period (the date filter's minimum, requirements §5). */
export const INVOICE_MIN_DAY = '2023-01-01';

export const INVOICE_STATUSES = ['PENDING', 'ERROR', 'SUCCESS'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_TYPES = ['INVOICE', 'RECHARGE_INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** Spec §4. An unknown value shows a neutral badge with its raw text (architecture.md §6). */
export const INVOICE_STATUS_BADGES: Record<InvoiceStatus, { label: string; color: BadgeColor }> = {
  ERROR: { label: 'Erreur', color: 'red' },
  PENDING: { label: 'En Attente', color: 'lightblue' },
  SUCCESS: { label: 'Succès', color: 'green' },
};
export const INVOICE_TYPE_BADGES: Record<InvoiceType, { label: string; color: BadgeColor }> = {
  CREDIT_NOTE: { label: 'Credit Notes', color: 'orange' },
  INVOICE: { label: 'Invoice', color: 'blue' },
  RECHARGE_INVOICE: { label: 'Recharge Invoice', color: 'green' },
};

export function invoiceBadge(kind: 'status' | 'type', value: string): { label: string; color: BadgeColor } {
  const table = (kind === 'status' ? INVOICE_STATUS_BADGES : INVOICE_TYPE_BADGES) as Record<
    string,
    { label: string; color: BadgeColor }
  >;
  return Object.hasOwn(table, value) ? table[value] : { label: value, color: 'neutral' };
}

/** The accounting texts of a row (requirements §3 'Invoice export row'), the same stored and on the wire; days
 * `yyyy-MM-dd`. */
export interface InvoiceTexts {
  society: string | null;
  journal: string | null;
  invoiceDate: string | null;
  invoiceNumber: string | null;
  invoiceNumber2: string | null;
  quoteRequestId: string | null;
  generalAccount: string | null;
  phoneBookContactCode: string | null;
  requesterTripNumber: string | null;
  invoiceDueDate: string | null;
  type: string | null;
  invoiceTag: string | null;
  section2: string | null;
  section3: string | null;
  aircraftRegistration: string | null;
  section5: string | null;
  tax: string | null;
  departureDate: string | null;
  requester: string | null;
  address1: string | null;
  address2: string | null;
  postalCode: string | null;
  city: string | null;
  workEmail: string | null;
  workPhone: string | null;
  invoiceId1: string | null;
  invoiceId2: string | null;
}

/** One accounting row (requirements §3 'Invoice export row'); amounts in euros, days `yyyy-MM-dd`. */
export interface InvoiceRow extends InvoiceTexts {
  id: string;
  status: InvoiceStatus;
  invoiceType: InvoiceType;
  errorMessage: string | null;
  debit: number;
  credit: number;
}

/** The answer of PUT /invoice/update-invoices-with-error. */
export interface InvoiceRetryResult {
  /** Rows in error before the retry that are no longer (PENDING now). */
  fixed: number;
  /** Rows in error before the retry that still are. */
  stillInError: number;
  /** Rows in error when the retry started. */
  retried: number;
  /** Every row in error after the retry (a sync running meanwhile may have added some). */
  remaining: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** What the refresh changed, after the spec's success toast: '3 corrigées, 9 toujours en erreur'. */
export function retrySummary(result: Pick<InvoiceRetryResult, 'fixed' | 'stillInError'>): string {
  const { fixed, stillInError } = result;
  if (fixed === 0 && stillInError === 0) return `${INVOICE_MESSAGES.updated} : aucune facture en erreur`;
  return `${INVOICE_MESSAGES.updated} : ${plural(fixed, 'corrigée', 'corrigées')}, ${stillInError} toujours en erreur`;
}

export type InvoiceField = Exclude<keyof InvoiceRow, 'id' | 'status' | 'errorMessage'>;

/**
 * The CSV's columns, in this order (decision 018): one header row of these French titles, then two
 * lines per exported row, the row itself and its counterpart on the customer account.
 */
export const INVOICE_CSV_COLUMNS: ReadonlyArray<{ field: InvoiceField; header: string }> = [
  { field: 'society', header: 'Société' },
  { field: 'journal', header: 'Journal' },
  { field: 'invoiceDate', header: 'Date de pièce' },
  { field: 'invoiceNumber', header: 'N° de pièce' },
  { field: 'invoiceNumber2', header: 'N° de pièce 2' },
  { field: 'quoteRequestId', header: 'Référence' },
  { field: 'generalAccount', header: 'Compte général' },
  { field: 'phoneBookContactCode', header: 'Code tiers' },
  { field: 'requesterTripNumber', header: 'Libellé' },
  { field: 'invoiceDueDate', header: "Date d'échéance" },
  { field: 'debit', header: 'Débit' },
  { field: 'credit', header: 'Crédit' },
  { field: 'type', header: 'Type' },
  { field: 'invoiceTag', header: 'Section 1' },
  { field: 'section2', header: 'Section 2' },
  { field: 'section3', header: 'Section 3' },
  { field: 'aircraftRegistration', header: 'Section 4' },
  { field: 'section5', header: 'Section 5' },
  { field: 'tax', header: 'Taxe' },
  { field: 'departureDate', header: 'Date de reporting' },
  { field: 'requester', header: 'Client' },
  { field: 'address1', header: 'Adresse 1' },
  { field: 'address2', header: 'Adresse 2' },
  { field: 'postalCode', header: 'Code postal' },
  { field: 'city', header: 'Ville' },
  { field: 'workEmail', header: 'E-mail' },
  { field: 'workPhone', header: 'Téléphone' },
  { field: 'invoiceId1', header: 'ID facture 1' },
  { field: 'invoiceId2', header: 'ID facture 2' },
  { field: 'invoiceType', header: 'Type de facture' },
];

export const INVOICE_MESSAGES = {
  updated: 'Mise à jour réussie des données',
  updateFailed: "Il s'est passé quelque chose pendant la mise à jour des données",
  periodRequired: 'La période est requise (date de début et date de fin)',
  periodOrder: 'La date de début doit être antérieure à la date de fin',
  periodTooEarly: 'La période ne peut pas commencer avant le 01/01/2023',
  exportSuccessFlag: 'exportSuccess doit valoir true ou false',
  unknownSort: 'Tri inconnu',
  searchTooLong: 'La recherche est trop longue (100 caractères maximum)',
  exportFailed: 'L’export CSV a échoué : aucune facture n’a été marquée comme exportée',
  leonNotConfigured: "Leon n'est pas configuré sur ce serveur",
  exportBusy: 'Un export est déjà en cours, veuillez réessayer dans un instant',
} as const;

/** Columns the list may be sorted by (the table's sortable headers). */
export const INVOICE_SORTS = [
  'status',
  'invoiceType',
  'invoiceDate',
  'invoiceNumber',
  'requesterTripNumber',
  'debit',
  'credit',
  'requester',
] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

const sortColumn = oneOf('invoiceSort', INVOICE_SORTS, INVOICE_MESSAGES.unknownSort);
const direction = define<'asc' | 'desc'>(
  'direction',
  (v) => v === 'asc' || v === 'desc' || INVOICE_MESSAGES.unknownSort,
);

/** GET /invoice/leon-invoices: page, search by mission number, optional sort. */
export const InvoiceListQuery = type({
  ...paging,
  search: optional(
    refine(safeText, 'searchLength', (s) => s.length <= 100 || INVOICE_MESSAGES.searchTooLong),
  ),
  sort: optional(sortColumn),
  direction: optional(direction),
});
export type InvoiceListQueryInput = Infer<typeof InvoiceListQuery>;

const exportFlag = define<boolean>(
  'exportSuccess',
  (v) => typeof v === 'boolean' || INVOICE_MESSAGES.exportSuccessFlag,
);
const periodDay = define<string>('periodDay', (v) => {
  if (v === undefined) return INVOICE_MESSAGES.periodRequired;
  if (typeof v !== 'string' || !isCalendarDay(v)) return INPUT_MESSAGES.day;
  return v <= PERIOD_LAST_DAY || INPUT_MESSAGES.dayOutOfYears;
});

/**
 * POST /invoice/export-csv (a JSON body): a period of Paris calendar days (inclusive) from 2023-01-01,
 * start ≤ end. A POST, not a GET: the export marks the rows exported, and only writes are covered by the
 * CSRF rule (decision 018).
 */
export const InvoiceExportBody = refine(
  type({
    startDate: periodDay,
    endDate: periodDay,
    exportSuccess: optional(exportFlag),
  }),
  'period',
  (q) => {
    if (q.startDate < INVOICE_MIN_DAY) return INVOICE_MESSAGES.periodTooEarly;
    return q.startDate <= q.endDate || INVOICE_MESSAGES.periodOrder;
  },
);
export type InvoiceExportInput = Infer<typeof InvoiceExportBody>;

/** Euros with two decimals, French style, for the screen (`1 234,50 €`). */
export const formatEuros = (euros: number): string =>
  `${euros.toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
