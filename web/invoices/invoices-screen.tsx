// The invoice export screen (requirements §2; architecture.md §5: ADMIN and ACCOUNTING): 'Factures Leon', the search by
// mission number, the refresh that rebuilds ERROR rows from Leon, the CSV export dialog, and the table of
// the accounting rows, 3 a page, with the badges of requirements §4.
import { useState } from 'react';
import {
  formatEuros,
  INVOICE_MESSAGES,
  INVOICE_PATHS,
  INVOICES_PAGE_SIZE,
  type InvoiceRow,
  type InvoiceSort,
  invoiceBadge,
  retrySummary,
} from '../../contract/invoices';
import { frenchDay } from '../../contract/validation';
import { usePagedList } from '../lib/use-paged-list';
import { useLiveList } from '../live';
import { Badge } from '../ui/badge';
import { type Column, DataTable, type Sort } from '../ui/data-table';
import { RefreshIcon } from '../ui/icons';
import { Page } from '../ui/page';
import { SearchToolbar } from '../ui/search-toolbar';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { useToastedCall } from '../ui/use-toasted-call';
import { retryInvoicesInError } from './api';
import { ExportDialog } from './export-dialog';
import * as ui from './invoices.css';

const day = (value: string | null) => (value ? frenchDay(value) : '-');
const text = (value: string | null) => value ?? '-';

// Every row holds one line: long texts cut with an ellipsis (whole on hover and in the cell for screen
// readers), the others never wrap; the frame scrolls sideways.
const COLUMNS: Column<InvoiceRow>[] = [
  {
    id: 'status',
    header: 'Statut',
    sortable: true,
    cell: (r) => <Badge {...invoiceBadge('status', r.status)} />,
  },
  {
    id: 'invoiceType',
    header: 'Type de facture',
    sortable: true,
    sticky: 'start',
    cell: (r) => <Badge {...invoiceBadge('type', r.invoiceType)} />,
  },
  {
    id: 'errorMessage',
    header: "Message d'erreur",
    oneLine: 280,
    text: (r) => r.errorMessage ?? '-',
    cell: (r) => (r.errorMessage ? <span className={ui.errorText}>{r.errorMessage}</span> : '-'),
  },
  { id: 'society', header: 'Société', cell: (r) => text(r.society) },
  { id: 'journal', header: 'Journal', cell: (r) => text(r.journal) },
  { id: 'invoiceDate', header: 'Date de pièce', sortable: true, cell: (r) => day(r.invoiceDate) },
  {
    id: 'invoiceNumber',
    header: 'N° de pièce',
    sortable: true,
    cell: (r) => text(r.invoiceNumber),
  },
  { id: 'invoiceNumber2', header: 'N° de pièce 2', cell: (r) => text(r.invoiceNumber2) },
  { id: 'quoteRequestId', header: 'Référence', cell: (r) => text(r.quoteRequestId) },
  { id: 'generalAccount', header: 'Compte général', cell: (r) => text(r.generalAccount) },
  { id: 'phoneBookContactCode', header: 'Code tiers', cell: (r) => text(r.phoneBookContactCode) },
  {
    id: 'requesterTripNumber',
    header: 'Libellé',
    sortable: true,
    oneLine: 200,
    cell: (r) => text(r.requesterTripNumber),
  },
  { id: 'invoiceDueDate', header: "Date d'échéance", cell: (r) => day(r.invoiceDueDate) },
  {
    id: 'debit',
    header: 'Débit',
    sortable: true,
    align: 'end',
    cell: (r) => formatEuros(r.debit),
  },
  {
    id: 'credit',
    header: 'Crédit',
    sortable: true,
    align: 'end',
    cell: (r) => formatEuros(r.credit),
  },
  { id: 'type', header: 'Type', cell: (r) => text(r.type) },
  { id: 'invoiceTag', header: 'Section 1', cell: (r) => text(r.invoiceTag) },
  { id: 'section2', header: 'Section 2', cell: (r) => text(r.section2) },
  { id: 'section3', header: 'Section 3', cell: (r) => text(r.section3) },
  { id: 'aircraftRegistration', header: 'Section 4', cell: (r) => text(r.aircraftRegistration) },
  { id: 'section5', header: 'Section 5', cell: (r) => text(r.section5) },
  { id: 'tax', header: 'Taxe', cell: (r) => text(r.tax) },
  { id: 'departureDate', header: 'Date de reporting', cell: (r) => day(r.departureDate) },
  { id: 'requester', header: 'Client', sortable: true, oneLine: 220, cell: (r) => text(r.requester) },
  { id: 'address1', header: 'Adresse 1', oneLine: 220, cell: (r) => text(r.address1) },
  { id: 'address2', header: 'Adresse 2', oneLine: 220, cell: (r) => text(r.address2) },
  { id: 'postalCode', header: 'Code postal', cell: (r) => text(r.postalCode) },
  { id: 'city', header: 'Ville', oneLine: 160, cell: (r) => text(r.city) },
  { id: 'workEmail', header: 'E-mail', oneLine: 220, cell: (r) => text(r.workEmail) },
  { id: 'workPhone', header: 'Téléphone', cell: (r) => text(r.workPhone) },
  { id: 'invoiceId1', header: 'ID facture 1', cell: (r) => text(r.invoiceId1) },
  { id: 'invoiceId2', header: 'ID facture 2', cell: (r) => text(r.invoiceId2) },
];
const ONE_LINE_COLUMNS = COLUMNS.map((column) => ({ oneLine: true as const, ...column }));

const INVOICES_LIVE = { entities: ['invoice'], always: true } as const;

export function InvoicesScreen() {
  const list = usePagedList<InvoiceRow>(INVOICE_PATHS.list, INVOICES_PAGE_SIZE);
  useLiveList(list, INVOICES_LIVE);
  const [sort, setSort] = useState<Sort | null>(null);
  const [exporting, setExporting] = useState(false);
  const updating = useToastedCall();

  const changeSort = (next: Sort) => {
    setSort(next);
    list.setFilters({
      sort: next.column as InvoiceSort,
      direction: next.direction === 'ascending' ? 'asc' : 'desc',
    });
  };
  const update = () =>
    updating.run(async () => {
      toast.success(retrySummary(await retryInvoicesInError()));
      list.reload();
    }, INVOICE_MESSAGES.updateFailed);

  return (
    <Page title="Factures Leon">
      <SearchToolbar
        id="invoices-search"
        label="Rechercher par le N° de mission"
        hideLabel
        value={list.search}
        onChange={list.setSearch}
        basis={260}
      >
        <button
          type="button"
          className={`${css.button.secondary} ${css.withIcon}`}
          onClick={update}
          disabled={updating.busy}
          aria-label="Mettre à jour les factures en erreur"
          title="Mettre à jour les factures en erreur"
        >
          <RefreshIcon />
          Mettre à jour
        </button>
        <button type="button" className={css.button.primary} onClick={() => setExporting(true)}>
          Exporter vers CSV
        </button>
      </SearchToolbar>

      <DataTable
        label="Factures"
        columns={ONE_LINE_COLUMNS}
        list={list}
        emptyText="Aucune facture trouvée"
        sort={sort}
        onSort={changeSort}
        skeletonRows={INVOICES_PAGE_SIZE}
      />

      {exporting && (
        <ExportDialog
          onClose={() => setExporting(false)}
          onExported={() => {
            setExporting(false);
            list.reload();
          }}
        />
      )}
    </Page>
  );
}
