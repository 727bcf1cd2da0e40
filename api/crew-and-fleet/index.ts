// Public face of pilots and fleet: their read-only routes (decision 034).
export { crewAndFleetRoutes } from './routes';
// The Pilotes screen's row ids and names, which the dashboard's flight hours by pilot reuse.
export { fullName, pilotKeys } from './service';
