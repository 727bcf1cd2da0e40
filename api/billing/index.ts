// Public face of the billing check (issue 26, decision 033): its routes, and the verdict of a page of
// missions that the statistics list shows in a column of its own.
export { seedDemoBilling } from './demo';
export { billingRoutes } from './routes';
// Every row of a period checked, each mission with its costs: the dashboard's costs and gaps.
export { type BillingFilters, type CheckedRow, checkPeriod, readPeriodRows } from './service';
export { billingVerdicts } from './verdicts';
