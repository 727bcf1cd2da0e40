// Forgotten-password codes: 6 digits, stored hashed, 10 minutes, 5 wrong tries, one send a minute.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { OTP_LENGTH, RESEND_COUNTDOWN_SECONDS } from '../../contract/auth';
import type { Db, Tx } from '../db/client';
import { outbox, passwordResetCodes, rateLimits } from '../db/schema';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 5;

const hashCode = (secret: string, userId: string, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${code}`).digest('base64url');

/** The advisory lock space of the send slots (two-key form: apart from the single-key sync lock). */
const SEND_SLOT_LOCK = 7_261_002;

/**
 * One code send per e-mail a minute. Keyed by the e-mail whether or not an account exists, so the
 * answer reveals nothing. Returns false when the last send was less than 60 s ago. The read and the
 * write hold a transaction lock on the e-mail, so that of concurrent requests one only takes the slot.
 */
export async function takeSendSlot(db: Db, email: string, now: Date): Promise<boolean> {
  const key = `otp-send:${email}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEND_SLOT_LOCK}, hashtext(${key}))`);
    const [last] = await tx
      .select({ at: rateLimits.windowStart })
      .from(rateLimits)
      .where(eq(rateLimits.key, key))
      .orderBy(desc(rateLimits.windowStart))
      .limit(1);
    if (last && now.getTime() - last.at.getTime() < RESEND_COUNTDOWN_SECONDS * 1000) return false;
    await tx.delete(rateLimits).where(eq(rateLimits.key, key));
    await tx.insert(rateLimits).values({ key, windowStart: now, count: 1 }).onConflictDoNothing();
    return true;
  });
}

const randomCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/**
 * A fresh code for the user; older unused codes die. `deliver` queues its mail in the same transaction,
 * so that a code exists only with its mail.
 */
export async function newCode(
  db: Db,
  secret: string,
  userId: string,
  now: Date,
  deliver: (tx: Tx, code: string) => Promise<void> = async () => {},
): Promise<string> {
  const code = randomCode();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
    await tx.insert(passwordResetCodes).values({
      userId,
      codeHash: hashCode(secret, userId, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    await deliver(tx, code);
  });
  return code;
}

/**
 * The work of `newCode` for an address without an account — a code drawn and hashed, a transaction of
 * three statements — writing nothing, so that both answers take as long.
 */
export async function decoyCode(db: Db, secret: string, now: Date): Promise<void> {
  const nobody = randomUUID();
  hashCode(secret, nobody, randomCode());
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(and(eq(passwordResetCodes.userId, nobody), isNull(passwordResetCodes.usedAt)));
    // Stand-ins for the inserts of the code and of its mail: lookups that find nothing.
    await tx
      .select({ id: passwordResetCodes.id })
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.id, nobody));
    await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, nobody));
  });
}

/**
 * Checks a code; every check costs a try, counted before the comparison by the statement that finds the
 * code (`attempts < 5` in its condition), so that concurrent checks never compare more than 5 times.
 * Returns the code's id when it is right and still alive.
 */
export async function checkCode(
  db: Db,
  secret: string,
  userId: string,
  code: string,
  now: Date,
): Promise<string | null> {
  const latest = db
    .select({ id: passwordResetCodes.id })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)))
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  const [row] = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(
      and(
        eq(passwordResetCodes.id, sql`(${latest})`),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, now),
        lt(passwordResetCodes.attempts, MAX_ATTEMPTS),
      ),
    )
    .returning({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash });
  if (!row) return null;
  const expected = Buffer.from(row.codeHash);
  const actual = Buffer.from(hashCode(secret, userId, code));
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? row.id : null;
}

/** Marks the code used; false when a concurrent reset used it first. */
export async function useCode(db: Pick<Db, 'update'>, codeId: string, now: Date): Promise<boolean> {
  const used = await db
    .update(passwordResetCodes)
    .set({ usedAt: now })
    .where(and(eq(passwordResetCodes.id, codeId), isNull(passwordResetCodes.usedAt)))
    .returning({ id: passwordResetCodes.id });
  return used.length === 1;
}
