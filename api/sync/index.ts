// Public face of the Leon sync: the run (read Leon, then one write step per feature fed by Leon), its
// routes, the background poll and the demo's first sync. The Leon client itself is api/leon's.
export { pollJob, syncDemoMissions } from './poll';
export { RUN_INTERRUPTED, SyncInterruptedError } from './reasons';
export { RunReport } from './report';
export { syncRoutes } from './routes';
export { runSync, SyncBusyError, type SyncOptions, type SyncRun } from './run';
