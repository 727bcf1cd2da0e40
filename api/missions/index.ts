// Public face of missions: their routes, the Leon sync run and its background poll, and the test fixtures.
export { insertMissions } from './fixtures';
export { missionsRoutes } from './routes';
export { type LeonSource, runSync } from './sync';
export { startPoll, syncRoutes } from './sync-routes';
