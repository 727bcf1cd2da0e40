// Mail goes through the `outbox` table: a request only queues its message (in its own transaction when
// it has one) and never waits for, nor sees, the delivery. `deliverPending`, which the server runs
// periodically, sends queued messages through SMTP (nodemailer) when SMTP_URL is set, else as a log line
// (so that a newcomer and the tests read reset codes and welcome passwords in the outbox); a failure is
// logged and retried later with a growing delay.
import { and, asc, eq, isNull, lt, lte } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
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
  /** Delivers the queued messages that are due; failures are logged and retried later. */
  deliverPending(): Promise<{ sent: number; failed: number }>;
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

    async deliverPending() {
      const at = now();
      const due = await db
        .select()
        .from(outbox)
        .where(
          and(
            isNull(outbox.sentAt),
            lte(outbox.nextAttemptAt, at),
            lt(outbox.attempts, MAX_DELIVERY_ATTEMPTS),
          ),
        )
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(BATCH);
      let sent = 0;
      let failed = 0;
      for (const row of due) {
        const attempt = row.attempts + 1;
        // Claimed by counting the try first: another instance that read the same row finds it changed.
        const claimed = await db
          .update(outbox)
          .set({ attempts: attempt, nextAttemptAt: new Date(at.getTime() + CLAIM_MS) })
          .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), isNull(outbox.sentAt)))
          .returning({ id: outbox.id });
        if (claimed.length === 0) continue;
        try {
          await transport.deliver({
            from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            ...(row.html ? { html: row.html } : {}),
          });
          await db.update(outbox).set({ sentAt: now(), lastError: null }).where(eq(outbox.id, row.id));
          sent++;
        } catch (error) {
          failed++;
          const reason = error instanceof Error ? error.message : String(error);
          const last = attempt >= MAX_DELIVERY_ATTEMPTS;
          const delay = retryDelay(attempt);
          await db
            .update(outbox)
            .set({ lastError: reason.slice(0, 500), nextAttemptAt: new Date(at.getTime() + delay) })
            .where(eq(outbox.id, row.id));
          warn(
            `Mail ${row.id} ("${row.subject}") not delivered, try ${attempt}/${MAX_DELIVERY_ATTEMPTS}: ${reason}; ${
              last ? 'given up' : `next try in ${Math.round(delay / 60_000)} min`
            }`,
          );
        }
      }
      return { sent, failed };
    },
  };
}

function smtpTransport(smtpUrl: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(mail) {
      await transport.sendMail(mail);
    },
  };
}

export interface MailRelay {
  /** Delivers soon (coalesced), e.g. right after a message is queued. */
  wake(): void;
  stop(): void;
}

/** Runs `deliverPending` every `intervalMs` and shortly after each wake, one run at a time. */
export function startMailRelay(
  mailer: Mailer,
  intervalMs: number,
  log: (line: string) => void = (line) => logger.warn(line),
): MailRelay {
  let running = false;
  let again = false;
  let soon: ReturnType<typeof setTimeout> | null = null;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await mailer.deliverPending();
      } while (again);
    } catch (error) {
      log(`Mail delivery failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
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
    stop() {
      clearInterval(timer);
      if (soon) clearTimeout(soon);
    },
  };
}
