// Public face of the change feed (issue 50, docs/decisions/059): GET /events, and the progress a long work
// (a sync) tells the streams open at the time.
export { feedOf, type Progress, publishProgress } from './feed';
export { liveRoutes } from './routes';
