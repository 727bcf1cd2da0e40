// Mail goes through the `outbox` table: a request only queues its message (in its own transaction when
// it has one) and never waits for, nor sees, the delivery. `deliverPending`, which the server runs
// periodically, sends queued messages through SMTP (nodemailer) when SMTP_URL is set, else as a log line
// (so that a newcomer and the tests read reset codes and welcome passwords in the outbox); a failure is
// logged and retried later with a growing delay.
import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { type Db, poolOf } from '../db/client';
import { outbox } from '../db/schema';
import { logger } from './log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Hands one message over for delivery; throws when it could not. */
export interface MailTransport {
  deliver(mail: Mail & { from: string }): Promise<void>;
}

export interface Mailer {
  /** Queues `mail` in the outbox, in `db` when given (the caller's transaction). */
  send(mail: Mail, db?: Pick<Db, 'insert'>): Promise<void>;
  /**
   * Delivers the queued messages that are due; failures are logged and retried later. Once `signal`
   * aborts, it stops after the message in hand.
   */
  deliverPending(signal?: AbortSignal): Promise<{ sent: number; failed: number }>;
}

/** Tries per message before giving up (about two hours with the delays below). */
export const MAX_DELIVERY_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** While one instance delivers a message, the others leave it alone this long. */
const CLAIM_MS = 5 * 60_000;
const BATCH = 50;

/** The delay before the next try of a message that failed `attempts` times: 1, 2, 4… minutes, up to 1 h. */
export const retryDelay = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

export function createMailer(options: {
  db: Db;
  smtpUrl?: string;
  /** Replaces SMTP and the log line (tests). */
  transport?: MailTransport;
  from: string;
  log?: (line: string) => void;
  /** The clock, replaceable in tests. */
  now?: () => Date;
  /** Told when a message is queued, so that a relay can deliver it soon. */
  onQueued?: () => void;
  /** While one instance delivers a message, the others leave it alone this long (tests shorten it). */
  claimMs?: number;
}): Mailer {
  const { db, from } = options;
  const now = options.now ?? (() => new Date());
  const info = options.log ?? ((line: string) => logger.info(line));
  const warn = options.log ?? ((line: string) => logger.warn(line));
  const transport: MailTransport =
    options.transport ??
    (options.smtpUrl
      ? smtpTransport(options.smtpUrl)
      : {
          async deliver(mail) {
            // Never the address (no personal data in logs): the message stays readable in the outbox.
            info(`[outbox] "${mail.subject}" not sent (no SMTP_URL): read it in the outbox table`);
          },
        });

  return {
    async send(mail, into = db) {
      await into.insert(outbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        nextAttemptAt: now(),
      });
      options.onQueued?.();
    },

    async deliverPending(signal) {
      let sent = 0;
      let failed = 0;
      for (let n = 0; n < BATCH; n++) {
        // A stopping server ends after the mail in hand.
        if (signal?.aborted) break;
        const outcome = await deliverOne();
        if (outcome === null) break;
        if (outcome) sent++;
        else failed++;
      }
      return { sent, failed };
    },
  };

  /**
   * Claims the next due message and delivers it; answers whether it went, or null when none is due. On
   * PostgreSQL, where other instances deliver too, the claim is a row lock (`FOR UPDATE SKIP LOCKED`)
   * held by a transaction until the message is marked sent or failed: no other instance can take it
   * however slow the SMTP server, and a process that dies mid-way leaves it due again. On PGlite, which
   * one process owns, deliveries are one at a time in this process (a transaction open during SMTP would
   * stop every request), and the claim moves the message's next try `claimMs` ahead from the claim.
   */
  async function deliverOne(): Promise<boolean | null> {
    if (poolOf(db))
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(outbox)
          .where(due(now()))
          .orderBy(asc(outbox.nextAttemptAt))
          .limit(1)
          .for('update', { skipLocked: true });
        return row ? attempt(tx, row) : null;
      });
    return oneAtATime(db, async () => {
      const [row] = await db
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          nextAttemptAt: new Date(now().getTime() + (options.claimMs ?? CLAIM_MS)),
        })
        .where(
          eq(
            outbox.id,
            db
              .select({ id: outbox.id })
              .from(outbox)
              .where(due(now()))
              .orderBy(asc(outbox.nextAttemptAt))
              .limit(1),
          ),
        )
        .returning();
      return row ? attempt(db, { ...row, attempts: row.attempts - 1 }) : null;
    });
  }

  /** One try of `row` (as read before the try); its outcome written through `into`. */
  async function attempt(into: Pick<Db, 'update'>, row: typeof outbox.$inferSelect): Promise<boolean> {
    const tries = row.attempts + 1;
    try {
      await transport.deliver({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
      });
      await into
        .update(outbox)
        .set({ sentAt: now(), attempts: tries, lastError: null })
        .where(eq(outbox.id, row.id));
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const last = tries >= MAX_DELIVERY_ATTEMPTS;
      const delay = retryDelay(tries);
      await into
        .update(outbox)
        .set({
          attempts: tries,
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(now().getTime() + delay),
        })
        .where(eq(outbox.id, row.id));
      warn(
        `Mail ${row.id} ("${row.subject}") not delivered, try ${tries}/${MAX_DELIVERY_ATTEMPTS}: ${reason}; ${
          last ? 'given up' : `next try in ${Math.round(delay / 60_000)} min`
        }`,
      );
      return false;
    }
  }
}

/** The messages due at `at`: not sent, their next try come, tries left. */
const due = (at: Date) =>
  and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, at), lt(outbox.attempts, MAX_DELIVERY_ATTEMPTS));

/** Deliveries on one PGlite database, one at a time in this process (several mailers may share it). */
const queues = new WeakMap<object, Promise<unknown>>();
function oneAtATime<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  queues.set(
    db,
    next.catch(() => {}),
  );
  return next;
}

/** Sent messages are kept this long (the dev outbox and support read them), then pruned. */
export const SENT_MAIL_KEPT_MS = 7 * 24 * 3600_000;

/** Removes the messages sent more than a week ago; answers how many (the pruning job). */
export async function pruneSentMail(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(outbox)
    .where(lt(outbox.sentAt, new Date(now.getTime() - SENT_MAIL_KEPT_MS)))
    .returning({ id: outbox.id });
  return gone.length;
}

function smtpTransport(smtpUrl: string): MailTransport {
  // nodemailer loads with the first message to send, not with the API.
  let transport: Promise<Transporter> | undefined;
  return {
    async deliver(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail(mail);
    },
  };
}

export interface MailRelay {
  /** Delivers soon (coalesced), e.g. right after a message is queued. */
  wake(): void;
  /** Stops: no new run, the run in progress ends after its message in hand; resolved then. */
  stop(): Promise<void>;
}

/** Runs `deliverPending` every `intervalMs` and shortly after each wake, one run at a time. */
export function startMailRelay(
  mailer: Mailer,
  intervalMs: number,
  log: (line: string) => void = (line) => logger.warn(line),
): MailRelay {
  let running: Promise<void> | null = null;
  let again = false;
  let soon: ReturnType<typeof setTimeout> | null = null;
  const stopping = new AbortController();
  const run = async () => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await mailer.deliverPending(stopping.signal);
        } while (again && !stopping.signal.aborted);
      } catch (error) {
        log(`Mail delivery failed: ${(error as Error).message}`);
      }
    })().finally(() => {
      running = null;
    });
    await running;
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    wake() {
      if (soon) return;
      // A moment later, so that the queuing transaction has committed and the request has answered.
      soon = setTimeout(() => {
        soon = null;
        void run();
      }, 500);
      soon.unref();
    },
    async stop() {
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      stopping.abort();
      await running;
    },
  };
}
