// Public face of invoices: the routes (list, retry of ERROR rows, CSV export) and the step of the Leon
// sync run that turns Leon's sales invoices into accounting rows.
export { buildInvoiceRow } from './build';
export { invoicesRoutes } from './routes';
export { invoicesStep } from './sync';
