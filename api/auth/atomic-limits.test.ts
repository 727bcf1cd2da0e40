// The limits hold under a concurrent burst (issue 24, decision 031): each attempt is counted before it is
// checked, and the check reads the count its own statement returned. On PostgreSQL the requests really
// run at once through the pool; on PGlite they interleave between statements.
import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { outbox, passwordResetCodes, users } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { Caller, lastResetCode, seededTestApp } from '../test/harness';

const BURST = 50;

describeEachDatabase('limits under a concurrent burst', (database) => {
  const t = seededTestApp(database);
  let ipCounter = 0;
  /** A new client address each time, so that only the per-account limits apply. */
  const fresh = () => new Caller(t.app, `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);
  const statuses = (answers: Array<{ status: number }>) =>
    answers.reduce<Record<number, number>>((count, { status }) => {
      count[status] = (count[status] ?? 0) + 1;
      return count;
    }, {});
  const wrongFor = (code: string | undefined) => (code === '000000' ? '111111' : '000000');
  const codeRow = async (email: string) => {
    const [user] = await database().db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [row] = await database()
      .db.select()
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)));
    return row;
  };

  it(`checks a code no more than 5 times, and counts every wrong one, under ${BURST} concurrent wrong codes`, async () => {
    const email = 'accounting@demo.test';
    expect((await fresh().post('/auth/request-forget-password', { email })).status).toBe(200);
    const wrong = wrongFor(await lastResetCode(database().db, email));
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        fresh().put('/auth/reset-password', { email, otp: wrong, password: 'Compta-2027!' }),
      ),
    );
    // The daily cap of wrong codes for the account (10) lets 10 through, the others are refused…
    expect(statuses(answers)).toEqual({ 400: 10, 429: BURST - 10 });
    expect(answers.find((a) => a.status === 429)?.body).toEqual({
      message: MESSAGES.otpLocked,
      requestId: expect.any(String),
    });
    // …and of those 10, the code itself was compared 5 times only.
    expect((await codeRow(email)).attempts).toBe(5);
  });

  it('kills a code after 5 concurrent wrong tries: the right one is refused after', async () => {
    const email = 'hopital@demo.test';
    expect((await fresh().post('/auth/request-forget-password', { email })).status).toBe(200);
    const code = (await lastResetCode(database().db, email))!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fresh().put('/auth/reset-password', { email, otp: wrongFor(code), password: 'Hopital-2027!' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: 8 });
    expect(
      await fresh().put('/auth/reset-password', { email, otp: code, password: 'Hopital-2027!' }),
    ).toMatchObject({ status: 400, body: { message: MESSAGES.otpWrong } });
    expect((await fresh().login(email, 'Hopital-2027!')).status).toBe(401);
  });

  it(`checks no more passwords than the limit under ${BURST} concurrent wrong sign-ins`, async () => {
    const attacker = '198.51.100.77';
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        new Caller(t.app, attacker).login('operation@demo.test', 'Mauvais-2026!'),
      ),
    );
    // 10 wrong passwords per account and address: at most 10 checked (401), the others refused before any
    // check. Each attempt also counts against the address's own limit (30), taken after the account's:
    // one that won an account slot may find the address's limit already spent by the burst, so fewer
    // than 10 may be checked — never more.
    const { 401: checked = 0, 429: refused = 0, ...others } = statuses(answers);
    expect(others).toEqual({});
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(refused).toBe(BURST - checked);
    expect(answers.find((a) => a.status === 429)?.body).toEqual({
      message: MESSAGES.tooManyAttempts,
      requestId: expect.any(String),
    });
    // The owner, from another address, still signs in.
    expect((await new Caller(t.app, '203.0.113.90').login('operation@demo.test')).status).toBe(200);
  });

  it('sends one code to concurrent requests for one address', async () => {
    const email = 'admin@demo.test';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fresh().post('/auth/request-forget-password', { email })),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 429: 9 });
    expect(answers.find((a) => a.status === 429)?.body).toEqual({
      message: MESSAGES.otpResendTooSoon,
      requestId: expect.any(String),
    });
    expect(await database().db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(1);
  });
});
