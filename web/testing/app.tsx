// Test support for the web tests: a session actor on fake calls, a fake API behind `fetch`, and the
// whole app rendered at a path, so that tests see what a user sees (happy-dom, @testing-library/react).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type Me, SESSION_HINT_COOKIE } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import { type SessionActor, sessionMachine } from '../../machines/session.machine';
import { App, loadOnDemandParts } from '../app';
import { ApiError, bindSession } from '../lib/api';

export { fakeApi } from './fake-api';

// The app loads its layout, the toast region and the other public screens on demand: load them once here,
// so that a test's first screen does not wait for a first import.
await loadOnDemandParts();

/**
 * Sets the session hint cookie as the API does: `value` is the access token's expiry in Unix seconds (see
 * `expiryIn`), or the former '1'. `clearHint` (web/lib/session-hint.ts) removes it.
 */
export function setHintCookie(value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the tests set the cookie the API would set
  document.cookie = `${SESSION_HINT_COOKIE}=${value}; Path=/`;
}

/** The hint's value for an access token that expires `seconds` from now (in the past when negative). */
export const expiryIn = (seconds: number) => String(Math.floor(Date.now() / 1000) + seconds);

export const userOf = (role: Role, more: Partial<Me> = {}): Me => ({
  id: 'u1',
  firstName: 'Claire',
  lastName: 'Martin',
  email: 'claire.martin@example.fr',
  phone: '0600000000',
  role,
  hospitals: role === 'HOSPITAL' ? ['CHU de Lyon'] : [],
  forceChangePassword: false,
  secondFactor: null,
  ...more,
});

const never = () => new Promise<never>(() => {});
const signedOut = () => Promise.reject(new ApiError(401, 'Veuillez vous connecter'));

export interface FakeCalls {
  /** GET /user/me at start: a user, or (default) a 401 then a failed refresh = signed out. */
  fetchMe?: () => Promise<Me>;
  login?: (input: { email: string; password: string }) => Promise<Me>;
  forceChangePassword?: (input: { newPassword: string }) => Promise<Me>;
  /** POST /auth/second-factor. */
  verifySecondFactor?: (input: { code: string }) => Promise<Me>;
  refresh?: () => Promise<Me>;
  logout?: () => Promise<void>;
}

/** A started session actor whose calls are the given fakes (bound to the API client like the real one). */
export function fakeSession(calls: FakeCalls = {}): SessionActor {
  const logic = sessionMachine.provide({
    actors: {
      fetchMe: fromPromise(() => (calls.fetchMe ?? signedOut)()),
      login: fromPromise(({ input }) => (calls.login ?? never)(input)),
      forceChangePassword: fromPromise(({ input }) => (calls.forceChangePassword ?? never)(input)),
      verifySecondFactor: fromPromise(({ input }) => (calls.verifySecondFactor ?? never)(input)),
      refresh: fromPromise(() => (calls.refresh ?? signedOut)()),
      logout: fromPromise(() => (calls.logout ?? (() => Promise.resolve()))()),
    },
  });
  const actor = createActor(logic);
  bindSession(actor);
  actor.start();
  return actor;
}

export const signedInAs = (role: Role, more: Partial<Me> = {}) =>
  fakeSession({ fetchMe: () => Promise.resolve(userOf(role, more)) });

/** The menu counts staff screens load; enough for the layout to render quietly. */
export const COUNTS = {
  'GET /leon/records-count': () => ({
    body: {
      data: { total: 9, waiting: 2, inProgress: 3, completed: 1, canceled: 1, closed: 2, statistics: 4 },
    },
  }),
};

/** Renders the whole app at `path` (browser history of happy-dom) on the given session. */
export function renderApp(path: string, session: SessionActor) {
  window.history.replaceState(null, '', path);
  return render(<App session={session} />);
}

/**
 * Renders the whole app at `path` on a session of the given fake calls and waits for the button named
 * `ready`, the sign that the screen is there; gives back a user to act on it.
 */
export async function openScreen(path: string, ready: string, calls: FakeCalls = {}) {
  renderApp(path, fakeSession(calls));
  await screen.findByRole('button', { name: ready });
  return { user: userEvent.setup() };
}

export const currentPath = () => window.location.pathname;

/** The message under the form of the given submit button (not a toast, which is an alert too). */
export const formAlert = (submit: string) =>
  within(screen.getByRole('button', { name: submit }).closest('form') as HTMLElement).findByRole('alert');

/** Waits until the button named `name` (in `within`, the whole page by default) can be pressed again. */
export const enabledAgain = (name: string, where: Pick<typeof screen, 'getByRole'> = screen) =>
  waitFor(() => expect(where.getByRole('button', { name }).hasAttribute('disabled')).toBe(false));
