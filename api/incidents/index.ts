// Public face of incidents: their routes, and the incident part of a Leon sync run (read before the
// run's transaction, written inside it).
export { incidentsRoutes } from './routes';
export {
  ATTACHMENT_MAX_BYTES,
  type IncidentSource,
  type IncidentWriter,
  readIncidents,
} from './sync';
