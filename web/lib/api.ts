// The API client: every call goes to /api on our own origin with the session cookies. Authenticated
// calls renew the session once on a 401 through the session machine, then retry once (architecture.md §6); and
// when the hint cookie says the access token has expired, they renew it first, without the 401.
// On the browser's own fetch (no client library: the sign-in page loads this, docs/decisions/022), and
// without the session machine, which comes with the session actor that binds itself here.
import { MESSAGES, type Me } from '../../contract/auth';
import type { SessionActor } from '../../machines/session.machine';
import { accessExpired } from './session-hint';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a call may say: its method, a body (a plain object or array is sent as JSON), a query. */
export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Absent values are left out; an array repeats its key. */
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'blob' for a file; JSON (or text) otherwise. */
  responseType?: 'json' | 'blob';
}

const isJsonBody = (body: unknown) =>
  body !== null &&
  typeof body === 'object' &&
  (Array.isArray(body) ||
    Object.getPrototypeOf(body) === Object.prototype ||
    Object.getPrototypeOf(body) === null);

function urlOf(path: string, query: CallOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null) params.append(key, String(item));
  const search = params.toString();
  return `/api${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
}

async function readBody(response: Response, responseType: CallOptions['responseType']): Promise<unknown> {
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send<T>(path: string, options: CallOptions): Promise<T> {
  const { body, query, headers, responseType, ...rest } = options;
  const json = isJsonBody(body);
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), {
      ...rest,
      credentials: 'include',
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
      body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
    });
  } catch {
    throw new ApiError(0, MESSAGES.generic);
  }
  const data = await readBody(response, responseType).catch(() => undefined);
  if (!response.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : MESSAGES.generic);
  }
  return data as T;
}

/** A call without the renew-and-retry (sign-in, refresh, logout and the password screens). */
export async function rawCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  return send<T>(path, options);
}

/** The user an auth call answers (`{ data: Me }`): sign-in, refresh, `GET /user/me`. */
export const unwrap = async (call: Promise<{ data: Me }>) => (await call).data;

let session: SessionActor | null = null;
export function bindSession(actor: SessionActor): void {
  session = actor;
  clockAgrees = true;
}

/**
 * Whether this browser's clock agrees with the API's expiry times. A renewal after which the hint still
 * reads expired says it does not: calls then stop renewing ahead (a 401 still renews), rather than renew
 * before every call.
 */
let clockAgrees = true;

/** Renews the session through the machine (one renewal shared by concurrent callers): whether it worked. */
async function renew(actor: SessionActor): Promise<boolean> {
  // Loaded already, with the actor bound here: the import gives the module at once.
  const { waitForRefresh } = await import('../../machines/session.machine');
  actor.send({ type: 'session.unauthorized' });
  return waitForRefresh(actor);
}

/**
 * An authenticated call: renewed first when the access token is known to have expired; on a 401, the
 * session is renewed and the call tried once more.
 */
export async function apiCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  if (session && clockAgrees && accessExpired()) {
    if (!(await renew(session))) throw new ApiError(401, MESSAGES.sessionExpired);
    if (accessExpired()) clockAgrees = false;
  }
  try {
    return await rawCall<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !session) throw error;
    if (!(await renew(session))) throw error;
    return rawCall<T>(path, options);
  }
}

/** Downloads a file from an authenticated call and saves it under `fileName`. */
export async function download(path: string, fileName: string, options: CallOptions = {}): Promise<void> {
  const blob = await apiCall<Blob>(path, { ...options, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const errorMessage = (error: unknown) =>
  error instanceof ApiError ? error.message : MESSAGES.generic;
