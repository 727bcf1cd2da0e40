// The API's response envelopes (architecture.md §1 'API conventions').
export interface DataResponse<T> {
  data: T;
}
export interface Page<T> {
  rows: T[];
  pageCount: number;
}
export interface ErrorResponse {
  message: string;
}

/**
 * The header that proves to the API that a request went through the edge: the edge sets it to EDGE_SECRET
 * (edge/proxy.ts) and strips any the client sent; the API trusts the client address only with it (decision 008).
 */
export const EDGE_SECRET_HEADER = 'x-edge-secret';

/** The French messages of a request refused before any app sees it (its line or headers unreadable). */
export const REFUSED_REQUEST_MESSAGES = {
  malformed: 'La requête est mal formée.',
  tooLarge: 'La requête est trop volumineuse.',
  headersTooLarge: 'L’adresse ou les en-têtes de la requête sont trop longs.',
  timeout: 'La requête a mis trop de temps à arriver.',
} as const;

const REFUSALS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', REFUSED_REQUEST_MESSAGES.headersTooLarge],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', REFUSED_REQUEST_MESSAGES.tooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', REFUSED_REQUEST_MESSAGES.timeout],
};

/** What `answerRefusedRequests` needs of a Node HTTP server (`node:http`'s Server), typed here without Node. */
interface RefusingServer {
  on(
    event: 'clientError',
    listener: (error: Error & { code?: string }, socket: RefusedSocket) => void,
  ): unknown;
}
interface RefusedSocket {
  writable: boolean;
  destroy(): void;
  end(data: string): void;
  /** The answer under way on this connection, if any (Node's own field, which its default handler reads). */
  _httpMessage?: { headersSent?: boolean } | null;
}

/**
 * Answers each request a Node HTTP server's parser refuses (a request line or headers over its limit, a
 * header it cannot read, a request too slow to arrive) with `refusedRequestAnswer`, where Node would send
 * an empty body; `headers` are added to each answer, and `refused` is told of each (to log it).
 */
export function answerRefusedRequests(
  server: RefusingServer,
  {
    headers = {},
    refused = () => {},
  }: {
    headers?: Record<string, string>;
    refused?: (requestId: string, code: string | undefined) => void;
  } = {},
): void {
  server.on('clientError', (error, socket) => {
    // Nothing can be written once the client is gone, or once an answer on this connection has begun.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const requestId = crypto.randomUUID();
    refused(requestId, error.code);
    socket.end(refusedRequestAnswer(error.code, requestId, headers));
  });
}

/**
 * The whole HTTP/1.1 answer to a request Node's parser refused (its `clientError`, by the error's code):
 * the status Node would send (431 for a request line or headers over its limit, 413, 408, else 400) with
 * `{ message, requestId }` in French, as every other error answer, and the connection closed. Used by
 * the API's server (api/lib/listen.ts) and the Node edge (edge/node.ts); no imports, so Workers can read
 * this file too.
 */
export function refusedRequestAnswer(
  code: string | undefined,
  requestId: string,
  headers: Record<string, string> = {},
): string {
  const [status, reason, message] = REFUSALS[code ?? ''] ?? [
    400,
    'Bad Request',
    REFUSED_REQUEST_MESSAGES.malformed,
  ];
  const body = JSON.stringify({ message, requestId });
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${new TextEncoder().encode(body).length}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    `X-Request-Id: ${requestId}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
