// The client's address for rate limits (docs/decisions/008): the X-Forwarded-For the edge set, only when
// the request carries the edge's secret (EDGE_SECRET); otherwise the socket's address. A client can
// write any X-Forwarded-For it likes, so the header alone proves nothing.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { EDGE_SECRET_HEADER } from '../../contract/http';
import type { AppEnv } from './context';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether `given` is the secret, in constant time. */
export function isEdgeSecret(given: string | undefined, secret: string | undefined): boolean {
  return Boolean(given && secret && timingSafeEqual(digest(given), digest(secret)));
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

export function clientIp(c: Context<AppEnv>): string {
  if (isEdgeSecret(c.req.header(EDGE_SECRET_HEADER), c.get('deps').config.edgeSecret)) {
    // The edge overwrites the header with one address; anything appended later is a proxy's.
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded && isIP(forwarded)) return forwarded;
  }
  return socketAddress(c);
}

/**
 * An address shortened for a user to recognise, never whole (issue 52, 'Mon compte'): an IPv4 address
 * to its /24 ('203.0.113.x'), an IPv6 one to its /48 ('2001:db8:85a3::/48'); anything else is null.
 */
export function shortAddress(ip: string): string | null {
  const mapped = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(mapped) === 4) return `${mapped.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(mapped) !== 6) return null;
  const [head, tail = ''] = mapped.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = mapped.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/48`;
}
