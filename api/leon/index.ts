// Public face of the Leon adapter: the GraphQL client, the mapped trip and its failures, and the local
// simulator (development and tests). Other features import only this file.
export { withoutNul } from './checked';
export {
  createLeonClient,
  type LeonClient,
  type LeonGraphqlSource,
  type LeonSafetyReportSource,
  type LeonSource,
  type LeonTripSource,
  offersSafetyReports,
} from './client';
export { LeonError } from './errors';
export { type LeonInvoiceReader, leonInvoices } from './invoice-reads';
export {
  type InvoiceFailure,
  type LeonInvoiceClient,
  type LeonSalesInvoice,
  mapSalesInvoice,
} from './invoices';
export {
  LeonFileError,
  type ModifiedSafetyReports,
  type SafetyReportsResult,
} from './safety-report-reads';
export type { LeonAttachment, LeonReportFailure, LeonSafetyReport } from './safety-reports';
export { createLeonSimulator } from './simulator/app';
export { AIRPORTS } from './simulator/data';
export type { LeonFailure, LeonTrip } from './trips';
