// The access token check (node:crypto's HMAC since issue 18) accepts exactly the tokens signAccess makes,
// unexpired, and nothing else: another secret, a changed payload, another algorithm, a malformed token.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TTL_SECONDS, signAccess, verifyAccess } from './tokens';

const SECRET = 'tokens-test-secret-0123456789abcdef0123456789';
const now = new Date('2026-03-02T10:00:00Z');
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signed = (header: unknown, payload: unknown, secret = SECRET) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};
const claims = { sub: 'user-1', sid: 'session-1', iat: now.getTime() / 1000, exp: now.getTime() / 1000 + 60 };

describe('verifyAccess', () => {
  it('accepts a token of signAccess until it expires', async () => {
    const token = await signAccess(SECRET, 'user-1', 'session-1', now);
    expect(await verifyAccess(SECRET, token, now)).toMatchObject({ sub: 'user-1', sid: 'session-1' });
    const late = new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000);
    expect(await verifyAccess(SECRET, token, late)).toBeNull();
  });

  it('refuses another secret, a changed payload or signature, and malformed tokens', async () => {
    const token = await signAccess(SECRET, 'user-1', 'session-1', now);
    const [header, , signature] = token.split('.');
    const forged = [
      await signAccess('another-secret-0123456789abcdef0123456789ab', 'user-1', 'session-1', now),
      `${header}.${b64({ ...claims, sub: 'admin' })}.${signature}`,
      `${token.slice(0, -2)}AA`,
      `${token}=`,
      `${token}.x`,
      token.split('.').slice(0, 2).join('.'),
      '',
      'garbage',
      '..',
      signed({ alg: 'none', typ: 'JWT' }, claims),
      signed({ alg: 'HS512', typ: 'JWT' }, claims),
      signed({ alg: 'HS256', typ: 'JWT', crit: ['x'] }, claims),
      signed({ alg: 'HS256', typ: 'JOSE+JSON' }, claims),
      signed(['HS256'], claims),
      signed({ alg: 'HS256' }, { ...claims, sid: 5 }),
      signed({ alg: 'HS256' }, { ...claims, exp: '9999999999' }),
      signed({ alg: 'HS256' }, 'just a string'),
      `${b64({ alg: 'HS256' })}.bm90IGpzb24.${createHmac('sha256', SECRET)
        .update(`${b64({ alg: 'HS256' })}.bm90IGpzb24`)
        .digest('base64url')}`,
    ];
    for (const candidate of forged) expect(await verifyAccess(SECRET, candidate, now), candidate).toBeNull();
    // A header without typ is still ours.
    expect(await verifyAccess(SECRET, signed({ alg: 'HS256' }, claims), now)).toMatchObject(claims);
  });
});
