// GET /events: the change feed as Server-Sent Events, for every signed-in user (docs/decisions/059). The
// session cookie authenticates it; each event is filtered by role and hospital as the lists are
// (scope.ts); a comment every 20 s keeps proxies from closing an idle stream; the stream ends with the
// session (sign-out, deletion, role or hospitals changed), with the access token (the client renews and
// comes back with the last id it received), and when the instance stops.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { isEventId, LIVE_EVENTS, LIVE_MESSAGES, LIVE_PATHS, LiveQuery } from '../../contract/live';
import { accessExpiresAt, requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { fail } from '../lib/errors';
import { query } from '../lib/validate';
import { DEFAULT_LIMITS, type EndReason, feedOf, type Progress, replayAfter, type Subscriber } from './feed';
import { type StoredEvent, toWire, visibleTo } from './scope';

export const liveRoutes = new Hono<AppEnv>().get(LIVE_PATHS.events, requireUser(), async (c) => {
  const deps = c.get('deps');
  const user = c.get('user');
  const header = c.req.header('last-event-id');
  if (header !== undefined && header !== '' && !isEventId(header)) fail(400, LIVE_MESSAGES.badCursor);
  const given = query(c, LiveQuery).lastEventId ?? (header || undefined);
  // The feed's timings are its defaults; its caps come from the configuration.
  const feed = feedOf(deps, deps.db, { ...DEFAULT_LIMITS, ...deps.config.live }, deps.now);
  if (deps.shutdown?.aborted) fail(503, LIVE_MESSAGES.full, { 'Retry-After': '5' });
  if (feed.full) fail(503, LIVE_MESSAGES.full, { 'Retry-After': '10' });
  const expiresAt = (await accessExpiresAt(c)) ?? deps.now().getTime();
  c.header('X-Accel-Buffering', 'no');

  return streamSSE(c, async (stream) => {
    let ended: (reason: EndReason | 'gone') => void = () => {};
    const done = new Promise<EndReason | 'gone'>((resolve) => {
      ended = resolve;
    });
    /** Events that came while the missed ones were read; sent after them. */
    let waiting: StoredEvent[] | null = given !== undefined ? [] : null;
    let last = given !== undefined ? Number(given) : 0;
    // The events a stream has not had yet, in one write: each event's frame is made once for every
    // stream it goes to (changeFrame), and a batch costs a stream one write, not one an event.
    const write = (events: StoredEvent[]) => {
      const frames: Uint8Array[] = [];
      for (const event of events) {
        if (event.id <= last) continue;
        last = event.id;
        frames.push(changeFrame(event));
      }
      if (frames.length) void stream.write(frames.length === 1 ? frames[0] : joined(frames));
    };
    const subscriber: Subscriber = {
      user,
      expiresAt,
      send(events) {
        if (waiting) waiting.push(...events);
        else write(events);
      },
      progress(progress: Progress) {
        void stream.writeSSE({ event: LIVE_EVENTS.progress, data: JSON.stringify(progress) });
      },
      heartbeat() {
        void stream.write(': heartbeat\n\n');
      },
      end: (reason) => ended(reason),
    };
    stream.onAbort(() => ended('gone'));
    const onStop = () => ended('shutdown');
    deps.shutdown?.addEventListener('abort', onStop, { once: true });
    try {
      const start = await feed.add(subscriber);
      if (given === undefined) {
        last = start;
        await stream.writeSSE({ id: String(start), event: LIVE_EVENTS.ready, data: '{}' });
      } else {
        const replay = await replayAfter(deps.db, Number(given));
        if (replay.resync) {
          // Older than the history: the client reads everything again, from the newest event on.
          waiting = null;
          last = start;
          await stream.writeSSE({ id: String(start), event: LIVE_EVENTS.resync, data: '{}' });
        } else {
          write(replay.events.filter((event) => visibleTo(event, user)));
          const held = waiting ?? [];
          waiting = null;
          write(held);
          await stream.writeSSE({ event: LIVE_EVENTS.ready, data: '{}' });
        }
      }
      const reason = await done;
      if (reason !== 'gone') await stream.writeSSE({ event: 'end', data: JSON.stringify({ reason }) });
    } finally {
      deps.shutdown?.removeEventListener('abort', onStop);
      feed.remove(subscriber);
    }
  });
});

const encoder = new TextEncoder();
const frames = new WeakMap<StoredEvent, Uint8Array>();

/**
 * An event as the stream sends it (`event: change`, its data, its id), encoded once: the feed hands the
 * same event object to every stream that may see it.
 */
export function changeFrame(event: StoredEvent): Uint8Array {
  let frame = frames.get(event);
  if (!frame) {
    frame = encoder.encode(
      `event: ${LIVE_EVENTS.change}\ndata: ${JSON.stringify(toWire(event))}\nid: ${event.id}\n\n`,
    );
    frames.set(event, frame);
  }
  return frame;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
