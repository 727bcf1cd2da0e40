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
const env: Env = { API_ORIGIN: 'https://api.example.fr', API_TIMEOUT_MS: '200', ASSETS: assets };

async function call(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, env, ctx);
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

  it('answers 502 when the API cannot be reached and 504 when it is too slow', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Network connection lost.'));
    const down = await call(new Request('https://bo.example.fr/api/user/me'));
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({
      message: 'Le service est momentanément indisponible, veuillez réessayer.',
    });

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
    expect(await slow.json()).toEqual({
      message: 'Le service met trop de temps à répondre, veuillez réessayer.',
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
});
