// The Node edge against a real upstream HTTP server: proxying, cookies, SPA, headers, 502 and 504.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge } from './node';

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let upstream: Server;
let seen: Seen;
let edge: { port: number; close: () => Promise<void> };
let slowEdge: { port: number; close: () => Promise<void> };
let downEdge: { port: number; close: () => Promise<void> };
let assets: string;
/** How many times the upstream saw each /dropped-once/<id> request. */
const tries = new Map<string, number>();
const base = () => `http://127.0.0.1:${edge.port}`;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    // The connection dropped without an answer, the first time for each id (a kept-alive connection
    // that the API closed as the request arrived).
    const dropOnce = req.url?.match(/^\/dropped-once\/(\w+)$/)?.[1];
    if (dropOnce) {
      tries.set(dropOnce, (tries.get(dropOnce) ?? 0) + 1);
      if (tries.get(dropOnce) === 1) {
        req.socket.destroy();
        return;
      }
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2000);
        return;
      }
      // Sized and short, so read whole: its headers at once, then nothing more for 2 s.
      if (req.url === '/stalled') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"data":"o');
        setTimeout(() => res.destroy(), 2000);
        return;
      }
      // A streamed answer (unsized) that takes 1 s in all, a part every 100 ms.
      if (req.url === '/trickle') {
        res.setHeader('content-type', 'text/plain');
        let part = 0;
        const timer = setInterval(() => {
          part++;
          if (part < 10) res.write(`part ${part}\n`);
          else {
            clearInterval(timer);
            res.end('part 10\n');
          }
        }, 100);
        return;
      }
      // An event stream, open until the test ends it (the change feed).
      if (req.url === '/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': open\n\n');
        return;
      }
      // Declares 100 bytes, sends 10, then the connection drops (an API process killed mid-answer).
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"data":"o');
        setTimeout(() => res.destroy(), 50);
        return;
      }
      // Longer than what the edge reads whole (sized), and an answer of unknown length (chunked).
      if (req.url === '/large' || req.url === '/unsized') {
        const bytes = Buffer.alloc(600_000, 'x');
        if (req.url === '/large') res.setHeader('content-length', String(bytes.length));
        res.write(bytes.subarray(0, 300_000));
        setTimeout(() => res.end(bytes.subarray(300_000)), 20);
        return;
      }
      res.setHeader('content-type', 'application/json');
      // As the API does: the request's id answered back.
      if (req.headers['x-request-id']) res.setHeader('x-request-id', req.headers['x-request-id']);
      res.setHeader('keep-alive', 'timeout=77');
      res.setHeader('proxy-authenticate', 'Basic');
      res.setHeader('x-api', 'yes');
      res.setHeader('set-cookie', [
        'access_token=a; Path=/; HttpOnly; SameSite=Lax; Domain=api.internal',
        'refresh_token=r; Max-Age=60; Path=/auth; HttpOnly; SameSite=Lax',
      ]);
      res.end(JSON.stringify({ data: 'ok' }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const apiOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  assets = mkdtempSync(join(tmpdir(), 'edge-assets-'));
  mkdirSync(join(assets, 'assets'));
  writeFileSync(join(assets, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(assets, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(assets, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  edge = await startEdge({ port: 0, apiOrigin, assetsDir: assets });
  slowEdge = await startEdge({ port: 0, apiOrigin, assetsDir: assets, timeoutMs: 300 });
  downEdge = await startEdge({ port: 0, apiOrigin: 'http://127.0.0.1:9', assetsDir: assets });
});

afterAll(async () => {
  await Promise.all([edge.close(), slowEdge.close(), downEdge.close()]);
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
  rmSync(assets, { recursive: true, force: true });
});

describe('the /api proxy under Node', () => {
  it('strips /api and passes method, query, body and headers', async () => {
    const response = await fetch(`${base()}/api/auth/login?x=1&y=%C3%A9`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:8787',
        'x-custom': 'v',
        'proxy-authorization': 'Basic eA==',
      },
      body: JSON.stringify({ email: 'a@b.fr' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: 'ok' });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/auth/login?x=1&y=%C3%A9');
    expect(JSON.parse(seen.body)).toEqual({ email: 'a@b.fr' });
    expect(seen.headers.origin).toBe('http://localhost:8787');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers['x-custom']).toBe('v');
    expect(seen.headers['proxy-authorization']).toBeUndefined();
  });

  it('sandboxes every file served from /api/files/ (Content-Security-Policy: sandbox), and only those', async () => {
    const file = await fetch(`${base()}/api/files/abc.def`);
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
    const other = await fetch(`${base()}/api/user/me`);
    expect(other.headers.get('content-security-policy')).toBeNull();
  });

  it('sends the API an id of its own for each request, never the one the client wrote, and answers it', async () => {
    const first = await fetch(`${base()}/api/user/me`, { headers: { 'x-request-id': 'forged' } });
    const sent = seen.headers['x-request-id'];
    expect(sent).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(first.headers.get('x-request-id')).toBe(sent);
    await fetch(`${base()}/api/user/me`);
    expect(seen.headers['x-request-id']).not.toBe(sent);
  });

  it('never forwards the metrics route: Prometheus scrapes each API instance directly', async () => {
    seen = { headers: {}, body: '' };
    for (const path of ['/api/metrics', '/api/metrics/', '/api/%6Detrics']) {
      const answer = await fetch(base() + path, { headers: { authorization: 'Bearer guess' } });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ message: 'Ressource introuvable' });
    }
    expect(seen.url).toBeUndefined();
  });

  it('passes a body sent with Expect: 100-continue (as curl does for large bodies)', async () => {
    const answer = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = request(
        {
          host: '127.0.0.1',
          port: edge.port,
          path: '/api/auth/login',
          method: 'POST',
          headers: { 'content-type': 'application/json', expect: '100-continue', 'content-length': '2' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, continued }));
        },
      );
      req.on('continue', () => {
        continued = true;
        req.end('{}');
      });
      req.on('error', reject);
    });
    expect(answer).toEqual({ status: 200, continued: true });
    expect(seen.body).toBe('{}');
    expect(seen.headers.expect).toBeUndefined();
  });

  it('sets X-Forwarded-For (the socket address, not what the client sent), -Proto and -Host', async () => {
    await fetch(`${base()}/api/user/me`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe(`127.0.0.1:${edge.port}`);
  });

  it('moves each Set-Cookie onto the edge domain under /api and drops hop-by-hop answers', async () => {
    const response = await fetch(`${base()}/api/user/me`);
    expect(response.headers.getSetCookie()).toEqual([
      'access_token=a; Path=/api; HttpOnly; SameSite=Lax',
      'refresh_token=r; Path=/api/auth; Max-Age=60; HttpOnly; SameSite=Lax',
    ]);
    expect(response.headers.get('keep-alive')).not.toBe('timeout=77');
    expect(response.headers.get('proxy-authenticate')).toBeNull();
    expect(response.headers.get('x-api')).toBe('yes');
  });

  it('answers 502 in French when the API is down, 504 when it is too slow', async () => {
    const down = await fetch(`http://127.0.0.1:${downEdge.port}/api/user/me`);
    expect(down.status).toBe(502);
    expect(down.headers.get('content-type')).toMatch(/application\/json/);
    expect(await down.json()).toEqual({
      message: 'Le service est momentanément indisponible, veuillez réessayer.',
      requestId: down.headers.get('x-request-id'),
    });
    const slow = await fetch(`http://127.0.0.1:${slowEdge.port}/api/slow`);
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual({
      message: 'Le service met trop de temps à répondre, veuillez réessayer.',
      requestId: slow.headers.get('x-request-id'),
    });
    // Headers in time, then a body that stops coming: the same 504.
    const stalled = await fetch(`http://127.0.0.1:${slowEdge.port}/api/stalled`);
    expect(stalled.status).toBe(504);
    expect(((await stalled.json()) as { message: string }).message).toBe(
      'Le service met trop de temps à répondre, veuillez réessayer.',
    );
  });

  it('sends a GET dropped unanswered once more, never a POST', async () => {
    const read = await fetch(`${base()}/api/dropped-once/read`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ data: 'ok' });
    expect(tries.get('read')).toBe(2);
    const write = await fetch(`${base()}/api/dropped-once/write`, { method: 'POST', body: '{}' });
    expect(write.status).toBe(502);
    expect(tries.get('write')).toBe(1);
  });

  it('passes on a streamed answer longer in all than the timeout, whose parts keep coming', async () => {
    const response = await fetch(`http://127.0.0.1:${slowEdge.port}/api/trickle`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.split('\n').filter(Boolean)).toEqual(Array.from({ length: 10 }, (_, i) => `part ${i + 1}`));
  });

  it('keeps open event streams out of the pool of the other calls: 80 streams, and a call still answered', async () => {
    const abort = new AbortController();
    try {
      const streams = await Promise.all(
        Array.from({ length: 80 }, () =>
          fetch(`${base()}/api/events`, { headers: { accept: 'text/event-stream' }, signal: abort.signal }),
        ),
      );
      expect(streams.every((s) => s.status === 200)).toBe(true);
      const call = await fetch(`${base()}/api/other`, { signal: AbortSignal.timeout(5_000) });
      expect(await call.json()).toEqual({ data: 'ok' });
    } finally {
      abort.abort();
    }
  });
});

describe('answers as they arrive under Node', () => {
  it('answers 502 in French, not a cut 200, when the API drops a short answer midway', async () => {
    const cut = await fetch(`${base()}/api/cut`);
    expect(cut.status).toBe(502);
    expect(await cut.json()).toEqual({
      message: 'Le service est momentanément indisponible, veuillez réessayer.',
      requestId: cut.headers.get('x-request-id'),
    });
  });

  it('passes a long answer and one of unknown length whole', async () => {
    const large = await fetch(`${base()}/api/large`);
    expect(large.headers.get('content-length')).toBe('600000');
    expect((await large.text()).length).toBe(600_000);
    const unsized = await fetch(`${base()}/api/unsized`);
    expect(unsized.status).toBe(200);
    expect((await unsized.text()).length).toBe(600_000);
  });
});

describe('the SPA under Node', () => {
  it('serves index.html for every app route, not cached, with security headers', async () => {
    for (const path of ['/', '/login', '/mission-details/42', '/nope']) {
      const response = await fetch(base() + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('<title>app</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('caches hashed assets for a year and 404s a missing one', async () => {
    const asset = await fetch(`${base()}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${base()}/assets/missing-000.js`)).status).toBe(404);
    const svg = await fetch(`${base()}/logo.svg`);
    expect(svg.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('404s a missing file outside /assets (an unknown aircraft photo) instead of serving the app', async () => {
    const photo = await fetch(`${base()}/images/acfts/F-XXXX.png`);
    expect(photo.status).toBe(404);
    expect(await photo.json()).toEqual({
      message: 'Ressource introuvable',
      requestId: photo.headers.get('x-request-id'),
    });
    expect((await fetch(`${base()}/mission-details/abc`)).status).toBe(200);
  });

  it('never serves files outside the assets folder', async () => {
    const response = await fetch(`${base()}/..%2f..%2fetc%2fpasswd`);
    expect(await response.text()).toContain('<title>app</title>');
  });
});
