// The simulator's part of Leon's schema for sales invoices and credit notes, as type extensions added to
// LEON_SDL. Leon's public summary does not describe invoices: these names follow Leon's naming style and
// api/leon/invoices.ts, and must be checked against the operator's schema like the queries.
export const INVOICE_SDL = /* GraphQL */ `
extend type Query {
  "Sales invoices and credit notes: issued in a window of at most 3 months, or by id."
  salesInvoiceList(filter: SalesInvoiceFilter!): [SalesInvoice!]!
  salesInvoices: SalesInvoiceQueries!
}

input SalesInvoiceFilter {
  issueInterval: TimeIntervalInput
  salesInvoiceNidList: [Int!]
}

type SalesInvoiceQueries {
  "Invoices created or changed after dateTime (Unix seconds, at most one week back)."
  getModifiedSalesInvoiceList(dateTime: Int!): ModifiedSalesInvoiceList!
}

type ModifiedSalesInvoiceList {
  created: [SalesInvoice!]!
  changed: [SalesInvoice!]!
  "Pass it to the next call."
  timestamp: Int!
}

enum SalesInvoiceType {
  INVOICE
  RECHARGE_INVOICE
  CREDIT_NOTE
}

type SalesInvoice {
  salesInvoiceNid: Int!
  invoiceNumber: String
  invoiceType: SalesInvoiceType!
  "Calendar day, yyyy-MM-dd."
  issueDate: String
  dueDate: String
  totalNet: Float
  totalTax: Float
  totalGross: Float
  currency: String
  tag: String
  quoteRequestId: String
  "For a credit note: the invoice it corrects."
  correctedInvoice: SalesInvoice
  trip: Trip
  client: Contact
}

type ContactAddress {
  street1: String
  street2: String
  postalCode: String
  city: String
  country: String
}

extend type Contact {
  "The customer's third-party code in the operator's accounting."
  accountingCode: String
  address: ContactAddress
}
`;
