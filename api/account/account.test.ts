// 'Mon compte' sessions as callers see them (issue 52, ASVS V3.3.4): a user lists their own open sessions
// with browser, system and shortened address; ends one (it stops working at its next call), or all but the
// current one; never sees nor ends another user's; every end is audited.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type SessionRow } from '../../contract/account';
import { MESSAGES } from '../../contract/auth';
import { INPUT_MESSAGES } from '../../contract/validation';
import { auditLog } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { Caller, refusal, seededTestApp } from '../test/harness';
import { describeClient } from './user-agent';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Sessions = { data: { rows: SessionRow[]; pageCount: number } };

describe('describeClient', () => {
  it('names the browser with its major version and the system with its version', () => {
    expect(describeClient(CHROME_WINDOWS)).toEqual({ browser: 'Chrome 131', system: 'Windows 10' });
    expect(describeClient(SAFARI_IPHONE)).toEqual({ browser: 'Safari 18', system: 'iOS 18.1' });
    expect(describeClient(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 133', system: 'Linux' });
  });

  it('says so when there is nothing to read', () => {
    const unknown = { browser: ACCOUNT_MESSAGES.unknownBrowser, system: ACCOUNT_MESSAGES.unknownSystem };
    expect(describeClient(null)).toEqual(unknown);
    expect(describeClient('curl-like/1')).toEqual(unknown);
  });
});

describeEachDatabase('my sessions', (database) => {
  const t = seededTestApp(database);
  /** A caller signed in as `email` from `ip` with the browser `userAgent`. */
  const signIn = async (email: string, userAgent: string, ip = '203.0.113.7') => {
    const caller = new Caller(t.app, ip);
    const answer = await caller.call(
      'POST',
      '/auth/login',
      { email, password: 'Demo-2026!' },
      { 'user-agent': userAgent },
    );
    expect(answer.status).toBe(200);
    return caller;
  };
  const sessionsOf = async (caller: Caller) => {
    const answer = await caller.get<Sessions>('/account/sessions');
    expect(answer.status).toBe(200);
    expect(answer.body.data.pageCount).toBe(1);
    return answer.body.data.rows;
  };

  it('lists the open sessions of the caller only, the current one marked, the address shortened', async () => {
    const phone = await signIn('hopital@demo.test', SAFARI_IPHONE, '2001:db8:85a3:12:0:0:0:7');
    t.advance(60_000);
    const desk = await signIn('hopital@demo.test', CHROME_WINDOWS, '198.51.100.23');
    await signIn('hopitaux@demo.test', FIREFOX_LINUX);
    const listed = await sessionsOf(desk);
    const mine = listed.filter((s) => s.browser !== 'Firefox 133');
    expect(listed).toHaveLength(mine.length);
    expect(listed[0]).toMatchObject({
      browser: 'Chrome 131',
      system: 'Windows 10',
      address: '198.51.100.x',
      current: true,
      createdAt: t.clock.now.toISOString(),
      lastSeenAt: t.clock.now.toISOString(),
    });
    expect(listed.find((s) => s.browser === 'Safari 18')).toMatchObject({
      system: 'iOS 18.1',
      address: '2001:db8:85a3::/48',
      current: false,
    });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    // No whole address anywhere in the answer.
    expect(JSON.stringify(listed)).not.toMatch(/198\.51\.100\.23|:12:|203\.0\.113\.7/);
    // The phone sees the same sessions, its own marked.
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.find((s) => s.current)?.browser).toBe('Safari 18');
  });

  it('ends one session: it stops working at its next call, its refresh too, and the end is audited', async () => {
    const elsewhere = await signIn('operation@demo.test', FIREFOX_LINUX);
    const here = await signIn('operation@demo.test', CHROME_WINDOWS);
    const other = (await sessionsOf(here)).find((s) => s.browser === 'Firefox 133' && !s.current)!;
    expect((await elsewhere.get('/user/me')).status).toBe(200);
    const ended = await here.delete(`/account/sessions/${other.id}`);
    expect(ended).toMatchObject({
      status: 200,
      body: { data: { id: other.id, current: false }, message: ACCOUNT_MESSAGES.sessionEnded },
    });
    expect(await elsewhere.get('/user/me')).toMatchObject(refusal(401, MESSAGES.unauthenticated));
    expect((await elsewhere.post('/auth/refresh')).status).toBe(401);
    expect((await here.get('/user/me')).status).toBe(200);
    expect((await sessionsOf(here)).map((s) => s.id)).not.toContain(other.id);
    const rows = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.end'), eq(auditLog.entityId, other.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity: 'session' });
    // Twice: already ended.
    expect(await here.delete(`/account/sessions/${other.id}`)).toMatchObject(
      refusal(404, ACCOUNT_MESSAGES.sessionNotFound),
    );
  });

  it('ends the current session as a sign-out does', async () => {
    const here = await signIn('accounting@demo.test', CHROME_WINDOWS);
    const current = (await sessionsOf(here)).find((s) => s.current)!;
    const ended = await here.delete(`/account/sessions/${current.id}`);
    expect(ended).toMatchObject({ status: 200, body: { data: { current: true } } });
    expect(ended.setCookies.join(';')).toMatch(/access_token=;|max-age=0/i);
    expect((await here.get('/account/sessions')).status).toBe(401);
  });

  it("ends every other session of the user, and none of another user's", async () => {
    const a = await signIn('admin@demo.test', FIREFOX_LINUX);
    const b = await signIn('admin@demo.test', SAFARI_IPHONE);
    const here = await signIn('admin@demo.test', CHROME_WINDOWS);
    const someoneElse = await signIn('hopitaux@demo.test', CHROME_WINDOWS);
    const before = (await sessionsOf(here)).length;
    expect(before).toBeGreaterThanOrEqual(3);
    const answer = await here.post('/account/sessions/end-others');
    expect(answer).toMatchObject({
      status: 200,
      body: { data: { ended: before - 1 }, message: ACCOUNT_MESSAGES.otherSessionsEnded(before - 1) },
    });
    expect((await a.get('/user/me')).status).toBe(401);
    expect((await b.get('/user/me')).status).toBe(401);
    expect((await someoneElse.get('/user/me')).status).toBe(200);
    expect(await sessionsOf(here)).toEqual([expect.objectContaining({ current: true })]);
    // Nothing left to end.
    expect(await here.post('/account/sessions/end-others')).toMatchObject({
      status: 200,
      body: { data: { ended: 0 }, message: 'Aucune autre session ouverte' },
    });
  });

  it("answers another user's session as an unknown one and leaves it open", async () => {
    const victim = await signIn('hopital@demo.test', FIREFOX_LINUX);
    const theirs = (await sessionsOf(victim)).find((s) => s.current)!;
    const attacker = await signIn('hopitaux@demo.test', CHROME_WINDOWS);
    expect(await attacker.delete(`/account/sessions/${theirs.id}`)).toMatchObject(
      refusal(404, ACCOUNT_MESSAGES.sessionNotFound),
    );
    expect((await victim.get('/user/me')).status).toBe(200);
    expect((await sessionsOf(attacker)).map((s) => s.id)).not.toContain(theirs.id);
  });

  it('pages the sessions, the most recently active first', async () => {
    const first = await signIn('accounting@demo.test', FIREFOX_LINUX);
    for (let i = 0; i < 3; i++) {
      t.advance(60_000);
      await signIn('accounting@demo.test', CHROME_WINDOWS);
    }
    const page = await first.get<Sessions>('/account/sessions?pageSize=2&pageNumber=2');
    expect(page.body.data.pageCount).toBe(2);
    expect(page.body.data.rows.map((s) => s.browser)).toEqual(['Chrome 131', 'Firefox 133']);
    expect(page.body.data.rows[1].current).toBe(true);
  });

  it('refuses a malformed id or page, and every call without a session', async () => {
    const here = await signIn('operation@demo.test', CHROME_WINDOWS);
    expect(await here.delete('/account/sessions/not-an-id')).toMatchObject(refusal(400, INPUT_MESSAGES.uuid));
    expect((await here.get('/account/sessions?pageNumber=0')).status).toBe(400);
    const nobody = new Caller(t.app);
    expect(await nobody.get('/account/sessions')).toMatchObject(refusal(401, MESSAGES.unauthenticated));
    expect(await nobody.post('/account/sessions/end-others')).toMatchObject(
      refusal(401, MESSAGES.unauthenticated),
    );
  });
});
