// Public face of the dashboard: its one read-only route.
export { dashboardRoutes } from './routes';
