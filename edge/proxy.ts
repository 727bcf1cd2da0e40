// The `/api/*` proxy: joins the path onto API_ORIGIN (never resolving it as a URL), drops hop-by-hop
// headers, sets the client address itself with the edge's shared secret, caps request bodies, and
// moves the API's cookies onto the edge's own domain under /api. The upstream call is injected (fetch
// on Workers, a pooled undici client on Node). Rules: docs/decisions/008-edge-trust-and-body-limits.md.
import type { Context } from 'hono';
import { BODY_LIMITS, type BodyLimits, bodyLimitFor } from '../contract/body-limits';
import { EDGE_SECRET_HEADER } from '../contract/http';
import { json, MESSAGES } from './errors';

export interface UpstreamInit {
  method: string;
  /** The headers to send, by lower-case name (multiple values joined, as a Headers object joins them). */
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array> | null;
  /**
   * How long the API may keep the edge waiting, for its answer's headers and then between parts of its
   * body on Node; past it the call fails with a timeout (a 504). Each runtime's client keeps the time its
   * own way: on Workers an AbortSignal until the headers come (`TimeoutError`); on Node undici's headers
   * and body timeouts, which share its coarse timers instead of a signal and a timer per request
   * (docs/decisions/051). A download taking longer in all than this is not cut.
   */
  timeoutMs: number;
}
/**
 * What the upstream answered: a fetch Response fits (Workers); the Node client gives a short answer's
 * body as bytes, read whole, so that it is written to the client in one piece (no web stream per chunk).
 */
export interface UpstreamAnswer {
  status: number;
  statusText?: string;
  headers: Headers;
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | null;
}
export type Upstream = (url: string, init: UpstreamInit) => Promise<UpstreamAnswer>;

export const API_PREFIX = '/api';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Request headers never forwarded as the client sent them: client-written claims about the client's
 * address and the edge's secret (the edge sets its own), the request id (likewise), and what the HTTP
 * client sets itself (host, content-length; an `Expect: 100-continue` the edge's server already answered,
 * which undici refuses to send on).
 */
const NOT_FORWARDED = new Set([
  'x-forwarded-for',
  'x-real-ip',
  'cf-connecting-ip',
  'true-client-ip',
  'x-client-ip',
  'forwarded',
  EDGE_SECRET_HEADER,
  'x-request-id',
  'host',
  'content-length',
  'expect',
]);

/** Whether a header is hop-by-hop: a standard one, or one the Connection header names. */
function hopByHop(source: Headers): (name: string) => boolean {
  const connection = source.get('connection');
  if (!connection) return (name) => HOP_BY_HOP.has(name);
  const named = connection
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return (name) => HOP_BY_HOP.has(name) || named.includes(name);
}

/**
 * The headers without the hop-by-hop ones (standard, and those the Connection header names), in one
 * pass; each Set-Cookie passed through `cookie`.
 */
export function withoutHopByHop(source: Headers, cookie: (value: string) => string = (v) => v): Headers {
  const dropped = hopByHop(source);
  const headers = new Headers();
  for (const [name, value] of source)
    if (name !== 'set-cookie' && !dropped(name)) headers.append(name, value);
  for (const value of source.getSetCookie()) headers.append('set-cookie', cookie(value));
  return headers;
}

/** The client's request headers as the API may see them: no hop-by-hop header, nothing of NOT_FORWARDED. */
export function forwardedHeaders(source: Headers): Record<string, string> {
  const dropped = hopByHop(source);
  const headers: Record<string, string> = {};
  for (const [name, value] of source) if (!dropped(name) && !NOT_FORWARDED.has(name)) headers[name] = value;
  return headers;
}

/**
 * A Set-Cookie from the API, made to live on the edge's domain under /api. A cookie the page itself must
 * read (not HttpOnly: the session hint, which holds no secret) lives on the whole site instead.
 */
export function rewriteSetCookie(cookie: string): string {
  const [pair, ...attributes] = cookie.split(';');
  let path = '/';
  const kept: string[] = [];
  const forThePage = !attributes.some((a) => a.trim().toLowerCase() === 'httponly');
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
  if (forThePage) return [pair.trim(), 'Path=/', ...kept].join('; ');
  const apiPath = path === '/' ? API_PREFIX : `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  return [pair.trim(), `Path=${apiPath}`, ...kept].join('; ');
}

/** The request-target's path as the client sent it: no URL parsing, so no normalisation. */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
}

/**
 * API_ORIGIN without its trailing slashes, and its origin and path as a URL reads them, parsed once per
 * origin (an edge has one; the tests a few, hence the bound).
 */
const origins = new Map<string, { base: string; origin: string; pathname: string }>();
function parsedOrigin(apiOrigin: string) {
  let parsed = origins.get(apiOrigin);
  if (!parsed) {
    const base = apiOrigin.replace(/\/+$/, '');
    const url = new URL(base);
    parsed = { base, origin: url.origin, pathname: url.pathname.replace(/\/$/, '') };
    if (origins.size < 16) origins.set(apiOrigin, parsed);
  }
  return parsed;
}

export type Joined = { ok: true; url: string; path: string } | { ok: false; status: 400 | 404 };

/**
 * The upstream URL for a request URL: API_ORIGIN (with its own path) + the path after /api + the
 * query, by string concatenation. Refused (404) when the path, once decoded, is not already a plain
 * path: no empty segment (`//`), no backslash, no `.` or `..` segment; 400 when it does not decode.
 * `path` is the decoded path after /api (what the API will route on).
 */
export function joinApiUrl(apiOrigin: string, requestUrl: string): Joined {
  const raw = rawPath(requestUrl);
  if (raw !== API_PREFIX && !raw.startsWith(`${API_PREFIX}/`)) return { ok: false, status: 404 };
  const rest = raw.slice(API_PREFIX.length) || '/';
  let path: string;
  try {
    path = decodeURIComponent(rest);
  } catch {
    return { ok: false, status: 400 };
  }
  const segments = path.split('/').slice(1);
  const last = segments.length - 1;
  if (path.includes('\\') || segments.some((s, i) => s === '.' || s === '..' || (s === '' && i !== last)))
    return { ok: false, status: 404 };
  const api = parsedOrigin(apiOrigin);
  const url = api.base + rest + new URL(requestUrl).search;
  // Belt and braces: whatever the string, the result must be on the API's origin, under its path.
  const target = new URL(url);
  if (target.origin !== api.origin || !target.pathname.startsWith(api.pathname))
    return { ok: false, status: 404 };
  return { ok: true, url, path };
}

/** Thrown into the request body stream when it grows past its limit. */
class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

/** The body, counted as it streams: past `max` bytes the stream fails and `tripped()` says so. */
function capped(body: ReadableStream<Uint8Array>, max: number) {
  let seen = 0;
  let over = false;
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) {
          over = true;
          controller.error(new BodyTooLarge());
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { stream, tripped: () => over };
}

export interface ProxyOptions {
  apiOrigin: string;
  upstream: Upstream;
  timeoutMs: number;
  /** The client's address as the runtime knows it (Node socket, CF-Connecting-IP); never a header the
   *  client wrote. */
  clientIp?: (c: Context) => string | undefined;
  /** Shared with the API (EDGE_SECRET): sent so that the API trusts the address the edge sets. */
  edgeSecret?: string;
  /** Request body limits; BODY_LIMITS unless a test or an entry says otherwise. */
  bodyLimits?: BodyLimits;
}

/** The names of the errors a runtime's client fails with when the API is too slow (fetch, undici). */
const TIMEOUTS = new Set(['TimeoutError', 'AbortError', 'HeadersTimeoutError', 'BodyTimeoutError']);

/** API paths for the operator's tools only (Prometheus scrapes each instance directly): never proxied. */
const INTERNAL_PATHS = new Set(['/metrics']);

export async function proxy(c: Context, options: ProxyOptions): Promise<Response> {
  const joined = joinApiUrl(options.apiOrigin, c.req.url);
  if (!joined.ok) return json(joined.status, joined.status === 400 ? MESSAGES.malformed : MESSAGES.notFound);
  if (INTERNAL_PATHS.has(joined.path.replace(/\/+$/, ''))) return json(404, MESSAGES.notFound);
  const method = c.req.method;
  const hasBody = !['GET', 'HEAD'].includes(method) && c.req.raw.body !== null;
  const maxBytes = bodyLimitFor(joined.path, options.bodyLimits ?? BODY_LIMITS);
  const declared = c.req.header('content-length');
  if (hasBody && declared !== undefined && !(Number(declared) <= maxBytes))
    return json(413, MESSAGES.tooLarge);
  // A declared length is enforced by the runtime's HTTP parser; without one, count what streams.
  const raw = hasBody ? c.req.raw.body : null;
  const body = raw && declared === undefined ? capped(raw, maxBytes) : null;

  const headers = forwardedHeaders(c.req.raw.headers);
  const ip = options.clientIp?.(c);
  if (ip) headers['x-forwarded-for'] = ip;
  if (options.edgeSecret) headers[EDGE_SECRET_HEADER] = options.edgeSecret;
  // The request's id (edge/app.ts), replacing any the client wrote: the API logs and answers it.
  const requestId: string | undefined = c.get('requestId');
  if (requestId) headers['x-request-id'] = requestId;
  const incoming = new URL(c.req.url);
  headers['x-forwarded-proto'] = incoming.protocol.replace(':', '');
  headers['x-forwarded-host'] = incoming.host;

  let response: UpstreamAnswer;
  try {
    response = await options.upstream(joined.url, {
      method,
      headers,
      body: body?.stream ?? raw,
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    if (body?.tripped()) return json(413, MESSAGES.tooLarge);
    if (TIMEOUTS.has((error as Error)?.name)) return json(504, MESSAGES.timeout);
    return json(502, MESSAGES.unavailable);
  }

  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: withoutHopByHop(response.headers, rewriteSetCookie),
  });
}
