// Public face of statistics: the routes (list, statuses, PDFs, hospital flag, export), the sweep of
// orphan PDFs, and the demo data that makes every column show something.
export { seedDemoStatistics } from './demo';
export { statisticsSweepJob, sweepStatisticFiles } from './files';
// Which records a user sees, and the list's filters: the dashboard reads the same rows.
export { filtersWhere, visibleTo as statisticsVisibleTo } from './records';
export { statisticsRoutes } from './routes';
