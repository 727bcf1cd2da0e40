// The change feed of one API instance (docs/decisions/059). The database writes each event at commit, in
// commit order (migration 0022), and signals the channel 'live_events'; the instance listens on one
// connection of its own while it has streams open, reads the events after the last it read, and hands each
// stream those its user may see. A stream that reconnects with the id of the last event it received reads
// the ones after it again from the table, or is told to read everything again when they were pruned.
import { and, asc, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import type { LiveProgress } from '../../contract/live';
import { type Db, poolOf, rowsOf } from '../db/client';
import { liveEvents, liveHistory, sessions, users } from '../db/schema';
import type { CurrentUser } from '../lib/context';
import { logger } from '../lib/log';
import { type StoredEvent, visibleTo } from './scope';

export const CHANNEL = 'live_events';
/** Progress of long work (a sync), not kept: sent to the streams open at the time only. */
export const PROGRESS_CHANNEL = 'live_progress';

export interface FeedLimits {
  /** Streams one user may have open on an instance; the oldest closes for a new one. */
  perUser: number;
  /** Streams an instance holds; past it a new one is refused with 503 and Retry-After. */
  perInstance: number;
  /** A comment on every stream this often, so that no proxy closes an idle one. */
  heartbeatMs: number;
  /** Events are read again this often even without a signal (a signal lost with a connection). */
  pollMs: number;
  /** How long events are kept for the streams that reconnect. */
  historyMinutes: number;
  /**
   * How long the feed gathers the signals of commits before it reads their events: the events of that
   * time go to a stream in one write, not in one write each (decision 065).
   */
  gatherMs: number;
}

export const DEFAULT_LIMITS: FeedLimits = {
  perUser: 4,
  perInstance: 2_000,
  heartbeatMs: 20_000,
  pollMs: 5_000,
  historyMinutes: 15,
  gatherMs: 250,
};

/** Why a stream ends: the client reconnects after each but 'session' (it signs in again or renews first). */
export type EndReason = 'session' | 'expired' | 'replaced' | 'shutdown';

/** A long work's progress, as the stream sends it (the contract's). */
export type Progress = LiveProgress;

/** One open stream, as the feed sees it. */
export interface Subscriber {
  user: CurrentUser;
  /** When the access token it was opened with expires: the stream ends then, the client renews. */
  expiresAt: number;
  send(events: StoredEvent[]): void;
  progress(progress: Progress): void;
  heartbeat(): void;
  end(reason: EndReason): void;
}

type Listening = { stop(): Promise<void> };

const eventColumns = {
  id: liveEvents.id,
  entity: liveEvents.entity,
  entityId: liveEvents.entityId,
  action: liveEvents.action,
  audience: liveEvents.audience,
  hospitals: liveEvents.hospitals,
  owner: liveEvents.owner,
};

/** The events after `after`, in order, at most `limit`. */
export function eventsAfter(db: Db, after: number, limit = 500): Promise<StoredEvent[]> {
  return db
    .select(eventColumns)
    .from(liveEvents)
    .where(gt(liveEvents.id, after))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** The last event's id (0 for none): a new stream starts after it. */
export async function lastEventId(db: Db): Promise<number> {
  const [row] = await rowsOf<{ id: string | number | null }>(
    db,
    sql`select coalesce((select max(id) from live_events), (select pruned_through from live_history)) as id`,
  );
  return Number(row?.id ?? 0);
}

/** Deletes the events older than the history keeps, and records up to which id. */
export async function pruneEvents(db: Db, now: Date, minutes: number): Promise<number> {
  const before = new Date(now.getTime() - minutes * 60_000);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(liveEvents)
      .where(lt(liveEvents.at, before))
      .returning({ id: liveEvents.id });
    if (!gone.length) return 0;
    const through = Math.max(...gone.map((row) => row.id));
    await tx
      .update(liveHistory)
      .set({ prunedThrough: sql`greatest(${liveHistory.prunedThrough}, ${through})` });
    return gone.length;
  });
}

export type Replay = { resync: true } | { resync: false; events: StoredEvent[] };

/** What a stream that last received `after` missed, or `resync` when the history no longer holds it. */
export async function replayAfter(db: Db, after: number): Promise<Replay> {
  const [history] = await db.select({ through: liveHistory.prunedThrough }).from(liveHistory);
  if (after < (history?.through ?? 0)) return { resync: true };
  const events: StoredEvent[] = [];
  for (let from = after; ; ) {
    const batch = await eventsAfter(db, from);
    events.push(...batch);
    if (batch.length < 500) break;
    from = batch[batch.length - 1].id;
  }
  return { resync: false, events };
}

/** Listens on `channel`s on a connection of its own (PostgreSQL) or on the embedded database (PGlite). */
async function listen(db: Db, onSignal: (channel: string, payload: string) => void): Promise<Listening> {
  const pool = poolOf(db);
  if (!pool) {
    const client = (
      db as unknown as {
        $client: { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> };
      }
    ).$client;
    const stops = await Promise.all(
      [CHANNEL, PROGRESS_CHANNEL].map((channel) =>
        client.listen(channel, (payload) => onSignal(channel, payload)),
      ),
    );
    return { stop: async () => void (await Promise.all(stops.map((stop) => stop().catch(() => {})))) };
  }
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client(pool.options);
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (stopped) return;
      logger.warn(`Change feed: listening connection lost (${error?.message ?? 'closed'}), reconnecting.`);
      retry = setTimeout(connect, delay);
      retry.unref();
      delay = Math.min(delay * 2, 5_000);
    };
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => onSignal(message.channel, message.payload ?? ''));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}; LISTEN ${PROGRESS_CHANNEL}`);
      delay = 250;
      // What was committed while the connection was down.
      onSignal(CHANNEL, '');
    } catch (error) {
      lost(error as Error);
    }
  };
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** The feed of an instance on `db`: running while it has streams open. */
export class LiveFeed {
  private readonly subscribers = new Set<Subscriber>();
  private cursor = 0;
  private listening: Promise<Listening> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private reading = false;
  private readAgain = false;
  private gathering: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly limits: FeedLimits = DEFAULT_LIMITS,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get size(): number {
    return this.subscribers.size;
  }

  /** Whether one more stream may open here. */
  get full(): boolean {
    return this.subscribers.size >= this.limits.perInstance;
  }

  /**
   * Opens a stream: the feed runs if it did not, the user's oldest streams close past the cap. Answers the
   * id the stream starts after (the last event's) when it gave none.
   */
  async add(subscriber: Subscriber): Promise<number> {
    const mine = [...this.subscribers].filter((s) => s.user.id === subscriber.user.id);
    for (const old of mine.slice(0, Math.max(0, mine.length - this.limits.perUser + 1)))
      this.drop(old, 'replaced');
    this.subscribers.add(subscriber);
    await this.run();
    return this.cursor;
  }

  /** Closes a stream's place in the feed (the client went away); the feed stops with its last stream. */
  remove(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    if (this.subscribers.size === 0) void this.stop();
  }

  /** Ends every stream (the instance stops). */
  endAll(reason: EndReason): void {
    for (const subscriber of [...this.subscribers]) this.drop(subscriber, reason);
  }

  private drop(subscriber: Subscriber, reason: EndReason) {
    this.remove(subscriber);
    subscriber.end(reason);
  }

  private async run(): Promise<void> {
    if (!this.listening) {
      this.listening = (async () => {
        this.cursor = await lastEventId(this.db);
        return listen(this.db, (channel, payload) => {
          if (channel === PROGRESS_CHANNEL) this.progress(payload);
          else this.gather();
        });
      })();
      const every = (ms: number, task: () => Promise<unknown>) => {
        const timer = setInterval(() => {
          task().catch((error: Error) => logger.warn(`Change feed: ${error.message}`));
        }, ms);
        timer.unref();
        this.timers.push(timer);
      };
      every(this.limits.pollMs, () => this.read());
      every(this.limits.heartbeatMs, () => this.beat());
      every(60_000, () => pruneEvents(this.db, this.now(), this.limits.historyMinutes));
    }
    await this.listening;
  }

  /** A commit was signalled: its events are read with those of the next `gatherMs`. */
  private gather(): void {
    if (this.gathering) return;
    if (this.limits.gatherMs <= 0) return void this.read();
    this.gathering = setTimeout(() => {
      this.gathering = null;
      this.read().catch((error: Error) => logger.warn(`Change feed: ${error.message}`));
    }, this.limits.gatherMs);
  }

  private async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (listening) await (await listening.catch(() => null))?.stop();
  }

  /** Reads the events after the cursor and hands them out; a signal during a read reads once more. */
  async read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        for (;;) {
          const batch = await eventsAfter(this.db, this.cursor);
          if (!batch.length) break;
          this.cursor = batch[batch.length - 1].id;
          this.handOut(batch);
          if (batch.length < 500) break;
        }
      } while (this.readAgain && this.subscribers.size > 0);
    } finally {
      this.reading = false;
    }
  }

  private handOut(batch: StoredEvent[]) {
    const accounts = new Set<string>();
    for (const event of batch)
      if ((event.entity === 'user' || event.entity === 'session') && event.entityId)
        accounts.add(event.entityId);
    for (const subscriber of this.subscribers) {
      const mine = batch.filter((event) => visibleTo(event, subscriber.user));
      if (mine.length) subscriber.send(mine);
    }
    // A change of an account ends its streams that no longer hold (signed out, deleted, role changed).
    // (A session's events name the session, a user's the user.)
    const touched = [...this.subscribers].filter(
      (s) => accounts.has(s.user.id) || accounts.has(s.user.sessionId),
    );
    if (touched.length) void this.check(touched).catch(() => {});
  }

  private progress(payload: string) {
    let progress: Progress;
    try {
      progress = JSON.parse(payload) as Progress;
    } catch {
      return;
    }
    for (const subscriber of this.subscribers)
      if (subscriber.user.role !== 'HOSPITAL') subscriber.progress(progress);
  }

  /** The heartbeat: every stream gets a comment; those whose session or token ended close. */
  private async beat(): Promise<void> {
    const now = this.now().getTime();
    for (const subscriber of [...this.subscribers]) {
      if (subscriber.expiresAt <= now) this.drop(subscriber, 'expired');
      else subscriber.heartbeat();
    }
    await this.check([...this.subscribers]);
  }

  /** Ends the streams whose session was revoked, whose user was deleted or whose role or hospitals changed. */
  async check(subscribers: Subscriber[]): Promise<void> {
    if (!subscribers.length) return;
    const rows = await this.db
      .select({ sessionId: sessions.id, role: users.role, hospitals: users.hospitals })
      .from(sessions)
      .innerJoin(users, sql`${users.id} = ${sessions.userId}`)
      .where(
        and(
          inArray(sessions.id, [...new Set(subscribers.map((s) => s.user.sessionId))]),
          isNull(sessions.revokedAt),
          isNull(users.deletedAt),
        ),
      );
    const held = new Map(rows.map((row) => [row.sessionId, row]));
    for (const subscriber of subscribers) {
      const row = held.get(subscriber.user.sessionId);
      const same =
        row &&
        row.role === subscriber.user.role &&
        [...row.hospitals].sort().join('\n') === [...subscriber.user.hospitals].sort().join('\n');
      if (!same) this.drop(subscriber, 'session');
    }
  }
}

const feeds = new WeakMap<object, LiveFeed>();

/** The feed of an app (`owner`: its dependencies, one object per app), made on its first stream. */
export function feedOf(owner: object, db: Db, limits?: FeedLimits, now?: () => Date): LiveFeed {
  let feed = feeds.get(owner);
  if (!feed) {
    feed = new LiveFeed(db, limits, now);
    feeds.set(owner, feed);
  }
  return feed;
}

/** Tells the streams open now of a long work's progress (not kept: a stream opened later sees the next). */
export async function publishProgress(db: Db, progress: Progress): Promise<void> {
  await db.execute(sql`select pg_notify(${PROGRESS_CHANNEL}, ${JSON.stringify(progress)})`);
}
