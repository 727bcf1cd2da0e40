// The Node edge's security rules against real listeners: it reaches only API_ORIGIN whatever the path,
// it alone sets the client address, it caps request bodies, it answers malformed requests in French
// JSON, it sends HSTS behind an https public origin, and it closes idle connections.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEdge, undiciUpstream } from './node';

interface Received {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  bytes: number;
}

/** A real HTTP listener that records what reaches it and answers JSON. */
async function listener(): Promise<{ server: Server; origin: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, bytes });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: 'ok' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

/**
 * One request with the exact request-target given (fetch would normalise `\`, `..` and the like
 * before sending). A body is sent with its Content-Length, or chunked when `chunked` is set.
 */
function raw(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (options.body && !options.chunked) headers['content-length'] = String(options.body.length);
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    // The edge may answer (413) and close before the whole body is written: that is not a failure.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (options.body && options.chunked) {
      const chunk = 64 * 1024;
      for (let offset = 0; offset < options.body.length; offset += chunk)
        req.write(options.body.subarray(offset, offset + chunk));
    } else if (options.body) req.write(options.body);
    req.end();
  });
}

/** An edge error body: the message, and the request's id when the app (not Node's parser) refused it. */
const withoutId = (text: string) => {
  const { requestId, ...rest } = JSON.parse(text);
  if (requestId !== undefined) expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
};
const NOT_FOUND = { message: 'Ressource introuvable' };
const MALFORMED = { message: 'La requête est mal formée.' };
const TOO_LARGE = { message: 'La requête est trop volumineuse.' };
const SECRET = 'edge-secret-for-the-tests-0123456789abcdef';
const MB = 1024 * 1024;

let api: Awaited<ReturnType<typeof listener>>;
let evil: Awaited<ReturnType<typeof listener>>;
let assets: string;
let edge: { port: number; close: () => Promise<void> };
let httpsEdge: { port: number; close: () => Promise<void> };
/** Every URL the edge asked its upstream for. */
const upstreamCalls: string[] = [];

beforeAll(async () => {
  [api, evil] = await Promise.all([listener(), listener()]);
  assets = mkdtempSync(join(tmpdir(), 'edge-security-'));
  writeFileSync(join(assets, 'index.html'), '<!doctype html><title>app</title>');
  const real = undiciUpstream();
  edge = await startEdge({
    port: 0,
    apiOrigin: api.origin,
    assetsDir: assets,
    edgeSecret: SECRET,
    upstream: (url, init) => {
      upstreamCalls.push(url);
      return real(url, init);
    },
  });
  httpsEdge = await startEdge({
    port: 0,
    apiOrigin: api.origin,
    assetsDir: assets,
    publicOrigin: 'https://bo.example.fr',
  });
});

afterAll(async () => {
  await Promise.all([edge.close(), httpsEdge.close()]);
  for (const { server } of [api, evil]) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  rmSync(assets, { recursive: true, force: true });
});

beforeEach(() => {
  api.received.length = 0;
  evil.received.length = 0;
  upstreamCalls.length = 0;
});

describe('finding 1: the Node edge reaches only API_ORIGIN', () => {
  const evilHost = () => evil.origin.slice('http://'.length);

  it('refuses every path that would leave the API origin or climb out of it, in French JSON', async () => {
    const h = evilHost();
    const forms: Array<[string, number, unknown]> = [
      [`/api//${h}/x`, 404, NOT_FOUND],
      [`/api///${h}/x`, 404, NOT_FOUND],
      [`/api/\\\\${h}/x`, 400, MALFORMED],
      [`/api/\\/${h}/x`, 400, MALFORMED],
      [`/api/%2F%2F${h}/x`, 404, NOT_FOUND],
      [`/api/%2f${h}/x`, 404, NOT_FOUND],
      [`/api/%5C%5C${h}/x`, 404, NOT_FOUND],
      [`/api/%5c${h}/x`, 404, NOT_FOUND],
      [`/api/..%2F${h}/x`, 404, NOT_FOUND],
      [`/api/missions/..%2F..%2Fx`, 404, NOT_FOUND],
      [`/api/missions/%2e%2e%2f%2E%2E%2fx`, 404, NOT_FOUND],
      [`/api/missions/.%2Fx`, 404, NOT_FOUND],
      [`/api/${evil.origin}/`, 404, NOT_FOUND],
      [`/api/http:%2F%2F${h}/`, 404, NOT_FOUND],
    ];
    for (const [path, status, body] of forms) {
      const answer = await raw(edge.port, path);
      expect({ path, status: answer.status }).toEqual({ path, status });
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      expect(withoutId(answer.text)).toEqual(body);
    }
    expect(upstreamCalls).toEqual([]);
    expect(api.received).toEqual([]);
    expect(evil.received).toEqual([]);
  });

  it('lets `..` and `%2e%2e` resolved by the URL parser land on a page, never on another host', async () => {
    const h = evilHost();
    for (const path of [
      `/api/../${h}/x`,
      `/api/%2e%2e/${h}/x`,
      `/api/.%2E/${h}/x`,
      '/api/x/%2E%2E/%2e%2e/y',
    ]) {
      const answer = await raw(edge.port, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(answer.text).toContain('<title>app</title>');
    }
    expect(evil.received).toEqual([]);
    expect(upstreamCalls).toEqual([]);
  });

  it('ignores the host of an absolute-form request target', async () => {
    const answer = await raw(edge.port, `${evil.origin}/api/user/me`);
    expect(answer.status).toBe(200);
    expect(upstreamCalls).toEqual([`${api.origin}/user/me`]);
    expect(evil.received).toEqual([]);
  });

  it('still forwards ordinary paths, encoded characters and queries as they came', async () => {
    const paths = ['/api', '/api/', '/api/missions/42?q=a%2Fb&x=..', '/api/missions/a%2Fb', '/api/a/%2e/b/'];
    for (const path of paths) {
      expect((await raw(edge.port, path)).status).toBe(200);
    }
    expect(upstreamCalls).toEqual([
      `${api.origin}/`,
      `${api.origin}/`,
      `${api.origin}/missions/42?q=a%2Fb&x=..`,
      `${api.origin}/missions/a%2Fb`,
      `${api.origin}/a/b/`,
    ]);
    expect(api.received.map((r) => r.url)).toEqual([
      '/',
      '/',
      '/missions/42?q=a%2Fb&x=..',
      '/missions/a%2Fb',
      '/a/b/',
    ]);
    expect(upstreamCalls.every((url) => new URL(url).origin === api.origin)).toBe(true);
    expect(evil.received).toEqual([]);
  });

  it('keeps the path of an API_ORIGIN that has one', async () => {
    const prefixed = await startEdge({ port: 0, apiOrigin: `${api.origin}/v1/`, assetsDir: assets });
    try {
      expect((await raw(prefixed.port, '/api/user/me?a=1')).status).toBe(200);
      expect((await raw(prefixed.port, '/api//x/y')).status).toBe(404);
      expect((await raw(prefixed.port, '/api/..%2Fx')).status).toBe(404);
      expect(api.received.map((r) => r.url)).toEqual(['/v1/user/me?a=1']);
    } finally {
      await prefixed.close();
    }
  });
});

describe('finding 2: the Node edge alone sets the client address', () => {
  it('overwrites what the client sent with the socket address and adds the shared secret', async () => {
    await raw(edge.port, '/api/user/me', {
      headers: {
        'x-forwarded-for': '203.0.113.9',
        'x-real-ip': '203.0.113.10',
        'cf-connecting-ip': '203.0.113.11',
        'true-client-ip': '203.0.113.12',
        forwarded: 'for=203.0.113.13',
        'x-edge-secret': 'guessed',
      },
    });
    const [seen] = api.received;
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-edge-secret']).toBe(SECRET);
    expect(seen.headers['x-real-ip']).toBeUndefined();
    expect(seen.headers['cf-connecting-ip']).toBeUndefined();
    expect(seen.headers['true-client-ip']).toBeUndefined();
    expect(seen.headers.forwarded).toBeUndefined();
  });

  it('sends no secret when it has none, not even the one the client made up', async () => {
    await raw(httpsEdge.port, '/api/user/me', { headers: { 'x-edge-secret': 'guessed' } });
    expect(api.received[0].headers['x-edge-secret']).toBeUndefined();
    expect(api.received[0].headers['x-forwarded-for']).toBe('127.0.0.1');
  });
});

describe('finding 6: the Node edge caps request bodies', () => {
  const json = { 'content-type': 'application/json' };

  it('refuses a declared Content-Length over 1 MB without calling the API', async () => {
    const answer = await raw(edge.port, '/api/auth/login', {
      method: 'POST',
      headers: json,
      body: Buffer.alloc(MB + 1, 0x20),
    });
    expect(answer.status).toBe(413);
    expect(withoutId(answer.text)).toEqual(TOO_LARGE);
    expect(upstreamCalls).toEqual([]);
  });

  it('counts a chunked body and stops it past 1 MB', async () => {
    const answer = await raw(edge.port, '/api/auth/login', {
      method: 'POST',
      headers: json,
      body: Buffer.alloc(MB + 64 * 1024, 0x20),
      chunked: true,
    });
    expect(answer.status).toBe(413);
    expect(withoutId(answer.text)).toEqual(TOO_LARGE);
    expect(api.received.every((r) => r.bytes <= MB)).toBe(true);
  });

  it('passes bodies of 1 MB, declared or chunked', async () => {
    const body = Buffer.alloc(MB, 0x20);
    expect((await raw(edge.port, '/api/x', { method: 'POST', headers: json, body })).status).toBe(200);
    expect(
      (await raw(edge.port, '/api/x', { method: 'PUT', headers: json, body, chunked: true })).status,
    ).toBe(200);
    expect(api.received.map((r) => r.bytes)).toEqual([MB, MB]);
  });
});

describe('finding 11: malformed requests answer French JSON under Node', () => {
  it('answers 400 JSON for malformed percent-encoding, under /api and on pages', async () => {
    for (const path of ['/api/%E0%A4%A', '/api/missions/%', '/%E0%A4%A', '/mission-details/%C3']) {
      const answer = await raw(edge.port, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      expect(withoutId(answer.text)).toEqual(MALFORMED);
    }
    expect(upstreamCalls).toEqual([]);
  });
});

describe('issue 54: a URL or headers over Node’s limits answer French JSON', () => {
  /** What comes back for `request` written as it is on a new connection. */
  const rawAnswer = (port: number, request: string) =>
    new Promise<{ status: number; head: string; body: Record<string, unknown> }>((resolve) => {
      let received = '';
      const socket = connect(port, '127.0.0.1');
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('close', () => {
        const split = received.indexOf('\r\n\r\n');
        const head = received.slice(0, split);
        resolve({
          status: Number(head.split(' ')[1]),
          head,
          body: JSON.parse(received.slice(split + 4) || 'null'),
        });
      });
      socket.write(request);
    });

  it('answers 431 with { message, requestId } to a long URL or header, 400 to a header it cannot read', async () => {
    const long = 'a'.repeat(20 * 1024);
    const cases: Array<[string, number, string]> = [
      [
        `GET /api/${long} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
        431,
        'L’adresse ou les en-têtes de la requête sont trop longs.',
      ],
      [
        `GET /login HTTP/1.1\r\nHost: localhost\r\nCookie: ${long}\r\n\r\n`,
        431,
        'L’adresse ou les en-têtes de la requête sont trop longs.',
      ],
      [`GET /api/user/me HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n`, 400, MALFORMED.message],
    ];
    for (const [request, status, message] of cases) {
      const answer = await rawAnswer(edge.port, request);
      expect(answer.status).toBe(status);
      expect(answer.head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      expect(answer.head).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
      expect(answer.head).not.toMatch(/strict-transport-security/i);
      expect(answer.body).toEqual({ message, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(answer.head).toContain(`X-Request-Id: ${answer.body.requestId}`);
    }
    // Behind https, with HSTS as every other answer.
    const secure = await rawAnswer(httpsEdge.port, cases[0][0]);
    expect(secure.status).toBe(431);
    expect(secure.head).toMatch(/\r\nstrict-transport-security: max-age=31536000; includeSubDomains/i);
    expect(upstreamCalls.some((url) => url.includes(long))).toBe(false);
  });

  it('gives its other parser refusals (a backslash in the path) an id too', async () => {
    const answer = await raw(edge.port, '/api/a\\b');
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(answer.text)).toEqual({ ...MALFORMED, requestId: answer.headers['x-request-id'] });
  });
});

describe('finding 14: HSTS, nosniff and idle connections under Node', () => {
  it('sends HSTS on pages and API answers when the public origin is https, never on plain http', async () => {
    const hsts = 'max-age=31536000; includeSubDomains';
    for (const path of ['/login', '/api/user/me', '/api//x']) {
      expect((await raw(httpsEdge.port, path)).headers['strict-transport-security']).toBe(hsts);
      expect((await raw(edge.port, path)).headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('marks its own error answers nosniff', async () => {
    for (const path of ['/api//x', '/api/%E0%A4%A']) {
      expect((await raw(edge.port, path)).headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('closes a connection left idle, before and after a request', async () => {
    const quick = await startEdge({
      port: 0,
      apiOrigin: api.origin,
      assetsDir: assets,
      keepAliveTimeoutMs: 300,
    });
    try {
      const closedAfter = (send?: string) =>
        new Promise<number>((resolve) => {
          const started = Date.now();
          const socket = connect(quick.port, '127.0.0.1');
          socket.on('data', () => {});
          socket.on('close', () => resolve(Date.now() - started));
          if (send) socket.write(send);
        });
      const [silent, afterRequest] = await Promise.all([
        closedAfter(),
        closedAfter('GET /login HTTP/1.1\r\nHost: localhost\r\n\r\n'),
      ]);
      expect(silent).toBeGreaterThanOrEqual(250);
      expect(silent).toBeLessThan(3000);
      expect(afterRequest).toBeGreaterThanOrEqual(250);
      expect(afterRequest).toBeLessThan(3000);
    } finally {
      await quick.close();
    }
  });
});
