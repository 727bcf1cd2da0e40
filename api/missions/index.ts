// Public face of missions: their routes and their demo data.

export { DEMO_HOSPITAL, seedDemoMissions } from './demo';
export { missionsRoutes } from './routes';
