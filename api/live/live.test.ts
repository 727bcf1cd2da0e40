// GET /events on both databases: each role and both HOSPITAL demo accounts receive exactly the events their
// lists would show; a stream that reconnects with the last id it received gets what it missed, or
// 'resync' past the history; the caps; the stream ends at sign-out, at the user's deletion and at a role
// change; bad cursors are refused in French.
import { eq } from 'drizzle-orm';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FACTOR_PATHS } from '../../contract/factors';
import { LIVE_MESSAGES } from '../../contract/live';
import { missions, users } from '../db/schema';
import { DEMO_HOSPITALS, seedDemo } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { insertMissions } from '../test/fixtures';
import { type Caller, EDGE_SECRET, signedIn, testApp } from '../test/harness';
import { pruneEvents } from './feed';

interface Received {
  event: string;
  id?: string;
  data: string;
}

/** An open stream: what it received so far, and a way to close it. */
interface Stream {
  status: number;
  received: Received[];
  changes: () => Array<{ entity: string; id: string | null; action: string }>;
  closed: Promise<void>;
  close: () => Promise<void>;
}

const open: Stream[] = [];

async function stream(
  app: ReturnType<typeof testApp>['app'],
  caller: Caller,
  path = '/events',
  headers = {},
) {
  const response = await app.request(path, {
    headers: {
      'x-forwarded-for': '203.0.113.9',
      'x-edge-secret': EDGE_SECRET,
      cookie: [...caller.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...headers,
    },
  });
  const received: Received[] = [];
  let reader: ReadableStreamDefaultReader<Received> | undefined;
  let closed: Promise<void> = Promise.resolve();
  if (response.headers.get('content-type')?.includes('text/event-stream') && response.body) {
    reader = response.body
      .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
      .pipeThrough(new EventSourceParserStream())
      .getReader() as unknown as ReadableStreamDefaultReader<Received>;
    closed = (async () => {
      for (;;) {
        const { done, value } = await reader!.read().catch(() => ({ done: true, value: undefined }));
        if (done || !value) return;
        received.push({ event: value.event ?? 'message', id: value.id, data: value.data });
      }
    })();
  } else {
    received.push({ event: 'body', data: await response.text() });
  }
  const result: Stream = {
    status: response.status,
    received,
    changes: () => received.filter((r) => r.event === 'change').map((r) => JSON.parse(r.data)),
    closed,
    close: async () => {
      await reader?.cancel().catch(() => {});
      await closed;
    },
  };
  open.push(result);
  return { result, response };
}

const until = (check: () => unknown) => expect.poll(check, { timeout: 15_000, interval: 20 });

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describeEachDatabase('the change feed', (database) => {
  let t: ReturnType<typeof testApp>;
  let mine: string;
  let theirs: string;
  let nobodys: string;
  const edit = (caller: Caller, id: string, numberOfCristal: number) =>
    caller.put('/missions/edit/', {
      id,
      numberOfCristal,
      astonStatus: 'EN_ATTENTE',
      organType: 'COEUR',
      aircraftType: 'JET',
      numberOfMeals: 2,
      isWithIcing: false,
      isWithOCS: false,
    });

  beforeAll(async () => {
    await seedDemo(database().db);
    t = testApp(database().db);
    [mine, theirs, nobodys] = await insertMissions(database().db, [
      {
        tripNumber: 'LV-1',
        status: 'EN_ATTENTE',
        buyerName: DEMO_HOSPITALS[0],
        departure: '2026-03-05T08:00:00Z',
      },
      {
        tripNumber: 'LV-2',
        status: 'EN_ATTENTE',
        buyerName: DEMO_HOSPITALS[1],
        departure: '2026-03-05T09:00:00Z',
      },
      {
        tripNumber: 'LV-3',
        status: 'EN_ATTENTE',
        buyerName: DEMO_HOSPITALS[2],
        departure: '2026-03-05T10:00:00Z',
      },
    ]);
  });

  it('gives each role and each hospital exactly what its lists show, in order', async () => {
    const callers = {
      admin: await signedIn(t.app, 'admin@demo.test'),
      operation: await signedIn(t.app, 'operation@demo.test'),
      accounting: await signedIn(t.app, 'accounting@demo.test'),
      hospital: await signedIn(t.app, 'hopital@demo.test'),
      hospitals: await signedIn(t.app, 'hopitaux@demo.test'),
    };
    const streams = Object.fromEntries(
      await Promise.all(
        Object.entries(callers).map(
          async ([name, caller]) => [name, (await stream(t.app, caller)).result] as const,
        ),
      ),
    );
    for (const s of Object.values(streams)) {
      expect(s.status).toBe(200);
      await until(() => s.received[0]?.event).toBe('ready');
    }

    expect((await edit(callers.operation, nobodys, 1)).status).toBe(200);
    expect((await edit(callers.operation, mine, 2)).status).toBe(200);
    expect((await edit(callers.operation, theirs, 3)).status).toBe(200);
    const id = (await database().db.select().from(users).where(eq(users.email, 'ops2@demo.test')))[0]?.id;
    const operationUser = (
      await database().db.select().from(users).where(eq(users.email, 'operation@demo.test'))
    )[0];
    // A user change: the ADMINs and that user only.
    const renamed = await callers.admin.put('/user/edit', {
      id: operationUser.id,
      firstName: 'Olivia',
      lastName: operationUser.lastName,
      email: operationUser.email,
      phone: operationUser.phone || '0600000000',
      role: 'OPERATION',
    });
    expect(renamed.status).toBe(200);
    expect(id).toBeUndefined();

    const edits = [nobodys, mine, theirs].map((mission) => ({
      entity: 'mission',
      id: mission,
      action: 'mission.edit',
    }));
    const userEvent = { entity: 'user', id: operationUser.id, action: 'user.edit' };
    await until(() => streams.admin.changes()).toEqual([...edits, userEvent]);
    // The renamed user is told of its own record, and no other staff.
    await until(() => streams.operation.changes()).toEqual([...edits, userEvent]);
    await until(() => streams.accounting.changes()).toEqual(edits);
    // Each HOSPITAL account: its own hospitals' mission only, never another's id. The stream is in order, so
    // once the admin's last event is there, nothing earlier is still on its way.
    await until(() => streams.hospital.changes()).toEqual([edits[1]]);
    await until(() => streams.hospitals.changes()).toEqual([edits[2]]);
    for (const s of [streams.hospital, streams.hospitals]) {
      expect(JSON.stringify(s.received)).not.toContain(nobodys);
      // Ids are increasing, each event once.
      const ids = s.received.filter((r) => r.id).map((r) => Number(r.id));
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    }
  });

  it("tells a user's streams of their own sessions only: a sign-in elsewhere, a session ended", async () => {
    const here = await signedIn(t.app, 'hopital@demo.test');
    const someoneElse = await signedIn(t.app, 'operation@demo.test');
    const mine = (await stream(t.app, here)).result;
    const theirs = (await stream(t.app, someoneElse)).result;
    for (const s of [mine, theirs]) await until(() => s.received[0]?.event).toBe('ready');
    const phone = await signedIn(t.app, 'hopital@demo.test');
    const phoneSession = (
      await phone.get<{ data: { rows: Array<{ id: string; current: boolean }> } }>('/account/sessions')
    ).body.data.rows.find((s) => s.current)!;
    expect((await here.delete(`/account/sessions/${phoneSession.id}`)).status).toBe(200);
    await signedIn(t.app, 'admin@demo.test');
    await until(() => mine.changes().map((c) => c.action)).toEqual(['login', 'session.end']);
    expect(mine.changes().every((c) => c.entity === 'session')).toBe(true);
    expect(mine.changes()[1].id).toBe(phoneSession.id);
    expect((await phone.get('/user/me')).status).toBe(401);
    // The other user, and the admin's own sign-in, are not told to anyone else.
    expect(theirs.changes()).toEqual([]);
  });

  it("tells a user and the ADMINs of that user's own record (a factor added), and no one else", async () => {
    const hospital = await signedIn(t.app, 'hopitaux@demo.test');
    const operation = await signedIn(t.app, 'operation@demo.test');
    const admin = await signedIn(t.app, 'admin@demo.test');
    const [own, other, admins] = await Promise.all([hospital, operation, admin].map((c) => stream(t.app, c)));
    for (const s of [own, other, admins]) await until(() => s.result.received[0]?.event).toBe('ready');
    const [me] = await database()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'hopitaux@demo.test'));
    expect((await hospital.post(FACTOR_PATHS.startTotp, { name: 'Téléphone' })).status).toBe(200);
    const started = { entity: 'user', id: me.id, action: 'factor.start' };
    await until(() => own.result.changes()).toEqual([started]);
    await until(() => admins.result.changes().filter((c) => c.entity === 'user')).toEqual([started]);
    expect(other.result.changes().filter((c) => c.entity === 'user')).toEqual([]);
  });

  it('replays what a stream missed after the last id it received, then goes on live', async () => {
    const hospital = await signedIn(t.app, 'hopital@demo.test');
    const operation = await signedIn(t.app, 'operation@demo.test');
    const first = (await stream(t.app, hospital)).result;
    await until(() => first.received[0]?.event).toBe('ready');
    await edit(operation, mine, 4);
    await until(() => first.changes()).toHaveLength(1);
    const last = first.received.at(-1)!.id!;
    await first.close();

    // While it is away: two changes of its mission, one of another hospital's.
    await edit(operation, mine, 5);
    await edit(operation, nobodys, 6);
    await edit(operation, mine, 7);
    const again = (await stream(t.app, hospital, '/events', { 'last-event-id': last })).result;
    await until(() => again.received.map((r) => r.event)).toEqual(['change', 'change', 'ready']);
    expect(again.changes()).toEqual([
      { entity: 'mission', id: mine, action: 'mission.edit' },
      { entity: 'mission', id: mine, action: 'mission.edit' },
    ]);
    await edit(operation, mine, 8);
    await until(() => again.changes()).toHaveLength(3);
    // The same by the query, which a new EventSource can send.
    const byQuery = (await stream(t.app, hospital, `/events?lastEventId=${last}`)).result;
    await until(() => byQuery.changes()).toHaveLength(3);
  });

  it('says resync to a stream whose last event is older than the history', async () => {
    const operation = await signedIn(t.app, 'operation@demo.test');
    const first = (await stream(t.app, operation)).result;
    await until(() => first.received[0]?.event).toBe('ready');
    const last = first.received[0].id!;
    await first.close();
    await edit(operation, mine, 9);
    // An hour later, the history (15 minutes) no longer holds that change.
    await pruneEvents(database().db, new Date(Date.now() + 3600_000), 15);
    const again = (await stream(t.app, operation, `/events?lastEventId=${last}`)).result;
    await until(() => again.received[0]?.event).toBe('resync');
    expect(again.changes()).toEqual([]);
  });

  it('refuses a malformed cursor in French, and an anonymous caller', async () => {
    const operation = await signedIn(t.app, 'operation@demo.test');
    for (const path of ['/events?lastEventId=abc', '/events?lastEventId=-1']) {
      const { result } = await stream(t.app, operation, path);
      expect(result.status).toBe(400);
      expect(JSON.parse(result.received[0].data)).toMatchObject({ message: LIVE_MESSAGES.badCursor });
    }
    const header = (await stream(t.app, operation, '/events', { 'last-event-id': '1; drop' })).result;
    expect(header.status).toBe(400);
    const anonymous = await t.app.request('/events', { headers: { 'x-edge-secret': EDGE_SECRET } });
    expect(anonymous.status).toBe(401);
  });

  it('ends the stream at sign-out, at the deletion of its user and at a change of its role', async () => {
    const hospital = await signedIn(t.app, 'hopital@demo.test');
    const s = (await stream(t.app, hospital)).result;
    await until(() => s.received[0]?.event).toBe('ready');
    expect((await hospital.post('/auth/logout')).status).toBeLessThan(300);
    await until(() => s.received.at(-1)?.event).toBe('end');
    expect(JSON.parse(s.received.at(-1)!.data)).toEqual({ reason: 'session' });
    await s.closed;

    const admin = await signedIn(t.app, 'admin@demo.test');
    const created = await admin.post<{ data: { id: string } }>('/user/create', {
      firstName: 'Live',
      lastName: 'Test',
      email: 'live.test@demo.test',
      phone: '0600000001',
      role: 'OPERATION',
    });
    expect(created.status).toBe(201);
    const [row] = await database().db.select().from(users).where(eq(users.email, 'live.test@demo.test'));
    await database().db.update(users).set({ forceChangePassword: false }).where(eq(users.id, row.id));
    const { hashPassword } = await import('../lib/passwords');
    await database()
      .db.update(users)
      .set({ passwordHash: await hashPassword('Demo-2026!') })
      .where(eq(users.id, row.id));
    const them = await signedIn(t.app, 'live.test@demo.test');
    const theirs2 = (await stream(t.app, them)).result;
    await until(() => theirs2.received[0]?.event).toBe('ready');
    const role = await admin.put('/user/edit', {
      id: row.id,
      firstName: 'Live',
      lastName: 'Test',
      email: 'live.test@demo.test',
      phone: '0600000001',
      role: 'ACCOUNTING',
    });
    expect(role.status).toBe(200);
    await until(() => theirs2.received.at(-1)?.event).toBe('end');

    const signedAgain = await signedIn(t.app, 'live.test@demo.test');
    const third = (await stream(t.app, signedAgain)).result;
    await until(() => third.received[0]?.event).toBe('ready');
    expect((await admin.delete(`/user/delete/${row.id}`)).status).toBeLessThan(300);
    await until(() => third.received.at(-1)?.event).toBe('end');
    expect(JSON.parse(third.received.at(-1)!.data)).toEqual({ reason: 'session' });
  });

  describe('caps', () => {
    it('closes the oldest stream of a user past its cap, and refuses one past the instance cap with 503', async () => {
      const capped = testApp(database().db, { LIVE_STREAMS_PER_USER: '2', LIVE_MAX_STREAMS: '3' });
      const operation = await signedIn(capped.app, 'operation@demo.test');
      const [a, b] = [
        (await stream(capped.app, operation)).result,
        (await stream(capped.app, operation)).result,
      ];
      await until(() => b.received[0]?.event).toBe('ready');
      const c = (await stream(capped.app, operation)).result;
      await until(() => c.received[0]?.event).toBe('ready');
      await until(() => a.received.at(-1)?.event).toBe('end');
      expect(JSON.parse(a.received.at(-1)!.data)).toEqual({ reason: 'replaced' });
      await a.closed;

      const admin = await signedIn(capped.app, 'admin@demo.test');
      const d = (await stream(capped.app, admin)).result;
      await until(() => d.received[0]?.event).toBe('ready');
      const { result, response } = await stream(capped.app, admin);
      expect(result.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('10');
      expect(JSON.parse(result.received[0].data)).toMatchObject({ message: LIVE_MESSAGES.full });
    });
  });

  it('publishes nothing for a write that rolls back', async () => {
    const admin = await signedIn(t.app, 'admin@demo.test');
    const s = (await stream(t.app, admin)).result;
    await until(() => s.received[0]?.event).toBe('ready');
    // An edit refused by its rules writes nothing, and says nothing.
    const refused = await admin.put('/missions/edit/', { id: mine, numberOfCristal: -1 });
    expect(refused.status).toBe(400);
    await edit(admin, theirs, 10);
    await until(() => s.changes()).toEqual([{ entity: 'mission', id: theirs, action: 'mission.edit' }]);
    const [row] = await database().db.select().from(missions).where(eq(missions.id, theirs));
    expect(row.numberOfCristal).toBe(10);
  });
});
