// Public face of statistics: the routes (list, statuses, PDFs, hospital flag, export), the sweep of
// orphan PDFs, and the demo data that makes every column show something.
export { seedDemoStatistics } from './demo';
export { statisticsSweepJob, sweepStatisticFiles } from './files';
export { statisticsRoutes } from './routes';
