// The `/api/*` proxy: strips the prefix, drops hop-by-hop headers, sets X-Forwarded-*, and moves the
// API's cookies onto the edge's own domain under /api. The upstream call is injected (fetch on Workers,
// a pooled undici client on Node).
import type { Context } from 'hono';

export interface UpstreamInit {
  method: string;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
  signal: AbortSignal;
}
export type Upstream = (url: string, init: UpstreamInit) => Promise<Response>;

export const API_PREFIX = '/api';
export const MESSAGES = {
  unavailable: 'Le service est momentanément indisponible, veuillez réessayer.',
  timeout: 'Le service met trop de temps à répondre, veuillez réessayer.',
};

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** Removes hop-by-hop headers, including those the Connection header names. */
export function withoutHopByHop(source: Headers): Headers {
  const headers = new Headers(source);
  const named = (source.get('connection') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named]) headers.delete(name);
  return headers;
}

/** A Set-Cookie from the API, made to live on the edge's domain under /api. */
export function rewriteSetCookie(cookie: string): string {
  const [pair, ...attributes] = cookie.split(';');
  let path = '/';
  const kept: string[] = [];
  for (const raw of attributes) {
    const attribute = raw.trim();
    const lower = attribute.toLowerCase();
    if (lower.startsWith('domain=')) continue;
    if (lower.startsWith('path=')) {
      path = attribute.slice(5) || '/';
      continue;
    }
    if (attribute) kept.push(attribute);
  }
  const apiPath = path === '/' ? API_PREFIX : `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  return [pair.trim(), `Path=${apiPath}`, ...kept].join('; ');
}

const json = (status: number, message: string) =>
  new Response(JSON.stringify({ message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

export interface ProxyOptions {
  apiOrigin: string;
  upstream: Upstream;
  timeoutMs: number;
  /** The client's address when the runtime knows it (Node socket, CF-Connecting-IP). */
  clientIp?: (c: Context) => string | undefined;
}

export async function proxy(c: Context, options: ProxyOptions): Promise<Response> {
  const incoming = new URL(c.req.url);
  const path = incoming.pathname.slice(API_PREFIX.length) || '/';
  const target = new URL(path + incoming.search, options.apiOrigin);

  const headers = withoutHopByHop(c.req.raw.headers);
  headers.delete('host');
  headers.delete('content-length');
  const ip = options.clientIp?.(c);
  const previous = c.req.header('x-forwarded-for');
  if (ip) headers.set('x-forwarded-for', previous ? `${previous}, ${ip}` : ip);
  headers.set('x-forwarded-proto', incoming.protocol.replace(':', ''));
  headers.set('x-forwarded-host', incoming.host);

  const method = c.req.method;
  const hasBody = !['GET', 'HEAD'].includes(method) && c.req.raw.body !== null;
  let response: Response;
  try {
    response = await options.upstream(target.toString(), {
      method,
      headers,
      body: hasBody ? c.req.raw.body : null,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return json(504, MESSAGES.timeout);
    return json(502, MESSAGES.unavailable);
  }

  const out = withoutHopByHop(response.headers);
  out.delete('set-cookie');
  for (const cookie of response.headers.getSetCookie()) out.append('set-cookie', rewriteSetCookie(cookie));
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: out,
  });
}
