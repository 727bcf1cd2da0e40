// The session: the current user, sign-in, the second step (a code, or a first factor the role requires,
// decision 070), forced password change, refresh-then-retry-once on a 401 (architecture.md §6: refresh
// first, log out only when the refresh fails) and logout.
import { type ActorRefFrom, assign, fromPromise, setup, spawnChild, waitFor } from 'xstate';
import type { Me } from '../contract/auth';
import { messageOf, missing, statusOf } from './errors';

export type SessionEvent =
  | { type: 'login.submit'; email: string; password: string }
  | { type: 'password.submit'; newPassword: string }
  | { type: 'factor.submit'; code: string }
  /** The user signed in, or took a step, by a call of a screen's own (a passkey, an enrolment). */
  | { type: 'user.arrived'; user: Me }
  | { type: 'session.unauthorized' }
  | { type: 'session.logout' }
  | { type: 'user.updated'; user: Me };

export interface SessionContext {
  user: Me | null;
  error: string | null;
}

/**
 * Where a freshly known user goes: the code first when the session waits for one, then the forced
 * password change, then the enrolment the role requires, then the app.
 */
const arrive = (actions: unknown, userOf = ({ event }: { event: { output: Me } }) => event.output) => [
  {
    guard: (args: { event: { output: Me } }) => userOf(args).secondFactor === 'verify',
    target: '#session.secondFactor',
    actions,
  },
  {
    guard: (args: { event: { output: Me } }) => userOf(args).forceChangePassword,
    target: '#session.mustChangePassword',
    actions,
  },
  {
    guard: (args: { event: { output: Me } }) => userOf(args).secondFactor === 'enrol',
    target: '#session.mustEnrol',
    actions,
  },
  { target: '#session.signedIn', actions },
];

/** `arrive` for a `user.arrived` event (the user is in the event, not in an actor's output). */
const arriveWith = () =>
  arrive(
    assign({ user: ({ event }) => (event as unknown as { user: Me }).user, error: null }),
    ({ event }) => (event as unknown as { user: Me }).user,
  );

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    fetchMe: fromPromise<Me>(missing('fetchMe')),
    login: fromPromise<Me, { email: string; password: string }>(missing('login')),
    forceChangePassword: fromPromise<Me, { newPassword: string }>(missing('forceChangePassword')),
    verifySecondFactor: fromPromise<Me, { code: string }>(missing('verifySecondFactor')),
    refresh: fromPromise<Me>(missing('refresh')),
    logout: fromPromise<void>(missing('logout')),
  },
  actions: {
    setUser: assign({ user: ({ event }) => (event as unknown as { output: Me }).output, error: null }),
    setError: assign({ error: ({ event }) => messageOf((event as unknown as { error: unknown }).error) }),
    clearError: assign({ error: null }),
    clearUser: assign({ user: null, error: null }),
  },
}).createMachine({
  id: 'session',
  context: { user: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchMe',
            src: 'fetchMe',
            onDone: arrive('setUser') as never,
            onError: [
              { guard: ({ event }) => statusOf(event.error) === 401, target: 'refreshing' },
              { target: '#session.signedOut' },
            ],
          },
        },
        refreshing: {
          invoke: { id: 'refresh', src: 'refresh', onDone: 'refetching', onError: '#session.signedOut' },
        },
        refetching: {
          invoke: {
            id: 'fetchMe',
            src: 'fetchMe',
            onDone: arrive('setUser') as never,
            onError: '#session.signedOut',
          },
        },
      },
    },
    signedOut: {
      tags: ['signedOut'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'login.submit': { target: 'submitting', actions: 'clearError' },
            'user.arrived': arriveWith() as never,
          },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              const { email, password } = event as Extract<SessionEvent, { type: 'login.submit' }>;
              return { email, password };
            },
            onDone: arrive('setUser') as never,
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    secondFactor: {
      tags: ['secondFactor'],
      initial: 'idle',
      on: { 'session.logout': 'loggingOut' },
      states: {
        idle: {
          on: {
            'factor.submit': { target: 'submitting', actions: 'clearError' },
            'user.arrived': arriveWith() as never,
          },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            id: 'verifySecondFactor',
            src: 'verifySecondFactor',
            input: ({ event }) => ({
              code: (event as Extract<SessionEvent, { type: 'factor.submit' }>).code,
            }),
            onDone: arrive('setUser') as never,
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    mustEnrol: {
      tags: ['mustEnrol'],
      on: { 'session.logout': 'loggingOut', 'user.arrived': arriveWith() as never },
    },
    mustChangePassword: {
      tags: ['mustChangePassword'],
      initial: 'idle',
      on: { 'session.logout': 'loggingOut' },
      states: {
        idle: {
          on: { 'password.submit': { target: 'submitting', actions: 'clearError' } },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            id: 'forceChangePassword',
            src: 'forceChangePassword',
            input: ({ event }) => ({
              newPassword: (event as Extract<SessionEvent, { type: 'password.submit' }>).newPassword,
            }),
            onDone: arrive('setUser') as never,
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      initial: 'active',
      on: {
        'session.logout': 'loggingOut',
        'user.updated': [
          {
            guard: ({ event }) => event.user.forceChangePassword,
            target: 'mustChangePassword',
            actions: assign({ user: ({ event }) => event.user }),
          },
          { actions: assign({ user: ({ event }) => event.user }) },
        ],
      },
      states: {
        active: {
          on: { 'session.unauthorized': 'refreshing' },
        },
        refreshing: {
          tags: ['refreshing'],
          // Further 401s while refreshing are not handled here: their callers wait for this refresh.
          invoke: {
            id: 'refresh',
            src: 'refresh',
            onDone: { target: 'active', actions: 'setUser' },
            onError: '#session.loggingOut',
          },
        },
      },
    },
    // Logout is fire-and-forget: the call is spawned (it outlives this state) and the user is out at once.
    loggingOut: {
      entry: ['clearUser', spawnChild('logout')],
      always: 'signedOut',
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * After sending `session.unauthorized`: true when the session was renewed (retry the call once),
 * false when it ended.
 */
export async function waitForRefresh(actor: SessionActor): Promise<boolean> {
  const state = await waitFor(actor, (s) => s.matches({ signedIn: 'active' }) || !s.hasTag('signedIn'));
  return state.matches({ signedIn: 'active' });
}
