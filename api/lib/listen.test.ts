// The API's HTTP server closes idle connections, before and after a request (issue #9, finding 14), and
// answers what Node refuses before Hono sees it (a backslash in the path) in French JSON (finding 11).
import { connect } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { REFUSED_REQUEST_MESSAGES } from '../../contract/http';
import { deferred } from '../test/deferred';
import { listen } from './listen';

describe('listen', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    const app = new Hono().get('/', (c) => c.json({ data: 'ok' }));
    server = await listen(app.fetch, {
      port: 0,
      host: '127.0.0.1',
      keepAliveTimeoutMs: 300,
      requestTimeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Opens a connection, sends `data` (if any), and resolves with the time it stayed open and what came. */
  const openFor = (data?: string) =>
    new Promise<{ ms: number; received: string }>((resolve) => {
      const started = Date.now();
      let received = '';
      const socket = connect(server.port, '127.0.0.1');
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('close', () => resolve({ ms: Date.now() - started, received }));
      if (data) socket.write(data);
    });

  it('closes a connection that stays idle, before its first request and after an answer', async () => {
    const [silent, afterAnswer] = await Promise.all([
      openFor(),
      openFor('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    ]);
    expect(afterAnswer.received).toMatch(/^HTTP\/1\.1 200/);
    for (const { ms } of [silent, afterAnswer]) {
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(3_000);
    }
  });

  /** An answer read off the socket: status, headers (lower-cased names) and the JSON body. */
  const parsed = (received: string) => {
    const [head, body] = [
      received.slice(0, received.indexOf('\r\n\r\n')),
      received.slice(received.indexOf('\r\n\r\n') + 4),
    ];
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : null };
  };

  it('answers a request Node refuses in French JSON', async () => {
    const answer = parsed(
      (await openFor('GET /a\\b HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).received,
    );
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.body).toEqual({
      message: MESSAGES.malformedRequest,
      requestId: answer.headers['x-request-id'],
    });
    expect(answer.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a URL or headers over Node’s limits, or a header it cannot read, in French JSON with its id', async () => {
    const long = 'a'.repeat(20 * 1024);
    const cases: Array<[string, number, string]> = [
      [`GET /${long} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 431, REFUSED_REQUEST_MESSAGES.headersTooLarge],
      [
        `GET / HTTP/1.1\r\nHost: localhost\r\nX-Long: ${long}\r\n\r\n`,
        431,
        REFUSED_REQUEST_MESSAGES.headersTooLarge,
      ],
      [`GET / HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n`, 400, MESSAGES.malformedRequest],
    ];
    for (const [request, status, message] of cases) {
      const answer = parsed((await openFor(request)).received);
      expect(answer.status).toBe(status);
      expect(answer.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        connection: 'close',
      });
      expect(answer.body).toEqual({ message, requestId: answer.headers['x-request-id'] });
      expect(answer.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('drain (graceful stop)', () => {
  const start = async () => {
    const { promise: gate, resolve: release } = deferred();
    const { promise: slowArrived, resolve: arrived } = deferred();
    const app = new Hono()
      .get('/slow', async (c) => {
        arrived();
        await gate;
        return c.json({ data: 'slow' });
      })
      .get('/', (c) => c.json({ data: 'ok' }));
    const server = await listen(app.fetch, {
      port: 0,
      host: '127.0.0.1',
      keepAliveTimeoutMs: 5_000,
      requestTimeoutMs: 60_000,
    });
    return { server, release, slowArrived, url: `http://127.0.0.1:${server.port}` };
  };

  it('lets the request in flight finish, still answers new ones (closing their connection), then stops', async () => {
    const { server, release, slowArrived, url } = await start();
    const slow = fetch(`${url}/slow`);
    await slowArrived;
    const drained = server.drain(60_000);
    const during = await fetch(url);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    release();
    const answer = await slow;
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 200,
      body: { data: 'slow' },
    });
    expect(await drained).toEqual({ cut: 0 });
    await expect(fetch(url)).rejects.toThrow();
  });

  it('closes the connection of a request already in flight when the drain starts, with Connection: close', async () => {
    const { server, release, slowArrived, url } = await start();
    const slow = fetch(`${url}/slow`);
    await slowArrived;
    const drained = server.drain(60_000);
    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(answer.headers.get('keep-alive')).toBeNull();
    await answer.json();
    expect(await drained).toEqual({ cut: 0 });
  });

  it('closes the connections of requests still running at the deadline', async () => {
    const { server, slowArrived, url } = await start();
    // The failure is taken at once: it comes while the drain is awaited.
    const slow = fetch(`${url}/slow`).catch((error: unknown) => error);
    await slowArrived;
    expect(await server.drain(200)).toEqual({ cut: 1 });
    expect(await slow).toBeInstanceOf(Error);
  });
});
