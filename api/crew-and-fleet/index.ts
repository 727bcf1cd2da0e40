// Public face of pilots and fleet: their read-only routes (decision 034).
export { crewAndFleetRoutes } from './routes';
