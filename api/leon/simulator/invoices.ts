// The simulator's sales invoices and credit notes: Leon issues an invoice for each completed trip (every
// active leg blocked on), sometimes a recharge invoice (airport fees passed on) and a credit note; a few
// come with missing data (a client without third-party code, an invoice without amount) so that the
// back-office's ERROR rows can be seen and fixed. Its own modification clock answers
// getModifiedSalesInvoiceList the way the flights' clock answers getModifiedFlightList.
import { GraphQLError } from 'graphql';
import type { InvoiceClientDetails, SalesInvoiceFields } from '../invoices';
import { addUtcMonths } from '../time';
import { HOSPITALS } from './data';
import { DAY, type SimTrip, unixSeconds } from './model';
import { tripView } from './schema';
import { MODIFIED_LIST_MAX_AGE_SECONDS } from './store';

export type SimInvoiceType = 'INVOICE' | 'RECHARGE_INVOICE' | 'CREDIT_NOTE';

export interface SimInvoiceClient extends InvoiceClientDetails {
  contactNid: number;
  name: string;
  phoneWork: string | null;
}

export interface SimInvoice extends SalesInvoiceFields {
  invoiceType: SimInvoiceType;
  clientNid: number | null;
  createdAt: number;
  modifiedAt: number;
}

const ADDRESSES: Record<number, Omit<SimInvoiceClient, 'contactNid' | 'name'>> = {
  9001: {
    accountingCode: 'CHUBDX',
    street1: 'Place Amélie Raba-Léon',
    street2: 'Service des finances',
    postalCode: '33000',
    city: 'Bordeaux',
    email: 'factures@chu-bordeaux.fr',
    phoneWork: '+33 5 56 79 56 79',
  },
  9002: {
    accountingCode: 'APHPGP',
    street1: '20 rue Leblanc',
    street2: null,
    postalCode: '75015',
    city: 'Paris',
    email: 'comptabilite.hegp@aphp.fr',
    phoneWork: '+33 1 56 09 20 00',
  },
  9003: {
    accountingCode: 'HCLEHE',
    street1: '5 place d’Arsonval',
    street2: 'Pavillon K',
    postalCode: '69003',
    city: 'Lyon',
    email: 'factures@chu-lyon.fr',
    phoneWork: '+33 4 72 11 73 11',
  },
  9004: {
    accountingCode: 'CHUTLS',
    street1: '1 avenue du Professeur Jean Poulhès',
    street2: null,
    postalCode: '31400',
    city: 'Toulouse',
    email: 'finances@chu-toulouse.fr',
    phoneWork: '+33 5 61 32 25 33',
  },
  9005: {
    accountingCode: 'APHMTI',
    street1: '264 rue Saint-Pierre',
    street2: null,
    postalCode: '13005',
    city: 'Marseille',
    email: 'factures@ap-hm.fr',
    phoneWork: '+33 4 91 38 00 00',
  },
  9006: {
    accountingCode: 'CHULIL',
    street1: '2 avenue Oscar Lambret',
    street2: null,
    postalCode: '59000',
    city: 'Lille',
    email: 'finances@chu-lille.fr',
    phoneWork: '+33 3 20 44 59 62',
  },
  9007: {
    accountingCode: 'CHUNTE',
    street1: '1 place Alexis-Ricordeau',
    street2: null,
    postalCode: '44000',
    city: 'Nantes',
    email: 'factures@chu-nantes.fr',
    phoneWork: '+33 2 40 08 33 33',
  },
  // No third-party code yet: its invoices are ERROR rows until the operator fills it in Leon.
  9008: {
    accountingCode: null,
    street1: '1 place de l’Hôpital',
    street2: null,
    postalCode: '67000',
    city: 'Strasbourg',
    email: 'factures@chru-strasbourg.fr',
    phoneWork: '+33 3 88 11 67 68',
  },
};

export const INVOICE_CLIENTS: readonly SimInvoiceClient[] = HOSPITALS.map((h) => ({
  contactNid: h.contactNid,
  name: h.name,
  ...ADDRESSES[h.contactNid],
}));

const round2 = (n: number) => Math.round(n * 100) / 100;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A trip Leon invoices: not deleted, with active legs all blocked on. */
function completed(trip: SimTrip): boolean {
  const active = trip.legs.filter((leg) => !leg.isCnl);
  return !trip.isDeleted && active.length > 0 && active.every((leg) => leg.blockOn);
}

export interface AddInvoiceInput extends Partial<Omit<SimInvoice, 'createdAt' | 'modifiedAt'>> {}

export function createInvoiceStore(options: { now: () => number; trips: () => SimTrip[] }) {
  const { now } = options;
  let clients = new Map(INVOICE_CLIENTS.map((c) => [c.contactNid, { ...c }]));
  let invoices = new Map<number, SimInvoice>();
  let invoiced = new Set<string>();
  let clock = unixSeconds(now());
  let nextNid = 800001;
  const sequences: Record<SimInvoiceType, number> = { INVOICE: 1, RECHARGE_INVOICE: 1, CREDIT_NOTE: 1 };
  const PREFIX: Record<SimInvoiceType, string> = { INVOICE: 'FA', RECHARGE_INVOICE: 'FR', CREDIT_NOTE: 'AV' };

  function tick(): number {
    clock = Math.max(unixSeconds(now()), clock + 1);
    return clock;
  }

  function numberOf(type: SimInvoiceType, issueDate: string): string {
    return `${PREFIX[type]}${issueDate.slice(0, 4)}-${String(sequences[type]++).padStart(5, '0')}`;
  }

  function put(invoice: Omit<SimInvoice, 'salesInvoiceNid'> & { salesInvoiceNid?: number }): SimInvoice {
    const full = { ...invoice, salesInvoiceNid: invoice.salesInvoiceNid ?? nextNid++ } as SimInvoice;
    nextNid = Math.max(nextNid, full.salesInvoiceNid + 1);
    invoices.set(full.salesInvoiceNid, full);
    return full;
  }

  /** Issues the invoices of trips completed since the last look (Leon invoices after the flight). */
  function issueDue(): void {
    const due = options.trips().filter((trip) => !invoiced.has(trip.tripNumber) && completed(trip));
    if (due.length === 0) return;
    const at = tick();
    for (const trip of due) {
      invoiced.add(trip.tripNumber);
      const lastBlockOn = Math.max(...trip.legs.filter((l) => !l.isCnl).map((l) => Date.parse(l.blockOn!)));
      const issueDate = dayOf(lastBlockOn);
      const dueDate = dayOf(lastBlockOn + 31 * DAY);
      const k = trip.tripNid;
      const net = 2800 + ((k * 37) % 40) * 137.5;
      const clientNid = trip.client
        ? (HOSPITALS.find((h) => h.name === trip.client)?.contactNid ?? null)
        : null;
      const base = {
        currency: 'EUR',
        tag: 'TRANSPORT-ORGANES',
        quoteRequestId: `QR-${trip.tripNid}`,
        tripNumber: trip.tripNumber,
        clientNid,
        issueDate,
        dueDate,
        correctedInvoiceNid: null,
        createdAt: at,
        modifiedAt: at,
      };
      // One invoice in seven arrives without its amount.
      const missingAmount = k % 7 === 3;
      const invoice = put({
        ...base,
        invoiceType: 'INVOICE',
        invoiceNumber: numberOf('INVOICE', issueDate),
        totalNet: missingAmount ? null : net,
        totalTax: missingAmount ? null : round2(net * 0.2),
        totalGross: missingAmount ? null : round2(net * 1.2),
      });
      if (k % 4 === 0) {
        const fees = 180 + (k % 5) * 45;
        put({
          ...base,
          invoiceType: 'RECHARGE_INVOICE',
          invoiceNumber: numberOf('RECHARGE_INVOICE', issueDate),
          tag: 'REFACTURATION-AEROPORT',
          totalNet: fees,
          totalTax: round2(fees * 0.2),
          totalGross: round2(fees * 1.2),
        });
      }
      if (k % 5 === 0 && !missingAmount) {
        const refund = round2(net * 0.1);
        put({
          ...base,
          invoiceType: 'CREDIT_NOTE',
          invoiceNumber: numberOf('CREDIT_NOTE', issueDate),
          correctedInvoiceNid: invoice.salesInvoiceNid,
          totalNet: refund,
          totalTax: round2(refund * 0.2),
          totalGross: round2(refund * 1.2),
        });
      }
    }
  }
  issueDue();

  function all(): SimInvoice[] {
    issueDue();
    return [...invoices.values()].sort((a, b) => a.salesInvoiceNid - b.salesInvoiceNid);
  }

  function get(nid: number): SimInvoice {
    const invoice = invoices.get(nid);
    if (!invoice) throw new Error(`Unknown sales invoice ${nid}`);
    return invoice;
  }

  return {
    all,
    get,
    clients: () => [...clients.values()],
    client: (contactNid: number) => clients.get(contactNid),
    /** Adds an invoice as given (tests: odd amounts, the same number twice…). */
    add(input: AddInvoiceInput): SimInvoice {
      const at = tick();
      const issueDate = input.issueDate === undefined ? dayOf(now()) : input.issueDate;
      const type = input.invoiceType ?? 'INVOICE';
      return put({
        invoiceNumber:
          input.invoiceNumber === undefined ? numberOf(type, issueDate ?? '2026') : input.invoiceNumber,
        invoiceType: type,
        issueDate,
        dueDate: input.dueDate === undefined ? issueDate : input.dueDate,
        totalNet: input.totalNet === undefined ? 1000 : input.totalNet,
        totalTax: input.totalTax === undefined ? 200 : input.totalTax,
        totalGross: input.totalGross === undefined ? 1200 : input.totalGross,
        currency: input.currency === undefined ? 'EUR' : input.currency,
        tag: input.tag === undefined ? 'TRANSPORT-ORGANES' : input.tag,
        quoteRequestId: input.quoteRequestId ?? null,
        correctedInvoiceNid: input.correctedInvoiceNid ?? null,
        tripNumber: input.tripNumber ?? null,
        clientNid: input.clientNid === undefined ? 9001 : input.clientNid,
        salesInvoiceNid: input.salesInvoiceNid,
        createdAt: at,
        modifiedAt: at,
      });
    },
    /** Changes an invoice; Leon reports it as changed. */
    change(nid: number, patch: AddInvoiceInput): SimInvoice {
      const invoice = get(nid);
      Object.assign(invoice, patch, { salesInvoiceNid: nid, modifiedAt: tick() });
      return invoice;
    },
    /** Changes a client record (e.g. fills in its third-party code); its invoices are not reported. */
    changeClient(contactNid: number, patch: Partial<Omit<SimInvoiceClient, 'contactNid'>>): SimInvoiceClient {
      const client = clients.get(contactNid);
      if (!client) throw new Error(`Unknown client ${contactNid}`);
      Object.assign(client, patch);
      return client;
    },
    reset(): void {
      clients = new Map(INVOICE_CLIENTS.map((c) => [c.contactNid, { ...c }]));
      invoices = new Map();
      invoiced = new Set();
      issueDue();
    },
    clock: () => clock,
    /** Leon's getModifiedSalesInvoiceList: changes strictly after `dateTime`, at most a week back. */
    modifiedSince(dateTime: number) {
      const list = all();
      if (dateTime < unixSeconds(now()) - MODIFIED_LIST_MAX_AGE_SECONDS)
        throw new GraphQLError('dateTime must not be more than one week in the past');
      return {
        created: list.filter((i) => i.createdAt > dateTime),
        changed: list.filter((i) => i.createdAt <= dateTime && i.modifiedAt > dateTime),
        timestamp: clock,
      };
    },
  };
}

export type SimInvoiceStore = ReturnType<typeof createInvoiceStore>;

interface InvoiceFilterArgs {
  issueInterval?: { start: Date; end: Date } | null;
  salesInvoiceNidList?: number[] | null;
}

/** The GraphQL root fields of invoices over the invoice store and the trips. */
export function invoiceRootValue(
  invoices: SimInvoiceStore,
  findTrip: (tripNumber: string) => SimTrip | undefined,
) {
  const view = (invoice: SimInvoice): Record<string, unknown> => {
    const client = invoice.clientNid === null ? undefined : invoices.client(invoice.clientNid);
    const trip = invoice.tripNumber === null ? undefined : findTrip(invoice.tripNumber);
    return {
      ...invoice,
      correctedInvoice: () =>
        invoice.correctedInvoiceNid === null ? null : view(invoices.get(invoice.correctedInvoiceNid)),
      trip: trip ? () => tripView(trip) : null,
      client: client
        ? {
            contactNid: client.contactNid,
            name: client.name,
            surname: null,
            email: client.email,
            phoneWork: client.phoneWork,
            phoneMobile: null,
            accountingCode: client.accountingCode,
            address: {
              street1: client.street1,
              street2: client.street2,
              postalCode: client.postalCode,
              city: client.city,
              country: 'FR',
            },
          }
        : null,
    };
  };
  return {
    salesInvoiceList: ({ filter }: { filter: InvoiceFilterArgs }) => {
      const list = invoices.all();
      if (filter.salesInvoiceNidList) {
        const wanted = new Set(filter.salesInvoiceNidList);
        return list.filter((i) => wanted.has(i.salesInvoiceNid)).map(view);
      }
      if (!filter.issueInterval)
        throw new GraphQLError('salesInvoiceList needs issueInterval or salesInvoiceNidList.');
      const { start, end } = filter.issueInterval;
      if (end <= start) throw new GraphQLError('issueInterval.end must be after issueInterval.start.');
      if (end > addUtcMonths(start, 3))
        throw new GraphQLError('The issue interval of salesInvoiceList must not exceed 3 months.');
      const from = start.toISOString().slice(0, 10);
      const to = end.toISOString().slice(0, 10);
      // A day is in the window when its midnight UTC is: [start day, end day).
      return list.filter((i) => i.issueDate !== null && i.issueDate >= from && i.issueDate < to).map(view);
    },
    salesInvoices: () => ({
      getModifiedSalesInvoiceList: ({ dateTime }: { dateTime: number }) => {
        const answer = invoices.modifiedSince(dateTime);
        return {
          created: answer.created.map(view),
          changed: answer.changed.map(view),
          timestamp: answer.timestamp,
        };
      },
    }),
  };
}
