// Public face of the second sign-in step (decision 070): its routes. Other code imports only this file.
export { FACTOR_LIMITS, factorRoutes } from './routes';
