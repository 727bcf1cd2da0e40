// Public face of missions: their routes and the test fixtures.
export { insertMissions } from './fixtures';
export { missionsRoutes } from './routes';
