// A client of the change feed (GET /api/events, docs/decisions/059) as the SPA's behaves
// (web/live/stream.ts and machines/live-feed.machine.ts), for the live benchmark: one stream read with
// undici and eventsource-parser; after a break it comes back with the id of the last event it received
// (the Last-Event-ID header) once the machine's backoff has passed (half to whole of 1 s, doubled at each
// try that fails, never sooner than a 503's Retry-After). It keeps the ids it received, its breaks (when
// it found the stream broken, when it was streaming again) and how its tries and streams ended.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { type Agent, request } from 'undici';
import { LIVE_EVENTS, type LiveChange } from '../../contract/live';
import { backoffMs } from '../../machines/live-feed.machine';

export interface LiveStreamOptions {
  /** The feed's URL through the edge, e.g. http://127.0.0.1:8930/api/events. */
  url: string;
  /** The session's cookies. */
  cookie: string;
  agent: Agent;
  /** Each change as it comes: its id, what changed, and when (performance.now()). */
  onChange: (id: number, change: LiveChange, at: number) => void;
}

export interface Break {
  /** When the stream was found broken (performance.now()). */
  at: number;
  /** When it was streaming again (its 'ready' or 'resync'), null while it is not. */
  back: number | null;
  why: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class LiveStream {
  /** The id the stream started after: its first 'ready'. */
  startId: number | null = null;
  /** When its first 'ready' came (performance.now()). */
  readyAt: number | null = null;
  /** The ids of the changes received, in the order they came. */
  readonly ids: number[] = [];
  /** Changes received twice, or after a later one. */
  outOfOrder = 0;
  resyncs = 0;
  readonly breaks: Break[] = [];
  /** Tries to open that failed, by status or error. */
  readonly failures = new Map<string, number>();
  /** Streams the server ended, by reason. */
  readonly ends = new Map<string, number>();
  private lastEventId: string | null = null;
  private open = false;
  private stopped = false;
  private abort = new AbortController();
  private whenReady!: () => void;
  /** Resolves at the first 'ready'. */
  readonly ready = new Promise<void>((resolve) => {
    this.whenReady = resolve;
  });

  constructor(private readonly options: LiveStreamOptions) {}

  get streaming(): boolean {
    return this.open;
  }

  /** Reads the stream, and comes back after each break, until `stop`. */
  async run(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      const { wasOpen, retryAfterMs, why } = await this.connect();
      if (this.stopped) return;
      if (wasOpen) {
        this.open = false;
        this.breaks.push({ at: performance.now(), back: null, why });
        attempt = 1;
      } else {
        this.failures.set(why, (this.failures.get(why) ?? 0) + 1);
        attempt++;
      }
      await sleep(backoffMs(attempt, retryAfterMs));
    }
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
  }

  private async connect(): Promise<{ wasOpen: boolean; retryAfterMs: number | null; why: string }> {
    const { url, cookie, agent } = this.options;
    const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
    if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
    let why = 'closed';
    try {
      const answer = await request(url, {
        headers,
        dispatcher: agent,
        signal: this.abort.signal,
        headersTimeout: 30_000,
        // Three heartbeats missed: the connection is dead.
        bodyTimeout: 60_000,
      });
      if (answer.statusCode !== 200) {
        const seconds = Number(answer.headers['retry-after']);
        await answer.body.dump();
        return {
          wasOpen: false,
          retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null,
          why: String(answer.statusCode),
        };
      }
      const decoder = new TextDecoder();
      const parser = createParser({ onEvent: (event) => this.event(event) });
      for await (const chunk of answer.body)
        parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch (error) {
      why = (error as { code?: string }).code ?? (error as Error).message;
    }
    return { wasOpen: this.open, retryAfterMs: null, why };
  }

  private event(event: EventSourceMessage) {
    const at = performance.now();
    if (event.event === LIVE_EVENTS.change && event.id) {
      const id = Number(event.id);
      if (this.ids.length && id <= this.ids[this.ids.length - 1]) this.outOfOrder++;
      this.ids.push(id);
      this.lastEventId = event.id;
      this.options.onChange(id, JSON.parse(event.data) as LiveChange, at);
    } else if (event.event === LIVE_EVENTS.ready || event.event === LIVE_EVENTS.resync) {
      if (event.event === LIVE_EVENTS.resync) this.resyncs++;
      if (event.id) this.lastEventId = event.id;
      if (this.startId === null) {
        this.startId = Number(event.id);
        this.readyAt = at;
        this.whenReady();
      }
      this.open = true;
      const last = this.breaks[this.breaks.length - 1];
      if (last && last.back === null) last.back = at;
    } else if (event.event === 'end') {
      const reason = (JSON.parse(event.data) as { reason?: string }).reason ?? '?';
      this.ends.set(reason, (this.ends.get(reason) ?? 0) + 1);
    }
  }
}
