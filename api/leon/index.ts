// Public face of the Leon adapter: the GraphQL client, the mapped trip and its failures, and the local
// simulator (development and tests). Other features import only this file.
export { budgetPerMinute, createRequestBudget, type RequestBudget } from './budget';
export { withoutNul } from './checked';
export {
  createLeonClient,
  groupIntoTrips,
  type LeonAttachment,
  type LeonClient,
  LeonError,
  type LeonFailure,
  LeonFileError,
  type LeonGraphqlSource,
  type LeonReportFailure,
  type LeonSafetyReport,
  type LeonSafetyReportSource,
  type LeonSource,
  type LeonTrip,
  type LeonTripSource,
  type ModifiedSafetyReports,
  offersSafetyReports,
  type SafetyReportsResult,
  type TripsResult,
} from './client';
export { type LeonInvoiceReader, leonInvoices } from './invoice-reads';
export {
  type InvoiceFailure,
  type LeonInvoiceClient,
  type LeonSalesInvoice,
  mapSalesInvoice,
} from './invoices';
export { createSharedRequestBudget } from './shared-budget';
export { createLeonSimulator } from './simulator/app';
export { AIRPORTS, crewOnLeg } from './simulator/data';
export { INVOICE_CLIENTS } from './simulator/invoices';
