// The session actor of the app: the session machine (machines/session.machine.ts) with the real calls.
// Loaded on demand by web/lib/session.tsx, with xstate: at once when the browser may hold a session, on
// the sign-in form's first input otherwise (docs/decisions/022).
import { createActor, fromPromise } from 'xstate';
import { AUTH_PATHS, MESSAGES, type Me } from '../../contract/auth';
import { FACTOR_PATHS } from '../../contract/factors';
import { type SessionActor, sessionMachine } from '../../machines/session.machine';
import { ApiError, bindSession, rawCall, unwrap } from './api';
import { liveInspector } from './live-actors';
import { accessExpired, clearHint, hintValue, maybeSignedIn } from './session-hint';

/** An anonymous visit: the machine goes to signed-out without a call (and without a 401 in the console). */
const NO_SESSION = Object.assign(new Error('Aucune session'), { status: 0 });
/** An access token known to have expired: the machine renews it, as after a 401, but without the call. */
const EXPIRED = Object.assign(new Error(MESSAGES.sessionExpired), { status: 401 });

/** The Web Lock under which this browser's tabs renew the session, one at a time. */
export const RENEWAL_LOCK = 'session-renewal';

/**
 * Renews the session, one tab of this browser at a time. The tabs share the cookies: two renewing at once
 * would present the same refresh token, and the API takes a token presented twice for a stolen one and
 * ends the session (docs/decisions/046). Under a Web Lock the renewals take turns; a tab that finds the
 * hint changed while it waited takes the other tab's renewal (it asks who it is) rather than renewing again,
 * and renews itself only if that answers 401.
 */
async function renewAcrossTabs(): Promise<Me> {
  const renew = () => unwrap(rawCall(AUTH_PATHS.refresh, { method: 'POST' }));
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return renew();
  const before = hintValue();
  return locks.request(RENEWAL_LOCK, async () => {
    if (hintValue() !== before && maybeSignedIn()) {
      try {
        return await unwrap(rawCall(AUTH_PATHS.me));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
      }
    }
    return renew();
  });
}

/**
 * The session actor, not started. `firstMe`: the answer of `GET /user/me` when the call was made before
 * the machine was loaded; the machine's first check of the user takes it instead of calling again.
 */
export function createSessionActor(firstMe?: Promise<Me>): SessionActor {
  let early = firstMe;
  let first = true;
  const logic = sessionMachine.provide({
    actors: {
      fetchMe: fromPromise(() => {
        const answer = early;
        early = undefined;
        // Only the first check skips the call: the one after the renewal asks, whatever the clock says.
        const expired = first && accessExpired();
        first = false;
        if (answer) return answer;
        if (!maybeSignedIn()) return Promise.reject(NO_SESSION);
        return expired ? Promise.reject(EXPIRED) : unwrap(rawCall(AUTH_PATHS.me));
      }),
      login: fromPromise(({ input }) => unwrap(rawCall(AUTH_PATHS.login, { method: 'POST', body: input }))),
      forceChangePassword: fromPromise(({ input }) =>
        unwrap(rawCall(AUTH_PATHS.forceChangePassword, { method: 'POST', body: input })),
      ),
      verifySecondFactor: fromPromise(({ input }) =>
        unwrap(rawCall(FACTOR_PATHS.verify, { method: 'POST', body: input })),
      ),
      refresh: fromPromise(renewAcrossTabs),
      logout: fromPromise(async () => {
        // Signed out at once on this side too, should the page be left before the API answers.
        clearHint();
        await rawCall(AUTH_PATHS.logout, { method: 'POST' }).catch(() => undefined);
      }),
    },
  });
  const actor = createActor(logic, { systemId: 'session', inspect: liveInspector() });
  bindSession(actor);
  return actor;
}
