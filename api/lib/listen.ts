// The API's HTTP server: bounded connections (an idle one is closed, before its first request too, and
// a slow request times out), and what Node refuses before Hono sees it answered in French JSON.
import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import { MESSAGES } from '../../contract/auth';
import { answerRefusedRequests } from '../../contract/http';
import { logger } from './log';
import { REQUEST_ID_HEADER } from './observe';

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

/** An error answer made outside the app, with an id of its own as the app's have (api/lib/observe.ts). */
const json = (status: number, message: string) => {
  const requestId = randomUUID();
  return Response.json(
    { message, requestId },
    {
      status,
      headers: {
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        [REQUEST_ID_HEADER]: requestId,
      },
    },
  );
};

export interface Listening {
  server: Server;
  port: number;
  close: () => Promise<void>;
  /**
   * A graceful stop: requests keep being served (answers then close their connection) until none is in
   * flight, then the server stops listening; at `deadlineMs` every connection still open is closed.
   * Resolves once the server is closed, telling whether the deadline cut requests short.
   */
  drain: (deadlineMs: number) => Promise<{ cut: number }>;
}

export function listen(
  fetch: Parameters<typeof getRequestListener>[0],
  options: ListenOptions,
): Promise<Listening> {
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
  const server = createServer({
    keepAliveTimeout: options.keepAliveTimeoutMs,
    headersTimeout,
    requestTimeout,
    // How often headersTimeout and requestTimeout are checked (Node's default is 30 s).
    connectionsCheckingInterval: Math.min(1_000, headersTimeout),
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.headersTimeout = headersTimeout;
  server.requestTimeout = requestTimeout;
  // Node never times out a connection that sends nothing at all: give it the keep-alive timeout until
  // its first request starts (then the timeouts above apply, and keep-alive after the answer).
  server.on('connection', (socket) => socket.setTimeout(options.keepAliveTimeoutMs));
  server.on('request', (req) => req.socket.setTimeout(0));
  answerRefusedRequests(server, {
    refused: (requestId, code) => logger.info({ requestId, code }, 'request refused by the HTTP parser'),
  });
  // Answers in flight, for the graceful stop: while draining each answer closes its connection.
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let settled = () => {};
  // Before the app's listener, so that a draining answer gets `Connection: close` before it is written.
  server.on('request', (_req, res) => {
    inFlight.add(res);
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight.delete(res);
      if (inFlight.size === 0) settled();
    });
  });
  server.on('request', listener);
  const drain = (deadlineMs: number) =>
    new Promise<{ cut: number }>((resolveDrain) => {
      draining = true;
      // The requests that came before the drain close their connection too, unless their answer has
      // started already (its connection is then closed as idle once the answer ends).
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      let cut = 0;
      const timer = setTimeout(() => {
        cut = inFlight.size;
        server.closeAllConnections();
      }, deadlineMs);
      const stopListening = () => {
        settled = () => {};
        server.close(() => {
          clearTimeout(timer);
          resolveDrain({ cut });
        });
        server.closeIdleConnections();
      };
      if (inFlight.size === 0) stopListening();
      else settled = stopListening;
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        drain,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
