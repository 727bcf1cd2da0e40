// Forgotten password: the request screen, and the confirmation screen with its 60-second resend
// countdown (requirements §2, §4, §8). The UI provides `notifyResent` and `notifyError` to show toasts.
import { assign, fromPromise, setup } from 'xstate';
import { RESEND_COUNTDOWN_SECONDS } from '../contract/auth';
import { FAILED, messageOf, missing } from './errors';

/** The request screen: one call, then the UI moves on carrying the e-mail. */
export const requestPasswordMachine = setup({
  types: {
    context: {} as { email: string; error: string | null },
    events: {} as { type: 'password.request'; email: string },
  },
  actors: { request: fromPromise<string | undefined, { email: string }>(missing('request')) },
}).createMachine({
  id: 'requestPassword',
  context: { email: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'password.request': {
          target: 'submitting',
          actions: assign({ email: ({ event }) => event.email, error: null }),
        },
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    sent: { type: 'final', tags: ['sent'] },
  },
});

export interface ConfirmContext {
  email: string;
  /** Where each countdown starts (60 s, requirements §9). */
  countdown: number;
  secondsLeft: number;
  error: string | null;
}

export type ConfirmEvent = { type: 'otp.resend' } | { type: 'password.reset'; otp: string; password: string };

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ConfirmContext,
    events: {} as ConfirmEvent,
    input: {} as { email: string; secondsLeft?: number; countdown?: number },
  },
  actors: {
    resend: fromPromise<void, { email: string }>(missing('resend')),
    reset: fromPromise<void, { email: string; otp: string; password: string }>(missing('reset')),
  },
  actions: {
    notifyResent: () => {},
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    notifyError: (_, _params: { message: string }) => {},
  },
  guards: {
    counting: ({ context }) => context.secondsLeft > 0,
  },
  delays: { second: 1000 },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => {
    const countdown = input.countdown ?? RESEND_COUNTDOWN_SECONDS;
    return { email: input.email, countdown, secondsLeft: input.secondsLeft ?? countdown, error: null };
  },
  initial: 'ready',
  states: {
    ready: {
      // The countdown runs while the form can be submitted; resend waits for it to reach 0.
      initial: 'checking',
      on: { 'password.reset': 'submitting' },
      states: {
        checking: { always: [{ guard: 'counting', target: 'counting' }, { target: 'idle' }] },
        counting: {
          tags: ['counting'],
          after: {
            second: {
              target: 'checking',
              actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
            },
          },
        },
        idle: {
          on: { 'otp.resend': '#forgotPassword.resending' },
        },
      },
    },
    resending: {
      tags: ['resending'],
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'ready',
          actions: ['notifyResent', assign({ secondsLeft: ({ context }) => context.countdown, error: null })],
        },
        onError: {
          target: 'ready',
          actions: FAILED,
        },
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        id: 'reset',
        src: 'reset',
        input: ({ context, event }) => {
          const { otp, password } = event as Extract<ConfirmEvent, { type: 'password.reset' }>;
          return { email: context.email, otp, password };
        },
        onDone: 'done',
        onError: {
          target: 'ready',
          actions: FAILED,
        },
      },
    },
    done: { type: 'final', tags: ['done'] },
  },
});
