// Ports, secrets and data folder of the stack the browser tests run against (kept apart from `npm start`),
// and the demo accounts the tests sign in with.
import { fileURLToPath } from 'node:url';
import type { Role } from '../contract/roles';

/**
 * Shifts every port, so that two checkouts, or the parts of one run (scripts/e2e.mjs), run their browser
 * tests at once (E2E_PORT_OFFSET=10). The data and signed-in states are kept apart the same way.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = (base: number) => String(base + offset);
const apart = offset ? `-${offset}` : '';

export const E2E = {
  baseURL: `http://127.0.0.1:${port(8797)}`,
  apiURL: `http://127.0.0.1:${port(3100)}`,
  simURL: `http://127.0.0.1:${port(4110)}`,
  componentCheckPort: port(4173),
  componentCheckURL: `http://127.0.0.1:${port(4173)}/dev/component-check.html`,
  sessionSecret: 'e2e-session-secret-0123456789abcdef0123456789',
  password: 'Demo-2026!',
  serverEnv: {
    NODE_ENV: 'test',
    API_PORT: port(3100),
    EDGE_PORT: port(8797),
    LEON_SIM_PORT: port(4110),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port(8797)}`,
    DATA_DIR: `.e2e-data${apart}`,
    SESSION_SECRET: 'e2e-session-secret-0123456789abcdef0123456789',
    SEED_DEMO: 'true',
    LEON_POLL_MINUTES: '0',
    // A fresh PostgreSQL database of the part's own, made by scripts/e2e.mjs (E2E_DATABASE=postgres);
    // without it, a fresh PGlite under DATA_DIR.
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  } as Record<string, string>,
};

/** The seeded demo account of each role. */
export const ACCOUNTS: Record<Role, string> = {
  ADMIN: 'admin@demo.test',
  OPERATION: 'operation@demo.test',
  ACCOUNTING: 'accounting@demo.test',
  HOSPITAL: 'hopital@demo.test',
};

/**
 * The roles signed in once by e2e/auth.setup.ts, whose browser state the tests reuse. Not ACCOUNTING: the
 * forgotten-password test resets its password, which ends all of its sessions.
 */
export const STORED_ROLES = ['ADMIN', 'OPERATION', 'HOSPITAL'] as const satisfies readonly Role[];
export type StoredRole = (typeof STORED_ROLES)[number];

/** Where the signed-in browser states are kept (not committed). */
export const AUTH_DIR = fileURLToPath(new URL(`.auth/${offset ? `${offset}/` : ''}`, import.meta.url));
export const storageOf = (role: StoredRole) => `${AUTH_DIR}${role.toLowerCase()}.json`;

/**
 * Whether this process runs the named piece of a spec file that scripts/e2e.mjs splits between the parts
 * of a run: all but those another part runs (E2E_PIECES_ELSEWHERE, `file#piece` separated by commas). A
 * piece that the script's table does not name yet is run by every part that runs its file: twice, never
 * not at all.
 */
export function runsPiece(file: string, piece: string): boolean {
  return !process.env.E2E_PIECES_ELSEWHERE?.split(',').includes(`${file}#${piece}`);
}
