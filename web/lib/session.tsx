// The session actor of the app (the session machine with the real calls) and its React hooks.
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { createActor, fromPromise } from 'xstate';
import { AUTH_PATHS, type Me, SESSION_HINT_COOKIE } from '../../contract/auth';
import { type SessionActor, sessionMachine } from '../../machines/session.machine';
import { bindSession, rawCall } from './api';
import { liveInspector } from './live-actors';

const unwrap = async (call: Promise<{ data: Me }>) => (await call).data;

/** Whether the API may hold a session for this browser (its readable hint cookie is there). */
const maybeSignedIn = () => document.cookie.split('; ').some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));
/** An anonymous visit: the machine goes to signed-out without a call (and without a 401 in the console). */
const NO_SESSION = Object.assign(new Error('Aucune session'), { status: 0 });

export function createSession(): SessionActor {
  const logic = sessionMachine.provide({
    actors: {
      fetchMe: fromPromise(() =>
        maybeSignedIn() ? unwrap(rawCall(AUTH_PATHS.me)) : Promise.reject(NO_SESSION),
      ),
      login: fromPromise(({ input }) => unwrap(rawCall(AUTH_PATHS.login, { method: 'POST', body: input }))),
      forceChangePassword: fromPromise(({ input }) =>
        unwrap(rawCall(AUTH_PATHS.forceChangePassword, { method: 'POST', body: input })),
      ),
      refresh: fromPromise(() => unwrap(rawCall(AUTH_PATHS.refresh, { method: 'POST' }))),
      logout: fromPromise(async () => {
        // Signed out at once on this side too, should the page be left before the API answers.
        // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is not in every browser
        document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
        await rawCall(AUTH_PATHS.logout, { method: 'POST' }).catch(() => undefined);
      }),
    },
  });
  const actor = createActor(logic, { systemId: 'session', inspect: liveInspector() });
  bindSession(actor);
  return actor;
}

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  useEffect(() => {
    actor.start();
  }, [actor]);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession outside SessionProvider');
  return actor;
}

export function useSession() {
  const actor = useSessionActor();
  const snapshot = useSelector(actor, (s) => s);
  return useMemo(
    () => ({
      user: snapshot.context.user,
      error: snapshot.context.error,
      loading: snapshot.hasTag('loading'),
      signedIn: snapshot.hasTag('signedIn'),
      signedOut: snapshot.hasTag('signedOut'),
      mustChangePassword: snapshot.hasTag('mustChangePassword'),
      submitting: snapshot.hasTag('submitting'),
      send: actor.send,
    }),
    [snapshot, actor],
  );
}
