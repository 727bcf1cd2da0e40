// Public face of the history: its read-only routes (decision 036) and the demo's audited edits.
export { seedDemoHistory } from './demo';
export { historyRoutes } from './routes';
