// Public face of the Leon adapter: the GraphQL client, the mapped trip and its failures, and the local
// simulator (development and tests). Other features import only this file.
export {
  createLeonClient,
  type LeonClient,
  LeonError,
  LeonFileError,
  type LeonSource,
  type ModifiedSafetyReports,
  type SafetyReportsResult,
} from './client';
export {
  type InvoiceFailure,
  type LeonInvoiceClient,
  type LeonInvoiceReader,
  type LeonSalesInvoice,
  leonInvoices,
  mapSalesInvoice,
} from './invoices';
export {
  type LeonAttachment,
  type LeonFailure,
  type LeonReportFailure,
  type LeonSafetyReport,
  type LeonTrip,
  withoutNul,
} from './mapping';
export { createLeonSimulator } from './simulator/app';
export { AIRPORTS } from './simulator/data';
