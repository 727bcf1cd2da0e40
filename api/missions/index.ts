// Public face of missions: their routes and their demo data.

export { DEMO_HOSPITAL, seedDemoMissions } from './demo';
// Which missions a user sees (role, hospitals, listable statuses): the dashboard counts the same rows.
export { listableStatuses, visibleTo as missionsVisibleTo } from './queries';
export { missionsRoutes } from './routes';
