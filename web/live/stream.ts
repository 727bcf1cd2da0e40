// The stream of the change feed, read with fetch (so that a 401 renews the session and a 503's
// Retry-After is heard, which EventSource hides) and parsed by eventsource-parser. It sends the liveFeed
// machine what becomes of it, and hands each change to its listeners (changes.ts).
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { fromCallback } from 'xstate';
import { LIVE_EVENTS, LIVE_PATHS, type LiveChange, type LiveProgress } from '../../contract/live';
import type { ConnectInput, LiveFeedEvent } from '../../machines/live-feed.machine';
import { renewIfExpired, renewSession } from '../lib/api';
import { changes, progresses, resyncs } from './changes';

export const connectStream = fromCallback<LiveFeedEvent, ConnectInput>(({ sendBack, input }) => {
  const abort = new AbortController();
  const read = async () => {
    // As every call: a token known to have lapsed is renewed first, rather than answered 401.
    await renewIfExpired();
    const query = input.lastEventId ? `?lastEventId=${encodeURIComponent(input.lastEventId)}` : '';
    const response = await fetch(`/api${LIVE_PATHS.events}${query}`, {
      credentials: 'same-origin',
      headers: { accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (response.status === 401) {
      // The access token lapsed: renewed here (or the session machine signs the user out), then again.
      await response.body?.cancel();
      const renewed = await renewSession();
      sendBack({ type: 'feed.failed', retryAfterMs: renewed ? 0 : undefined });
      return;
    }
    if (!response.ok || !response.body) {
      const seconds = Number(response.headers.get('retry-after'));
      await response.body?.cancel();
      sendBack({
        type: 'feed.failed',
        retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
      });
      return;
    }
    const events = response.body
      .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
      .pipeThrough(new EventSourceParserStream());
    const reader = events.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.event === LIVE_EVENTS.ready) sendBack({ type: 'feed.opened', id: value.id });
      else if (value.event === LIVE_EVENTS.resync) {
        sendBack({ type: 'feed.opened', id: value.id });
        resyncs.emit();
      } else if (value.event === LIVE_EVENTS.change) {
        if (value.id) sendBack({ type: 'feed.received', id: value.id });
        changes.emit(JSON.parse(value.data) as LiveChange);
      } else if (value.event === LIVE_EVENTS.progress)
        progresses.emit(JSON.parse(value.data) as LiveProgress);
      else if (value.event === 'end') {
        sendBack({ type: 'feed.ended', reason: (JSON.parse(value.data) as { reason?: string }).reason });
        return;
      }
    }
    sendBack({ type: 'feed.failed' });
  };
  read().catch(() => {
    if (!abort.signal.aborted) sendBack({ type: 'feed.failed' });
  });
  return () => abort.abort();
});
