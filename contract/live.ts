// The change feed (issue 50, docs/decisions/059): GET /events, a stream of Server-Sent Events for the
// signed-in user. Each event says what changed (`entity`), its id and the kind of change (`action`); the
// server sends a user only what its lists would show it.
import { define, type Infer, optional, type } from 'superstruct';

export const LIVE_PATHS = { events: '/events' } as const;

/** The SSE event names: a change, a sync's progress, 'resync' (read everything again), and the first. */
export const LIVE_EVENTS = {
  change: 'change',
  progress: 'progress',
  resync: 'resync',
  ready: 'ready',
} as const;

/** What changed, as the stream names it (live_events.entity). */
export type LiveEntity =
  | 'mission'
  | 'statistic'
  | 'invoice'
  | 'incident'
  | 'user'
  | 'sync_run'
  | 'billing_settings'
  | 'airportCost'
  | 'flightUnitCost'
  | 'regulationCost'
  | 'passengerMealCost'
  | 'marketNumber';

export interface LiveChange {
  entity: LiveEntity | string;
  id: string | null;
  action: string;
}

export interface LiveProgress {
  kind: 'sync';
  runId: string;
  windowsDone: number;
  windowsTotal: number;
  created: number;
  updated: number;
}

export const LIVE_MESSAGES = {
  badCursor: 'Identifiant du dernier événement invalide',
  full: 'Trop de connexions en direct sur ce serveur : réessayez dans un instant.',
} as const;

/** The id of the last event a client received: digits only, as the stream writes them. */
const eventId = define<string>(
  'eventId',
  (v) => (typeof v === 'string' && /^\d{1,18}$/.test(v)) || LIVE_MESSAGES.badCursor,
);

/** GET /events?lastEventId=… (a new EventSource cannot send the Last-Event-ID header itself). */
export const LiveQuery = type({ lastEventId: optional(eventId) });
export type LiveQueryInput = Infer<typeof LiveQuery>;

/** Whether `value` is a valid event id (the Last-Event-ID header is checked as the query is). */
export const isEventId = (value: string): boolean => /^\d{1,18}$/.test(value);
