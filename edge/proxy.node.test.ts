// Header and cookie rules of the proxy, without a network.
import { describe, expect, it } from 'vitest';
import { headersFile } from './headers';
import { rewriteSetCookie, withoutHopByHop } from './proxy';

describe('withoutHopByHop', () => {
  it('drops the standard hop-by-hop headers and those named by Connection', () => {
    const headers = withoutHopByHop(
      new Headers({
        connection: 'keep-alive, X-Trace',
        'x-trace': '1',
        'keep-alive': 'timeout=5',
        te: 'trailers',
        upgrade: 'h2c',
        accept: 'application/json',
      }),
    );
    expect([...headers.keys()]).toEqual(['accept']);
  });
});

describe('rewriteSetCookie', () => {
  it('removes Domain and puts Path under /api', () => {
    expect(rewriteSetCookie('a=1; Domain=api.example.fr; Path=/; Secure')).toBe('a=1; Path=/api; Secure');
    expect(rewriteSetCookie('r=2; path=/auth; HttpOnly')).toBe('r=2; Path=/api/auth; HttpOnly');
    expect(rewriteSetCookie('c=3')).toBe('c=3; Path=/api');
    expect(rewriteSetCookie('d=; Max-Age=0; Path=/auth')).toBe('d=; Path=/api/auth; Max-Age=0');
  });
});

describe('headersFile', () => {
  it('gives Workers assets the same security headers and the immutable cache for hashed files', () => {
    const file = headersFile();
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'/);
    expect(file).toContain("frame-ancestors 'none'");
    expect(file).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
  });
});
