// Public face of 'Mon compte' (issue 52): the signed-in user's own sessions. Other code imports only this file.
export { accountRoutes } from './routes';
