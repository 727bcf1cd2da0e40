// The Worker entry inside workerd: /api/* reaches the API through the platform's fetch, cookies are
// rewritten, assets come from the ASSETS binding with our headers, and failures answer French JSON.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker, { type Env } from './worker';

const assets = {
  fetch: async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/assets/'))
      return new Response('js', { headers: { 'content-type': 'text/javascript' } });
    return new Response('<!doctype html><title>app</title>', { headers: { 'content-type': 'text/html' } });
  },
};
const SECRET = 'edge-secret-for-the-tests-0123456789abcdef';
const env: Env = {
  API_ORIGIN: 'https://api.example.fr',
  API_TIMEOUT_MS: '200',
  EDGE_SECRET: SECRET,
  ASSETS: assets,
};
// The edge's own refusals carry the request's id (edge/app.ts).
const withId = (message: string) => ({ message, requestId: expect.any(String) });
const NOT_FOUND = withId('Ressource introuvable');
const MALFORMED = withId('La requête est mal formée.');
const TOO_LARGE = withId('La requête est trop volumineuse.');
const MB = 1024 * 1024;

interface Seen {
  url: string;
  headers: Headers;
  bytes: number;
}

/** Replaces the platform's fetch with a recording upstream that reads the whole body. */
function recordUpstream(): Seen[] {
  const seen: Seen[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as string, init as RequestInit);
    const entry = { url: request.url, headers: request.headers, bytes: 0 };
    seen.push(entry);
    entry.bytes = request.body ? (await request.arrayBuffer()).byteLength : 0;
    return Response.json({ data: 'ok' });
  });
  return seen;
}

/** A body of `size` bytes sent as a stream, so without Content-Length (chunked). */
function streamOf(size: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(chunk, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
}

async function call(request: Request, withEnv: Env = env): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, withEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Worker', () => {
  it('proxies /api/* without the prefix, with body, query and forwarding headers', async () => {
    let seen: Request | undefined;
    let seenBody = '';
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen = new Request(input as string, init as RequestInit);
      seenBody = await seen.text();
      const headers = new Headers({ 'content-type': 'application/json', 'proxy-authenticate': 'Basic' });
      headers.append('set-cookie', 'access_token=a; Path=/; HttpOnly; Domain=api.example.fr');
      headers.append('set-cookie', 'refresh_token=r; Path=/auth; HttpOnly');
      return new Response('{"data":1}', { status: 201, headers });
    });
    const response = await call(
      new Request('https://bo.example.fr/api/auth/login?a=1', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://bo.example.fr',
          'cf-connecting-ip': '203.0.113.5',
        },
        body: '{"email":"a@b.fr"}',
      }),
    );
    expect(seen?.url).toBe('https://api.example.fr/auth/login?a=1');
    expect(seen?.method).toBe('POST');
    expect(seenBody).toBe('{"email":"a@b.fr"}');
    expect(seen?.headers.get('origin')).toBe('https://bo.example.fr');
    expect(seen?.headers.get('x-forwarded-for')).toBe('203.0.113.5');
    expect(seen?.headers.get('x-edge-secret')).toBe(SECRET);
    expect(seen?.headers.get('x-forwarded-proto')).toBe('https');
    expect(seen?.headers.get('x-forwarded-host')).toBe('bo.example.fr');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ data: 1 });
    expect(response.headers.get('proxy-authenticate')).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([
      'access_token=a; Path=/api; HttpOnly',
      'refresh_token=r; Path=/api/auth; HttpOnly',
    ]);
  });

  it("passes a passkey's sign-in through (decision 070): the browser's answer byte for byte, the origin, the cookies", async () => {
    // What @simplewebauthn/browser posts: the authenticator's signed data, base64url, checked by the API
    // against PUBLIC_ORIGIN; the edge must change none of it.
    const answer = JSON.stringify({
      challengeId: '019ae1f2-3c4d-7a5b-8c6d-7e8f9a0b1c2d',
      response: {
        id: 'q1w2e3r4t5y6u7i8o9p0',
        rawId: 'q1w2e3r4t5y6u7i8o9p0',
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: btoa('{"type":"webauthn.get","challenge":"abc","origin":"https://bo.example.fr"}'),
          authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
          signature: 'MEUCIQDx_signature_bytes_-_as_base64url',
          userHandle: 'AAECAwQFBgcICQoLDA0ODw',
        },
      },
    });
    const seen: { url: string; origin: string | null; body: string }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input as string, init as RequestInit);
      seen.push({ url: request.url, origin: request.headers.get('origin'), body: await request.text() });
      const headers = new Headers({ 'content-type': 'application/json' });
      if (request.url.endsWith('/auth/passkey')) {
        headers.append('set-cookie', 'access_token=a; Path=/; HttpOnly; Secure; SameSite=Strict');
        headers.append('set-cookie', 'refresh_token=r; Path=/auth; HttpOnly; Secure; SameSite=Strict');
      }
      return new Response('{"data":{"id":"u"}}', { headers });
    });
    const post = (path: string, body?: string) =>
      call(
        new Request(`https://bo.example.fr/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'https://bo.example.fr' },
          body,
        }),
      );
    expect((await post('/auth/passkey/options')).status).toBe(200);
    const signedIn = await post('/auth/passkey', answer);
    expect(signedIn.status).toBe(200);
    expect(seen.map(({ url }) => url)).toEqual([
      'https://api.example.fr/auth/passkey/options',
      'https://api.example.fr/auth/passkey',
    ]);
    expect(seen[1]).toMatchObject({ origin: 'https://bo.example.fr', body: answer });
    expect(signedIn.headers.getSetCookie()).toEqual([
      'access_token=a; Path=/api; HttpOnly; Secure; SameSite=Strict',
      'refresh_token=r; Path=/api/auth; HttpOnly; Secure; SameSite=Strict',
    ]);
  });

  it('answers 502 when the API cannot be reached and 504 when it is too slow', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Network connection lost.'));
    const down = await call(new Request('https://bo.example.fr/api/user/me'));
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual(
      withId('Le service est momentanément indisponible, veuillez réessayer.'),
    );

    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          (init as RequestInit).signal?.addEventListener('abort', () =>
            reject((init as RequestInit).signal?.reason),
          );
        }),
    );
    const slow = await call(new Request('https://bo.example.fr/api/user/me'));
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual(withId('Le service met trop de temps à répondre, veuillez réessayer.'));
  });

  it('passes on a streamed answer longer in all than the timeout, whose parts keep coming', async () => {
    // As the platform's fetch does, the body fails if the request's signal aborts while it streams.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const signal = (init as RequestInit).signal;
      let part = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          if (signal?.aborted) return controller.error(signal.reason);
          part++;
          controller.enqueue(new TextEncoder().encode(`part ${part}\n`));
          if (part === 6) controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/plain' } });
    });
    const response = await call(new Request('https://bo.example.fr/api/files/report.pdf'));
    expect(response.status).toBe(200);
    expect((await response.text()).split('\n').filter(Boolean)).toEqual(
      Array.from({ length: 6 }, (_, i) => `part ${i + 1}`),
    );
  });

  it('passes the change feed (Server-Sent Events) through event by event, past the timeout, uncompressed', async () => {
    // The API's stream: an event, then the next only once the client has read the first, 300 ms later
    // (past API_TIMEOUT_MS), a heartbeat, and the end. A Worker that buffered would never deliver it.
    let push: (text: string) => void = () => {};
    let close: () => void = () => {};
    let sent: Request | undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      sent = new Request(input as string, init as RequestInit);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
          close = () => controller.close();
        },
      });
      push('event: ready\ndata: {}\n\nid: 41\nevent: change\ndata: {"kind":"mission","id":7}\n\n');
      return new Response(body, {
        headers: {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
          'transfer-encoding': 'chunked',
        },
      });
    });
    const response = await call(
      new Request('https://bo.example.fr/api/events', {
        headers: { accept: 'text/event-stream', cookie: 'access_token=a', 'last-event-id': '40' },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(sent?.url).toBe('https://api.example.fr/events');
    expect(sent?.headers.get('last-event-id')).toBe('40');
    expect(sent?.headers.get('cookie')).toBe('access_token=a');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const next = async () => decoder.decode((await reader.read()).value);
    expect(await next()).toContain('id: 41\nevent: change');
    await new Promise((resolve) => setTimeout(resolve, 300));
    push('id: 42\nevent: change\ndata: {"kind":"mission","id":8}\n\n');
    expect(await next()).toBe('id: 42\nevent: change\ndata: {"kind":"mission","id":8}\n\n');
    push(': heartbeat\n\n');
    expect(await next()).toBe(': heartbeat\n\n');
    close();
    expect((await reader.read()).done).toBe(true);
  });

  it("names each request with Cloudflare's ray id: sent to the API, answered, and in the edge's errors", async () => {
    const seen = recordUpstream();
    const ray = '8a1b2c3d4e5f6789-CDG';
    const answer = await call(
      new Request('https://bo.example.fr/api/user/me', {
        headers: { 'cf-ray': ray, 'x-request-id': 'forged' },
      }),
    );
    expect(seen[0].headers.get('x-request-id')).toBe(ray);
    expect(answer.headers.get('x-request-id')).toBe(ray);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Network connection lost.'));
    const down = await call(new Request('https://bo.example.fr/api/user/me', { headers: { 'cf-ray': ray } }));
    expect(await down.json()).toEqual({
      message: 'Le service est momentanément indisponible, veuillez réessayer.',
      requestId: ray,
    });
  });

  it('serves pages from ASSETS with the security headers, and hashed assets immutable', async () => {
    const page = await call(new Request('https://bo.example.fr/requested-missions'));
    expect(await page.text()).toContain('<title>app</title>');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await call(new Request('https://bo.example.fr/assets/index-abc.js'));
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('404s a missing aircraft photo that the assets answered with the app shell', async () => {
    const photo = await call(new Request('https://bo.example.fr/images/acfts/F-XXXX.png'));
    expect(photo.status).toBe(404);
    expect(await photo.json()).toEqual(NOT_FOUND);
  });
});

describe('finding 1: the Worker reaches only API_ORIGIN', () => {
  it('refuses every path that would leave the API origin or climb out of it, in French JSON', async () => {
    const seen = recordUpstream();
    const forms = [
      '/api//evil.example:8080/x',
      '/api///evil.example/x',
      '/api/\\\\evil.example/x',
      '/api/\\/evil.example/x',
      '/api/%2F%2Fevil.example/x',
      '/api/%2fevil.example/x',
      '/api/%5C%5Cevil.example/x',
      '/api/%5cevil.example/x',
      '/api/missions/..%2F..%2Fx',
      '/api/missions/%2e%2e%2fx',
      '/api/http://evil.example/',
      '/api/https:%2F%2Fevil.example/',
    ];
    for (const path of forms) {
      const response = await call(new Request(`https://bo.example.fr${path}`));
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
    expect(seen).toEqual([]);
  });

  it('sends `..` and `%2e%2e` that climb out of /api to the pages, never to the API or elsewhere', async () => {
    const seen = recordUpstream();
    for (const path of ['/api/../evil.example/x', '/api/%2e%2e/evil.example/x', '/api/.%2E/x']) {
      const response = await call(new Request(`https://bo.example.fr${path}`));
      expect(await response.text()).toContain('<title>app</title>');
    }
    expect(seen).toEqual([]);
  });

  it('only ever calls the upstream with a URL on API_ORIGIN', async () => {
    const seen = recordUpstream();
    for (const path of [
      '/api',
      '/api/missions/42?q=a%2Fb&next=//evil.example',
      '/api/missions/a%2Fb',
      '/api/missions/%2e%2e/user/me',
    ])
      expect((await call(new Request(`https://bo.example.fr${path}`))).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual([
      'https://api.example.fr/',
      'https://api.example.fr/missions/42?q=a%2Fb&next=//evil.example',
      'https://api.example.fr/missions/a%2Fb',
      'https://api.example.fr/user/me',
    ]);
    expect(seen.every((s) => new URL(s.url).origin === env.API_ORIGIN)).toBe(true);
  });
});

describe('finding 2: the Worker alone sets the client address', () => {
  it('forwards CF-Connecting-IP as the only address, drops what the client sent, adds the secret', async () => {
    const seen = recordUpstream();
    await call(
      new Request('https://bo.example.fr/api/user/me', {
        headers: {
          'cf-connecting-ip': '198.51.100.7',
          'x-forwarded-for': '203.0.113.9',
          'x-real-ip': '203.0.113.10',
          'true-client-ip': '203.0.113.12',
          forwarded: 'for=203.0.113.13',
          'x-edge-secret': 'guessed',
        },
      }),
    );
    const headers = seen[0].headers;
    expect(headers.get('x-forwarded-for')).toBe('198.51.100.7');
    expect(headers.get('x-edge-secret')).toBe(SECRET);
    expect(headers.get('x-real-ip')).toBeNull();
    expect(headers.get('cf-connecting-ip')).toBeNull();
    expect(headers.get('true-client-ip')).toBeNull();
    expect(headers.get('forwarded')).toBeNull();
  });

  it('sends no address and no secret of the client when the platform gave none', async () => {
    const seen = recordUpstream();
    await call(
      new Request('https://bo.example.fr/api/user/me', {
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-edge-secret': 'guessed' },
      }),
      { ...env, EDGE_SECRET: undefined },
    );
    expect(seen[0].headers.get('x-forwarded-for')).toBeNull();
    expect(seen[0].headers.get('x-edge-secret')).toBeNull();
  });
});

describe('finding 6: the Worker caps request bodies', () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request('https://bo.example.fr/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);

  it('refuses a declared Content-Length over 1 MB without calling the API', async () => {
    const seen = recordUpstream();
    const response = await call(post(streamOf(MB + 1), { 'content-length': String(MB + 1) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(TOO_LARGE);
    expect(seen).toEqual([]);
  });

  it('counts a body without Content-Length and stops it past 1 MB', async () => {
    const seen = recordUpstream();
    const response = await call(post(streamOf(MB + 64 * 1024)));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(TOO_LARGE);
    expect(seen.every((s) => s.bytes <= MB)).toBe(true);
  });

  it('passes a body of 1 MB, declared or streamed', async () => {
    const seen = recordUpstream();
    expect((await call(post(new Uint8Array(MB)))).status).toBe(200);
    expect((await call(post(streamOf(MB)))).status).toBe(200);
    expect(seen.map((s) => s.bytes)).toEqual([MB, MB]);
  });
});

describe('finding 11: malformed percent-encoding answers French JSON in the Worker', () => {
  it('answers 400 JSON under /api and on pages', async () => {
    const seen = recordUpstream();
    for (const path of ['/api/%E0%A4%A', '/api/missions/%', '/%E0%A4%A']) {
      const response = await call(new Request(`https://bo.example.fr${path}`));
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual(MALFORMED);
    }
    expect(seen).toEqual([]);
  });
});

describe('finding 14: HSTS in the Worker', () => {
  it('sends HSTS on API answers and the edge’s own errors (Workers are always https)', async () => {
    recordUpstream();
    for (const path of ['/api/user/me', '/api//x', '/api/%E0%A4%A']) {
      const response = await call(new Request(`https://bo.example.fr${path}`));
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
