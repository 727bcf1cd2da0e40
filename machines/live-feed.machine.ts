// The change feed's connection (issue 50, docs/decisions/059): one stream per tab, opened once signed in.
// connecting → open; when the stream fails or ends, waiting (backoff with jitter, never sooner than the
// server's Retry-After) → connecting again, with the id of the last event received so that nothing is
// missed; offline while the browser says it is, connecting again as soon as it is back. `downSince` says
// since when the stream is down (the layout shows its status after a few seconds of it).
import { assign, fromCallback, setup } from 'xstate';

/** The first wait after a failure, the longest, and how long a stream must stay open to reset them. */
export const BACKOFF = { firstMs: 1_000, maxMs: 30_000 } as const;

/** The wait before the `attempt`-th reconnection: doubled each time, with jitter (half to whole). */
export function backoffMs(attempt: number, retryAfterMs: number | null, random: () => number = Math.random) {
  const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(retryAfterMs ?? 0, Math.round(ceiling * (0.5 + random() / 2)));
}

export interface LiveFeedContext {
  /** The id of the last event received (sent again at each reconnection). */
  lastEventId: string | null;
  /** Failures since the stream was last open. */
  attempt: number;
  /** What the server asked to wait (503 Retry-After), if anything. */
  retryAfterMs: number | null;
  /** Since when (ms) the stream is down; null while open. */
  downSince: number | null;
}

export type LiveFeedEvent =
  /** The stream is open; `id` is where it starts (its 'ready' or 'resync' event). */
  | { type: 'feed.opened'; id?: string }
  /** An event went by: its id is the one to come back with. */
  | { type: 'feed.received'; id: string }
  /** The stream could not open or broke; `retryAfterMs` from a 503. */
  | { type: 'feed.failed'; retryAfterMs?: number }
  /** The server ended the stream (session over, token expired, replaced, instance stopping). */
  | { type: 'feed.ended'; reason?: string }
  | { type: 'browser.offline' }
  | { type: 'browser.online' };

export interface ConnectInput {
  lastEventId: string | null;
}

export const liveFeedMachine = setup({
  types: {
    context: {} as LiveFeedContext,
    events: {} as LiveFeedEvent,
    input: {} as { lastEventId?: string | null; now?: () => number } | undefined,
  },
  actors: {
    /** The stream itself: sends back opened, received, failed and ended (web/live/stream.ts). */
    connect: fromCallback<LiveFeedEvent, ConnectInput>(() => () => {}),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempt, context.retryAfterMs),
  },
  actions: {
    markDown: assign({ downSince: ({ context }) => context.downSince ?? Date.now() }),
  },
}).createMachine({
  id: 'liveFeed',
  context: ({ input }) => ({
    lastEventId: input?.lastEventId ?? null,
    attempt: 0,
    retryAfterMs: null,
    downSince: null,
  }),
  initial: 'connected',
  on: {
    'browser.offline': { target: '.offline', actions: 'markDown' },
  },
  states: {
    // One stream from its opening to its end: the actor runs through both child states.
    connected: {
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => ({ lastEventId: context.lastEventId }),
      },
      initial: 'connecting',
      states: {
        connecting: {
          tags: ['down'],
          on: {
            'feed.opened': {
              target: 'open',
              actions: assign({
                lastEventId: ({ context, event }) => event.id ?? context.lastEventId,
                attempt: 0,
                retryAfterMs: null,
                downSince: null,
              }),
            },
            'feed.failed': {
              target: '#liveFeed.waiting',
              actions: [
                'markDown',
                assign({
                  attempt: ({ context }) => context.attempt + 1,
                  retryAfterMs: ({ event }) => event.retryAfterMs ?? null,
                }),
              ],
            },
            'feed.ended': {
              target: '#liveFeed.waiting',
              actions: ['markDown', assign({ attempt: ({ context }) => context.attempt + 1 })],
            },
          },
        },
        open: {
          on: {
            'feed.received': { actions: assign({ lastEventId: ({ event }) => event.id }) },
            // A stream that ends or breaks after it was open comes back after the first wait, with the last
            // id received.
            'feed.failed': {
              target: '#liveFeed.waiting',
              actions: ['markDown', assign({ attempt: 1, retryAfterMs: null })],
            },
            'feed.ended': {
              target: '#liveFeed.waiting',
              actions: ['markDown', assign({ attempt: 1, retryAfterMs: null })],
            },
          },
        },
      },
    },
    waiting: {
      tags: ['down'],
      after: { backoff: 'connected' },
    },
    offline: {
      tags: ['down'],
      on: { 'browser.online': 'connected' },
    },
  },
});
