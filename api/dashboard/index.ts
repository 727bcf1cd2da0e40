// Public face of the dashboard: its read-only routes (the figures and their XLSX).
export { dashboardRoutes } from './routes';
