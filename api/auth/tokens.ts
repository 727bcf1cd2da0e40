// Session cookies: a short signed access token and a rotating refresh token (stored hashed).
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sign, verify } from 'hono/jwt';
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
  return sign({ sub: userId, sid: sessionId, iat, exp: iat + ACCESS_TTL_SECONDS }, secret, 'HS256');
}

/** The claims of a valid, unexpired token at `now`, else null. */
export async function verifyAccess(secret: string, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    // The expiry is checked against our clock (testable), not the library's.
    const claims = (await verify(token, secret, {
      alg: 'HS256',
      exp: false,
      nbf: false,
      iat: false,
    })) as unknown as AccessClaims;
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return null;
    return claims.exp * 1000 > now.getTime() ? claims : null;
  } catch {
    return null;
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function setSessionCookies(c: Context, config: Config, access: string, refresh: string): void {
  const base = { httpOnly: true, secure: config.secureCookies, sameSite: 'Lax' } as const;
  setCookie(c, ACCESS_COOKIE, access, { ...base, path: '/', maxAge: ACCESS_TTL_SECONDS });
  setCookie(c, REFRESH_COOKIE, refresh, { ...base, path: REFRESH_PATH, maxAge: REFRESH_TTL_SECONDS });
  // Readable by the page and holding no secret: it only tells the SPA that a session may exist.
  setCookie(c, SESSION_HINT_COOKIE, '1', {
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
