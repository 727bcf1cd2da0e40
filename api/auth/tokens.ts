// Session cookies: a short signed access token and a rotating refresh token (stored hashed).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sign } from 'hono/jwt';
import { SESSION_HINT_COOKIE } from '../../contract/auth';
import type { Config } from '../lib/config';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;
const REFRESH_PATH = '/auth';

export interface AccessClaims {
  sub: string;
  sid: string;
  exp: number;
  iat: number;
}

export async function signAccess(
  secret: string,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return sign({ sub: userId, sid: sessionId, iat, exp: accessExpiry(now) }, secret, 'HS256');
}

/** When an access token signed at `now` expires, in Unix seconds (its `exp`, and the hint cookie's value). */
export const accessExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + ACCESS_TTL_SECONDS;

/**
 * The claims of a valid, unexpired token at `now`, else null. Checked on every protected call, so done
 * synchronously with node:crypto's HMAC (WebCrypto imported the key and went through its job queue on
 * each call: 14% of GET /user/me's time, issue 18). Strict: the header must be exactly HS256/JWT and the
 * signature its canonical base64url form, compared in constant time.
 */
export async function verifyAccess(secret: string, token: string, now: Date): Promise<AccessClaims | null> {
  const claims = verifyHs256(secret, token);
  if (!claims) return null;
  if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return null;
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
  // The expiry is checked against our clock (testable), not the library's.
  return claims.exp * 1000 > now.getTime() ? claims : null;
}

/** The header our tokens carry: HS256, typ JWT or none, no critical extensions. */
function isAccessHeader(header: unknown): boolean {
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return false;
  const { alg, typ } = header as { alg?: unknown; typ?: unknown };
  return alg === 'HS256' && (typ === undefined || typ === 'JWT') && !('crit' in header);
}

function verifyHs256(secret: string, token: string): AccessClaims | null {
  const firstDot = token.indexOf('.');
  const lastDot = token.lastIndexOf('.');
  if (firstDot <= 0 || lastDot <= firstDot || token.indexOf('.', firstDot + 1) !== lastDot) return null;
  const expected = createHmac('sha256', secret).update(token.slice(0, lastDot)).digest('base64url');
  const given = token.slice(lastDot + 1);
  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected)))
    return null;
  try {
    const header = JSON.parse(Buffer.from(token.slice(0, firstDot), 'base64url').toString('utf8'));
    if (!isAccessHeader(header)) return null;
    const claims = JSON.parse(Buffer.from(token.slice(firstDot + 1, lastDot), 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as AccessClaims) : null;
  } catch {
    return null;
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function setSessionCookies(
  c: Context,
  config: Config,
  access: string,
  refresh: string,
  now: Date,
): void {
  const base = { httpOnly: true, secure: config.secureCookies, sameSite: 'Lax' } as const;
  setCookie(c, ACCESS_COOKIE, access, { ...base, path: '/', maxAge: ACCESS_TTL_SECONDS });
  setCookie(c, REFRESH_COOKIE, refresh, { ...base, path: REFRESH_PATH, maxAge: REFRESH_TTL_SECONDS });
  // Readable by the page and holding no secret: it tells the SPA that a session may exist, and until when
  // its access token is good.
  setCookie(c, SESSION_HINT_COOKIE, String(accessExpiry(now)), {
    ...base,
    httpOnly: false,
    path: '/',
    maxAge: REFRESH_TTL_SECONDS,
  });
}

export function clearSessionCookies(c: Context, config: Config): void {
  const base = { httpOnly: true, secure: config.secureCookies, sameSite: 'Lax' } as const;
  deleteCookie(c, ACCESS_COOKIE, { ...base, path: '/' });
  deleteCookie(c, REFRESH_COOKIE, { ...base, path: REFRESH_PATH });
  deleteCookie(c, SESSION_HINT_COOKIE, { ...base, httpOnly: false, path: '/' });
}

export const readAccess = (c: Context) => getCookie(c, ACCESS_COOKIE);
export const readRefresh = (c: Context) => getCookie(c, REFRESH_COOKIE);
