// Public face of authentication: its routes, and what user administration needs (password hashing,
// temporary passwords, ending a user's sessions), and the pruning of expired sessions, tokens and codes.
// Other features import only this file.
export {
  accessExpiresAt,
  currentUser,
  type RequireUserOptions,
  requireRole,
  requireRoles,
  requireUser,
} from './guards';
export { pruneAuth } from './prune';
export { authRoutes, LIMITS } from './routes';
export {
  completeSession,
  meColumns,
  type OpenedSession,
  openSession,
  revokeSessions,
  setCookiesOf,
} from './sessions';
export { clearSessionCookies, readAccess } from './tokens';
