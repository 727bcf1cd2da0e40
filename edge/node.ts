// The edge under Node (`npm start`): the built SPA from disk and a pooled keep-alive client to the API.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { getRequestListener, RequestError } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { getMimeType } from 'hono/utils/mime';
import { Agent, request } from 'undici';
import { answerRefusedRequests } from '../contract/http';
import { createEdgeApp, REQUEST_ID_HEADER } from './app';
import { json, MESSAGES } from './errors';
import { HSTS } from './headers';
import { API_PREFIX, type Upstream } from './proxy';

/** An edge error answer made outside the app, given an id as the app gives its own (edge/app.ts). */
async function withRequestId(answer: Response): Promise<Response> {
  const requestId = crypto.randomUUID();
  const headers = new Headers(answer.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  const body = { ...((await answer.json()) as object), requestId };
  return new Response(JSON.stringify(body), { status: answer.status, headers });
}

/**
 * The upstream body as a web stream read on demand. (Node 20's Readable.toWeb can enqueue after the
 * stream closed when the client goes away, which crashes the process.)
 */
function pullStream(body: AsyncIterable<Uint8Array> & { destroy(): void }): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() {
      body.destroy();
    },
  });
}

/** Methods that change nothing (RFC 9110 §9.2.1): sent again when their first try was dropped unanswered. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A connection closed under the request before any answer came: the API closed a kept-alive connection
 * idle past its keep-alive timeout while this request was on its way (the two timers race under load),
 * or an instance restarted. Sending a safe request once more on a new connection is what a browser does.
 */
function droppedBeforeAnswer(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
}

/** An answer up to this size, with its length declared, is read whole before it is passed on. */
export const WHOLE_BODY_MAX_BYTES = 256 * 1024;

/**
 * Upstream calls through one keep-alive pool (global fetch measured ten times slower here). A short
 * answer of known length (the API's JSON) comes back as bytes, which @hono/node-server writes in one
 * `end()`; a long or unsized one (a file, an export) streams. The wait is bounded by undici's headers and
 * body timeouts, which share its coarse timers, rather than by an AbortSignal and a timer of each
 * request's own (2 % of the edge's time in a profile, docs/decisions/051).
 * A request for an event stream (`Accept: text/event-stream`: the change feed, decision 059) holds its
 * connection as long as a tab is open, so it goes through a pool of its own without a cap on connections
 * (the API caps the streams, LIVE_MAX_STREAMS): in the capped pool, 64 open tabs would leave every other
 * call waiting for a connection.
 */
export function undiciUpstream(
  agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 }),
  streams = new Agent({ keepAliveTimeout: 10_000, connections: null }),
): Upstream {
  return async (url, init) => {
    const dispatcher = init.headers.accept?.includes('text/event-stream') ? streams : agent;
    const send = () =>
      request(url, {
        method: init.method as 'GET',
        headers: init.headers,
        body: init.body ? Readable.fromWeb(init.body as never) : null,
        headersTimeout: init.timeoutMs,
        bodyTimeout: init.timeoutMs,
        dispatcher,
      });
    const answer = await send().catch((error: unknown) => {
      if (!init.body && SAFE_METHODS.has(init.method) && droppedBeforeAnswer(error)) return send();
      throw error;
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const status = answer.statusCode;
    if ([204, 205, 304].includes(status) || init.method === 'HEAD') {
      answer.body.resume();
      return { status, headers, body: null };
    }
    const length = Number(answer.headers['content-length'] ?? Number.NaN);
    if (length <= WHOLE_BODY_MAX_BYTES)
      return { status, headers, body: new Uint8Array(await answer.body.arrayBuffer()) };
    return { status, headers, body: pullStream(answer.body) };
  };
}

/** Files of the built SPA; any other path that is not under /api gets index.html. */
export function diskAssets(dir: string) {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  const file = async (path: string) => {
    const body = await readFile(path);
    return new Response(body, {
      headers: { 'content-type': getMimeType(path) ?? 'application/octet-stream' },
    });
  };
  return async (req: Request): Promise<Response> => {
    const pathname = decodeURIComponent(new URL(req.url).pathname);
    const candidate = normalize(join(root, pathname));
    if (candidate.startsWith(root + sep)) {
      const info = await stat(candidate).catch(() => null);
      if (info?.isFile()) return file(candidate);
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (pathname.startsWith('/assets/') || pathname.startsWith(API_PREFIX))
      return new Response('Not Found', { status: 404 });
    return file(index).then(
      (r) => new Response(r.body, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    );
  };
}

/** How long a connection may wait: idle (before its first request and between requests), for the
 *  request's headers, and for the whole request. */
export interface ConnectionTimeouts {
  keepAliveTimeoutMs?: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export const DEFAULT_TIMEOUTS = {
  keepAliveTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
};

/**
 * An HTTP server with bounded connections: Node closes a kept-alive connection after
 * keepAliveTimeout and a slow request after headersTimeout/requestTimeout, but never a connection that
 * sends nothing at all; that one gets the keep-alive timeout too, until its first request starts.
 */
export function boundedServer(
  listener: Parameters<typeof createServer>[1],
  timeouts: ConnectionTimeouts = {},
): Server {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const requestTimeout = Math.max(t.requestTimeoutMs, t.headersTimeoutMs);
  const server = createServer(
    {
      keepAliveTimeout: t.keepAliveTimeoutMs,
      headersTimeout: t.headersTimeoutMs,
      requestTimeout,
      // How often headersTimeout and requestTimeout are checked (Node's default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, t.headersTimeoutMs),
    },
    listener,
  );
  server.keepAliveTimeout = t.keepAliveTimeoutMs;
  server.headersTimeout = t.headersTimeoutMs;
  server.requestTimeout = requestTimeout;
  server.on('connection', (socket) => socket.setTimeout(t.keepAliveTimeoutMs));
  // Once a request is under way, the timeouts above apply (a slow API answer is the proxy's business).
  server.on('request', (req) => req.socket.setTimeout(0));
  return server;
}

export interface StartEdgeOptions extends ConnectionTimeouts {
  port: number;
  host?: string;
  apiOrigin: string;
  assetsDir: string;
  timeoutMs?: number;
  /** Shared with the API (EDGE_SECRET) so that it trusts the client address the edge sets. */
  edgeSecret?: string;
  /** The browser-facing origin (PUBLIC_ORIGIN): when https, every answer carries HSTS. */
  publicOrigin?: string;
  /** The upstream client; a pooled undici client unless a test records the calls. */
  upstream?: Upstream;
}

export function startEdge(options: StartEdgeOptions): Promise<{ port: number; close: () => Promise<void> }> {
  const hsts = options.publicOrigin?.startsWith('https:') ?? false;
  const app = createEdgeApp({
    apiOrigin: options.apiOrigin,
    upstream: options.upstream ?? undiciUpstream(),
    timeoutMs: options.timeoutMs ?? 30_000,
    clientIp: (c) => getConnInfo(c).remote.address,
    edgeSecret: options.edgeSecret || undefined,
    hsts,
    assets: diskAssets(options.assetsDir),
  });
  const extra: Record<string, string> = hsts ? { 'strict-transport-security': HSTS } : {};
  const listener = getRequestListener(app.fetch, {
    hostname: options.host ?? '127.0.0.1',
    // What Node refuses before our app sees it (a backslash in the path, a bad Host…) in French JSON,
    // with an id of its own as the app's answers have.
    errorHandler: (error) => {
      if (error instanceof RequestError) return withRequestId(json(400, MESSAGES.malformed, extra));
      console.error('Unhandled edge error:', error);
      return withRequestId(json(500, MESSAGES.generic, extra));
    },
  });
  const server = boundedServer(listener, options);
  // …and what its parser refuses before that (a request line or headers over its limit: 431).
  answerRefusedRequests(server, { headers: extra });
  return new Promise((resolveStart) => {
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const address = server.address();
      resolveStart({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeIdleConnections();
          }),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  const port = Number(env.EDGE_PORT ?? 8787);
  const host = env.EDGE_HOST ?? '127.0.0.1';
  const apiOrigin = env.API_ORIGIN ?? 'http://127.0.0.1:3000';
  const timeoutMs = Number(env.API_TIMEOUT_MS ?? 30_000);
  const keepAliveTimeoutMs = Number(env.KEEP_ALIVE_TIMEOUT_MS || DEFAULT_TIMEOUTS.keepAliveTimeoutMs);
  const requestTimeoutMs = Number(env.REQUEST_TIMEOUT_MS || DEFAULT_TIMEOUTS.requestTimeoutMs);
  const publicOrigin = env.PUBLIC_ORIGIN || undefined;
  const edgeSecret = env.EDGE_SECRET || undefined;
  const problems: string[] = [];
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('EDGE_PORT: must be a port number');
  for (const [name, value] of Object.entries({
    API_TIMEOUT_MS: timeoutMs,
    KEEP_ALIVE_TIMEOUT_MS: keepAliveTimeoutMs,
    REQUEST_TIMEOUT_MS: requestTimeoutMs,
  }))
    if (!Number.isFinite(value) || value <= 0) problems.push(`${name}: must be a positive number`);
  for (const [name, value] of Object.entries({ API_ORIGIN: apiOrigin, PUBLIC_ORIGIN: publicOrigin })) {
    if (value === undefined) continue;
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {}
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username)
      problems.push(`${name}: must be an http(s) URL without query, fragment or credentials`);
  }
  if (edgeSecret !== undefined && edgeSecret.length < 32)
    problems.push('EDGE_SECRET: must be at least 32 characters');
  if (problems.length) {
    console.error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  if (!edgeSecret)
    console.warn('EDGE_SECRET is not set: the API will not trust the client addresses the edge sends.');
  const assetsDir = env.ASSETS_DIR ?? resolve(import.meta.dirname, '../web/dist');
  const edge = await startEdge({
    port,
    host,
    apiOrigin,
    assetsDir,
    timeoutMs,
    edgeSecret,
    publicOrigin,
    keepAliveTimeoutMs,
    requestTimeoutMs,
  });
  console.info(`Edge listening on http://${host}:${edge.port} (API ${apiOrigin})`);
  const stop = () => edge.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
