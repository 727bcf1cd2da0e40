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
