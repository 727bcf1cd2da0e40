// The signed tokens of the local driver's URLs: what may be done (method, key, expiry, size, type or
// file name) in a base64url JSON payload, and an HMAC-SHA256 of it under a key derived from the
// session secret. The token alone grants the access; nothing else is looked up.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UploadGrant {
  m: 'PUT';
  k: string;
  /** Expiry, seconds since the epoch. */
  e: number;
  /** Content type. */
  t: string;
  /** Largest size. */
  x: number;
  /** Exact size, when announced. */
  s?: number;
  /** A nonce: each link is a token of its own, spent once (used-tokens.ts). */
  j?: string;
}

export interface DownloadGrant {
  m: 'GET';
  k: string;
  e: number;
  /** File name. */
  n: string;
}

export type Grant = UploadGrant | DownloadGrant;

export type TokenProblem = 'invalid' | 'expired';

const TOKEN = /^[A-Za-z0-9_-]{1,4000}\.[A-Za-z0-9_-]{43}$/;

/** A key for file tokens only, so that a token of another kind can never pass for one. */
export const fileTokenKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('file-storage-token/v1').digest();

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function signGrant(key: Buffer, grant: Grant): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The grant of a token for `method`, or why it is refused. */
export function openGrant<M extends Grant['m']>(
  key: Buffer,
  token: string,
  method: M,
  now: Date,
): Extract<Grant, { m: M }> | TokenProblem {
  if (!TOKEN.test(token)) return 'invalid';
  const [payload, signature] = token.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  let grant: Grant;
  try {
    grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Grant;
  } catch {
    return 'invalid';
  }
  if (grant?.m !== method || typeof grant.k !== 'string' || typeof grant.e !== 'number') return 'invalid';
  if (now.getTime() > grant.e * 1000) return 'expired';
  return grant as Extract<Grant, { m: M }>;
}
