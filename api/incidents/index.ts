// Public face of incidents: their routes, the safety-reports step of a Leon sync run (read before the run's
// transaction, written inside it), and the sweep of attachment copies nothing points to any more.
export { incidentFilesSweepJob, sweepIncidentFiles } from './files';
export { incidentsRoutes } from './routes';
export { ATTACHMENT_MAX_BYTES, safetyReportsStep } from './sync';
