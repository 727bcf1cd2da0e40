// The five price tables as data: their fields in order, each with its form label, its column header and
// its kind (which says how it is typed, checked and shown). The one screen and the one dialog read this.
import { frenchDay, PRICE_MESSAGES, PRICE_TABLE_LABELS, type PriceTable } from '../../contract/prices';

export type FieldKind = 'day' | 'money' | 'text' | 'icao';

export interface PriceField {
  name: string;
  /** The form field's label. */
  label: string;
  /** The column header, when shorter than the label; a line break is written '\n'. */
  header?: string;
  kind: FieldKind;
}

export interface PriceTableView {
  table: PriceTable;
  title: string;
  fields: readonly PriceField[];
  /** The airport screen's search (requirements §2): ICAO code or airport name. */
  search?: string;
}

const period: PriceField[] = [
  { name: 'fromDate', label: 'Date de début', kind: 'day' },
  { name: 'toDate', label: 'Date de fin', kind: 'day' },
];

const FIELDS: Record<PriceTable, PriceField[]> = {
  flightUnitCost: [
    ...period,
    {
      name: 'priceJetWithOCS',
      label: 'Prix horaire jet avec OCS (€)',
      header: 'Jet\navec OCS',
      kind: 'money',
    },
    {
      name: 'priceJetWithoutOCS',
      label: 'Prix horaire jet sans OCS (€)',
      header: 'Jet\nsans OCS',
      kind: 'money',
    },
    {
      name: 'priceTurbopropWithOCS',
      label: 'Prix horaire turbopropulseur avec OCS (€)',
      header: 'Turbopropulseur\navec OCS',
      kind: 'money',
    },
    {
      name: 'priceTurbopropWithoutOCS',
      label: 'Prix horaire turbopropulseur sans OCS (€)',
      header: 'Turbopropulseur\nsans OCS',
      kind: 'money',
    },
  ],
  regulationCost: [...period, { name: 'price', label: 'Prix (€)', header: 'Prix', kind: 'money' }],
  passengerMealCost: [
    ...period,
    { name: 'price', label: 'Prix par repas (€)', header: 'Prix par repas', kind: 'money' },
  ],
  airportCost: [
    { name: 'icaoCode', label: 'Code OACI', kind: 'icao' },
    { name: 'airportName', label: "Nom de l'aéroport", header: 'Aéroport', kind: 'text' },
    ...period,
    {
      name: 'priceWithDeIcing',
      label: 'Prix avec dégivrage (€)',
      header: 'Avec\ndégivrage',
      kind: 'money',
    },
    {
      name: 'priceWithoutDeIcing',
      label: 'Prix sans dégivrage (€)',
      header: 'Sans\ndégivrage',
      kind: 'money',
    },
  ],
  marketNumber: [...period, { name: 'value', label: 'Numéro de marché', kind: 'text' }],
};

const viewOf = (table: PriceTable): PriceTableView => ({
  table,
  title: PRICE_TABLE_LABELS[table],
  fields: FIELDS[table],
  ...(table === 'airportCost' ? { search: PRICE_MESSAGES.airportSearch } : {}),
});

export const PRICE_VIEWS: Record<PriceTable, PriceTableView> = {
  flightUnitCost: viewOf('flightUnitCost'),
  regulationCost: viewOf('regulationCost'),
  passengerMealCost: viewOf('passengerMealCost'),
  airportCost: viewOf('airportCost'),
  marketNumber: viewOf('marketNumber'),
};

// ---- How values read (requirements §9: euros, dd/MM/yyyy) ---------------------------------------------------

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** 5450.5 → '5 450,50 €'. */
export const euros = (amount: number) => EUROS.format(amount);

/** A row's value as shown in its column. */
export function shown(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (kind === 'money') return typeof value === 'number' ? euros(value) : String(value);
  if (kind === 'day') return frenchDay(String(value));
  return String(value);
}

/** A row's value as its form field starts on edit: days as they are, amounts with a decimal comma. */
export function typed(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money' && typeof value === 'number') return value.toFixed(2).replace('.', ',');
  return String(value);
}

/** The words naming one row (edit buttons, dialog titles): its airport and period. */
export function rowName(table: PriceTable, row: Record<string, unknown>): string {
  const days = `du ${frenchDay(String(row.fromDate))} au ${frenchDay(String(row.toDate))}`;
  return table === 'airportCost' ? `${row.icaoCode} ${days}` : days;
}
