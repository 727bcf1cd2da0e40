// Public face of missions: their routes.
export { missionsRoutes } from './routes';
