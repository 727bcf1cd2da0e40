// Public face of user administration: the current user's route and the admin routes.
export { meRoutes } from './me';
export { usersRoutes } from './routes';
export { rowColumns as userColumns } from './service';
