// The edge under Node (`npm start`): the built SPA from disk and a pooled keep-alive client to the API.
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { getMimeType } from 'hono/utils/mime';
import { Agent, request } from 'undici';
import { createEdgeApp } from './app';
import { API_PREFIX, type Upstream } from './proxy';

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

/** Upstream calls through one keep-alive pool (global fetch measured ten times slower here). */
export function undiciUpstream(agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 })): Upstream {
  return async (url, init) => {
    const answer = await request(url, {
      method: init.method as 'GET',
      headers: Object.fromEntries(init.headers),
      body: init.body ? Readable.fromWeb(init.body as never) : null,
      signal: init.signal,
      dispatcher: agent,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const empty = [204, 205, 304].includes(answer.statusCode) || init.method === 'HEAD';
    if (empty) answer.body.resume();
    return new Response(empty ? null : pullStream(answer.body), {
      status: answer.statusCode,
      headers,
    });
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

export interface StartEdgeOptions {
  port: number;
  host?: string;
  apiOrigin: string;
  assetsDir: string;
  timeoutMs?: number;
}

export function startEdge(options: StartEdgeOptions): Promise<{ port: number; close: () => Promise<void> }> {
  const app = createEdgeApp({
    apiOrigin: options.apiOrigin,
    upstream: undiciUpstream(),
    timeoutMs: options.timeoutMs ?? 30_000,
    clientIp: (c) => getConnInfo(c).remote.address,
    assets: diskAssets(options.assetsDir),
  });
  return new Promise((resolveStart) => {
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: options.host ?? '127.0.0.1' },
      (info) =>
        resolveStart({
          port: info.port,
          close: () => new Promise<void>((r) => server.close(() => r())),
        }),
    );
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  const port = Number(env.EDGE_PORT ?? 8787);
  const host = env.EDGE_HOST ?? '127.0.0.1';
  const apiOrigin = env.API_ORIGIN ?? 'http://127.0.0.1:3000';
  const timeoutMs = Number(env.API_TIMEOUT_MS ?? 30_000);
  if (!Number.isInteger(port) || port <= 0 || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    console.error(
      'Invalid configuration: EDGE_PORT must be a port number and API_TIMEOUT_MS a positive number.',
    );
    process.exit(1);
  }
  const assetsDir = env.ASSETS_DIR ?? resolve(import.meta.dirname, '../web/dist');
  const edge = await startEdge({ port, host, apiOrigin, assetsDir, timeoutMs });
  console.info(`Edge listening on http://${host}:${edge.port} (API ${apiOrigin})`);
  const stop = () => edge.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
