// The API's HTTP server: bounded connections (an idle one is closed, before its first request too, and
// a slow request times out), and what Node refuses before Hono sees it answered in French JSON.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import { MESSAGES } from '../../contract/auth';
import { logger } from './log';

export interface ListenOptions {
  port: number;
  host: string;
  /** An idle connection (before its first request or between requests) is closed after this. */
  keepAliveTimeoutMs: number;
  /** The request's headers must have arrived within this (at most requestTimeoutMs). */
  headersTimeoutMs?: number;
  /** The whole request (headers and body) must have arrived within this. */
  requestTimeoutMs: number;
}

const json = (status: number, message: string) =>
  Response.json(
    { message },
    { status, headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } },
  );

export function listen(
  fetch: Parameters<typeof getRequestListener>[0],
  options: ListenOptions,
): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const requestTimeout = options.requestTimeoutMs;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 10_000, requestTimeout);
  const listener = getRequestListener(fetch, {
    hostname: options.host,
    errorHandler: (error) => {
      if (error instanceof RequestError) return json(400, MESSAGES.malformedRequest);
      logger.error({ err: error }, 'Unhandled API error');
      return json(500, MESSAGES.generic);
    },
  });
  const server = createServer(
    {
      keepAliveTimeout: options.keepAliveTimeoutMs,
      headersTimeout,
      requestTimeout,
      // How often headersTimeout and requestTimeout are checked (Node's default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    },
    listener,
  );
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.headersTimeout = headersTimeout;
  server.requestTimeout = requestTimeout;
  // Node never times out a connection that sends nothing at all: give it the keep-alive timeout until
  // its first request starts (then the timeouts above apply, and keep-alive after the answer).
  server.on('connection', (socket) => socket.setTimeout(options.keepAliveTimeoutMs));
  server.on('request', (req) => req.socket.setTimeout(0));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
