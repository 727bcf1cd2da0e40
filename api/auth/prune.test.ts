// The pruning job's work: what can no longer sign anyone in goes (refresh tokens past expiry, sessions
// left with no token that are revoked or unseen for a day, reset codes a day after expiry), and mail sent
// more than a week ago; live sessions, fresh codes and unsent or recent mail stay.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { outbox, passwordResetCodes, refreshTokens, sessions, users } from '../db/schema';
import { seedDemo } from '../db/seed';
import { pruneSentMail } from '../lib/mail';
import { describeEachDatabase } from '../test/databases';
import { pruneAuth } from './prune';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describeEachDatabase('pruning', (database) => {
  const now = new Date('2026-03-10T09:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  let userId: string;
  beforeAll(async () => {
    await seedDemo(database().db);
    [{ id: userId }] = await database().db.select({ id: users.id }).from(users).limit(1);
  });

  it('removes what is expired and keeps what is alive', async () => {
    const db = database().db;
    const session = async (lastSeenAt: Date, revokedAt: Date | null, tokenExpiresAt: Date | null) => {
      const [row] = await db
        .insert(sessions)
        .values({ userId, createdAt: ago(40 * DAY), lastSeenAt, revokedAt })
        .returning({ id: sessions.id });
      if (tokenExpiresAt)
        await db.insert(refreshTokens).values({
          sessionId: row.id,
          tokenHash: `hash-${row.id}`,
          createdAt: ago(40 * DAY),
          expiresAt: tokenExpiresAt,
        });
      return row.id;
    };
    const live = await session(ago(HOUR), null, new Date(now.getTime() + 20 * DAY));
    const expired = await session(ago(31 * DAY), null, ago(DAY));
    const revoked = await session(ago(3 * DAY), ago(2 * DAY), ago(HOUR));
    const revokedToday = await session(ago(HOUR), ago(HOUR), null);
    const code = (expiresAt: Date) =>
      db
        .insert(passwordResetCodes)
        .values({ userId, codeHash: `c-${expiresAt.getTime()}`, createdAt: ago(2 * DAY), expiresAt })
        .returning({ id: passwordResetCodes.id });
    const [oldCode] = await code(ago(2 * DAY));
    const [recentCode] = await code(ago(HOUR));
    const mail = (sentAt: Date | null) =>
      db
        .insert(outbox)
        .values({ to: 'a@demo.test', subject: 'S', text: 'T', sentAt, nextAttemptAt: ago(10 * DAY) })
        .returning({ id: outbox.id });
    const [oldMail] = await mail(ago(8 * DAY));
    const [recentMail] = await mail(ago(6 * DAY));
    const [unsent] = await mail(null);

    expect(await pruneAuth(db, now)).toEqual({ refreshTokens: 2, sessions: 2, resetCodes: 1 });
    expect(await pruneSentMail(db, now)).toBe(1);

    const sessionIds = (await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(sessionIds).toContain(live);
    expect(sessionIds).toContain(revokedToday);
    expect(sessionIds).not.toContain(expired);
    expect(sessionIds).not.toContain(revoked);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, live))).toHaveLength(1);
    const codes = (await db.select({ id: passwordResetCodes.id }).from(passwordResetCodes)).map((r) => r.id);
    expect(codes).toEqual([recentCode.id]);
    expect(codes).not.toContain(oldCode.id);
    const mails = (await db.select({ id: outbox.id }).from(outbox)).map((row) => row.id).sort();
    expect(mails).toEqual([recentMail.id, unsent.id].sort());
    expect(mails).not.toContain(oldMail.id);
    // Run again: nothing more.
    expect(await pruneAuth(db, now)).toEqual({ refreshTokens: 0, sessions: 0, resetCodes: 0 });
    expect(await pruneSentMail(db, now)).toBe(0);
  });
});
