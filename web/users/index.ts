// Public face of web/users: the users screen (ADMIN).
export { UsersScreen } from './users-screen';
