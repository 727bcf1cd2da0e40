// Public face of authentication: its routes, and what user administration needs (password hashing,
// temporary passwords, ending a user's sessions). Other features import only this file.
export { currentUser, type RequireUserOptions, requireRole, requireUser } from './guards';
export { authRoutes, LIMITS } from './routes';
export { revokeSessions } from './sessions';
