// Header and cookie rules of the proxy, without a network.
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, bodyLimitFor, MB } from '../contract/body-limits';
import { headersFile } from './headers';
import { forwardedHeaders, joinApiUrl, rewriteSetCookie, withoutHopByHop } from './proxy';

/** Hop-by-hop headers: standard ones, and one the Connection header names. */
const HOP_BY_HOP = {
  connection: 'keep-alive, X-Trace',
  'x-trace': '1',
  'keep-alive': 'timeout=5',
  te: 'trailers',
  upgrade: 'h2c',
};

describe('withoutHopByHop', () => {
  it('drops the standard hop-by-hop headers and those named by Connection', () => {
    const headers = withoutHopByHop(new Headers({ ...HOP_BY_HOP, accept: 'application/json' }));
    expect([...headers.keys()]).toEqual(['accept']);
  });
});

describe('forwardedHeaders', () => {
  it("keeps the client's own headers and drops hop-by-hop ones, address claims, the secret and the id", () => {
    const sent = forwardedHeaders(
      new Headers({
        ...HOP_BY_HOP,
        host: 'bo.example.fr',
        'content-length': '12',
        expect: '100-continue',
        'x-forwarded-for': '203.0.113.9',
        forwarded: 'for=203.0.113.9',
        'cf-connecting-ip': '203.0.113.9',
        'x-edge-secret': 'guess',
        'x-request-id': 'forged',
        cookie: 'access_token=a',
        accept: 'application/json',
      }),
    );
    expect(sent).toEqual({ accept: 'application/json', cookie: 'access_token=a' });
  });
});

describe('rewriteSetCookie', () => {
  it('removes Domain and puts the Path of an HttpOnly cookie under /api', () => {
    expect(rewriteSetCookie('a=1; Domain=api.example.fr; Path=/; HttpOnly; Secure')).toBe(
      'a=1; Path=/api; HttpOnly; Secure',
    );
    expect(rewriteSetCookie('r=2; path=/auth; HttpOnly')).toBe('r=2; Path=/api/auth; HttpOnly');
    expect(rewriteSetCookie('c=3; HttpOnly')).toBe('c=3; Path=/api; HttpOnly');
    expect(rewriteSetCookie('d=; Max-Age=0; Path=/auth; HttpOnly')).toBe(
      'd=; Path=/api/auth; Max-Age=0; HttpOnly',
    );
  });

  it('lets a cookie the page reads (not HttpOnly, the session hint) live on the whole site', () => {
    expect(rewriteSetCookie('signed_in=1; Max-Age=60; Domain=api.example.fr; Path=/; SameSite=Lax')).toBe(
      'signed_in=1; Path=/; Max-Age=60; SameSite=Lax',
    );
    expect(rewriteSetCookie('signed_in=; Max-Age=0; Path=/')).toBe('signed_in=; Path=/; Max-Age=0');
  });
});

describe('headersFile', () => {
  it('gives Workers assets the same security headers and the immutable cache for hashed files', () => {
    const file = headersFile();
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'/);
    expect(file).toContain("frame-ancestors 'none'");
    expect(file).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(file).toContain('  Strict-Transport-Security: max-age=31536000; includeSubDomains\n');
  });
});

describe('joinApiUrl', () => {
  const api = 'https://api.example.fr';
  const join = (url: string, origin = api) => joinApiUrl(origin, url);

  it('appends the path after /api to the origin and its own path, query included', () => {
    expect(join('https://bo.fr/api/missions/42?x=1')).toEqual({
      ok: true,
      url: 'https://api.example.fr/missions/42?x=1',
      path: '/missions/42',
    });
    expect(join('https://bo.fr/api')).toMatchObject({ ok: true, url: 'https://api.example.fr/' });
    expect(join('https://bo.fr/api/a%2Fb', 'https://api.example.fr/v1/')).toEqual({
      ok: true,
      url: 'https://api.example.fr/v1/a%2Fb',
      path: '/a/b',
    });
  });

  it('refuses paths that are not plain once decoded, and paths that do not decode', () => {
    for (const path of [
      '//evil',
      '/%2F%2Fevil',
      '/%5Cevil',
      '/\\evil',
      '/a/..',
      '/a/%2e%2e',
      '/.',
      '/a//b',
      '/http://evil',
    ])
      expect({ path, joined: join(`https://bo.fr/api${path}`) }).toEqual({
        path,
        joined: { ok: false, status: 404 },
      });
    expect(join('https://bo.fr/api/%E0%A4%A')).toEqual({ ok: false, status: 400 });
    expect(join('https://bo.fr/apix/y')).toEqual({ ok: false, status: 404 });
  });
});

describe('bodyLimitFor', () => {
  it('gives 1 MB by default and the longest matching route prefix its own limit', () => {
    expect(bodyLimitFor('/auth/login', BODY_LIMITS)).toBe(MB);
    const limits = {
      defaultMaxBytes: MB,
      routes: [
        { prefix: '/invoices/', maxBytes: 5 * MB },
        { prefix: '/invoices/upload', maxBytes: 20 * MB },
      ],
    };
    expect(bodyLimitFor('/invoices/upload/3', limits)).toBe(20 * MB);
    expect(bodyLimitFor('/invoices/3', limits)).toBe(5 * MB);
    expect(bodyLimitFor('/missions', limits)).toBe(MB);
  });
});
