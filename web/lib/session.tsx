// The session of the app and its React hooks. The session machine (machines/session.machine.ts, with xstate)
// decides between the sign-in page and the app; it is loaded on demand (web/lib/session-actor.ts) so that
// the sign-in page of an anonymous visitor shows, and takes input, before it (docs/decisions/022):
// - the readable hint cookie says synchronously whether the browser may hold a session. With it, the
//   machine is loaded at once (the splash shows meanwhile) and `GET /user/me` starts beside its download;
// - without it, the machine would only go to signed-out, so the page starts there, and the machine is
//   loaded on the sign-in form's first input, or with its first submit, which waits for it (nothing typed
//   is lost: the form keeps its own values). Once the machine has made its first decision, what the
//   screens read is the machine's own state.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { AUTH_PATHS, MESSAGES, type Me } from '../../contract/auth';
import type {
  SessionActor,
  SessionContext as SessionData,
  SessionEvent,
} from '../../machines/session.machine';
import { rawCall, unwrap } from './api';
import { accessExpired, maybeSignedIn } from './session-hint';

/** What the screens read of the session's state: its context and its tags. */
export interface SessionView {
  context: SessionData;
  hasTag(tag: string): boolean;
}

/**
 * The session the app runs on: the session actor itself (the web tests and the flow player give one), or
 * the session of `createSession`, which loads the actor on demand.
 */
export interface SessionSource {
  start(): void;
  send(event: SessionEvent): void;
  getSnapshot(): SessionView;
  subscribe(listener: () => void): { unsubscribe(): void };
  /** Loads the session machine now, ahead of its first need (the sign-in form's first input). */
  prepare?(): void;
}

const standIn = (tags: string[], error: string | null = null): SessionView => ({
  context: { user: null, error },
  hasTag: (tag) => tags.includes(tag),
});
const LOADING = standIn(['loading']);
const SIGNED_OUT = standIn(['signedOut']);
const SUBMITTING = standIn(['signedOut', 'submitting']);

/** The app's session: the session actor, loaded when the hint cookie or the sign-in form needs it. */
export function createSession(): SessionSource {
  let actor: SessionActor | null = null;
  /** The actor has left its first check of the user: the screens read its state from then on. */
  let decided = false;
  let loading: Promise<void> | null = null;
  let started = false;
  let view = maybeSignedIn() ? LOADING : SIGNED_OUT;
  const pending: SessionEvent[] = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const load = (firstMe?: Promise<Me>) => {
    loading ??= import('./session-actor').then(
      ({ createSessionActor }) => {
        const loaded = createSessionActor(firstMe);
        actor = loaded;
        loaded.subscribe((snapshot) => {
          if (!decided) {
            if (snapshot.hasTag('loading')) return;
            decided = true;
            // What was sent before (a sign-in submitted while the machine loaded), in order.
            for (const event of pending.splice(0)) loaded.send(event);
          }
          notify();
        });
        loaded.start();
      },
      () => {
        // The machine could not be downloaded: the sign-in form says so, and a new submit tries again.
        loading = null;
        pending.length = 0;
        view = standIn(['signedOut'], MESSAGES.generic);
        notify();
      },
    );
    return loading;
  };
  return {
    start() {
      if (started) return;
      started = true;
      if (!maybeSignedIn()) return;
      // An access token known to have expired: the machine renews it before asking who is signed in.
      if (accessExpired()) return void load();
      const me = unwrap(rawCall(AUTH_PATHS.me));
      me.catch(() => undefined); // the machine handles the failure
      void load(me);
    },
    prepare: () => void load(),
    send(event) {
      if (decided && actor) return actor.send(event);
      pending.push(event);
      if (event.type === 'login.submit') {
        view = SUBMITTING;
        notify();
      }
      void load();
    },
    getSnapshot: () => (decided && actor ? actor.getSnapshot() : view),
    subscribe(listener) {
      listeners.add(listener);
      return { unsubscribe: () => void listeners.delete(listener) };
    },
  };
}

const SessionContext = createContext<SessionSource | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionSource; children: ReactNode }) {
  useEffect(() => {
    actor.start();
  }, [actor]);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionSource {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession outside SessionProvider');
  return actor;
}

export function useSession() {
  const actor = useSessionActor();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const getSnapshot = useCallback(() => actor.getSnapshot(), [actor]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot);
  return useMemo(
    () => ({
      user: snapshot.context.user,
      error: snapshot.context.error,
      loading: snapshot.hasTag('loading'),
      signedIn: snapshot.hasTag('signedIn'),
      signedOut: snapshot.hasTag('signedOut'),
      mustChangePassword: snapshot.hasTag('mustChangePassword'),
      /** The password given, the session waits for its second step (decision 070). */
      secondFactor: snapshot.hasTag('secondFactor'),
      /** The role requires a factor the user has not yet added. */
      mustEnrol: snapshot.hasTag('mustEnrol'),
      submitting: snapshot.hasTag('submitting'),
      send: actor.send,
      /** Loads the session machine ahead of its first need (no-op once it is there). */
      prepare: () => actor.prepare?.(),
    }),
    [snapshot, actor],
  );
}
