// The API client: every call goes to /api on our own origin with the session cookies. Authenticated
// calls renew the session once on a 401 through the session machine, then retry once (architecture.md §6); and
// when the hint cookie says the access token has expired, they renew it first, without the 401.
// On ofetch (docs/decisions/037: the lighter Preact runtime pays for it), without the session machine,
// which comes with the session actor that binds itself here.
import { type FetchOptions, ofetch } from 'ofetch';
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

/** The query as the API reads it: absent values left out, an array's items under its key, each a string. */
function queryOf(query: CallOptions['query']): Record<string, string | string[]> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const items = (Array.isArray(value) ? value : [value]).filter(
      (item) => item !== undefined && item !== null,
    );
    if (items.length) out[key] = Array.isArray(value) ? items.map(String) : String(items[0]);
  }
  return out;
}

/** The server's French `{message}` from an error's body (JSON, or a blob holding JSON), or the generic one. */
async function messageOf(data: unknown): Promise<string> {
  let body = data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    body = await data
      .text()
      .then((text) => JSON.parse(text) as unknown)
      .catch(() => undefined);
  }
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : MESSAGES.generic;
}

/**
 * ofetch on `/api` with the cookies: a plain object or array body goes as JSON, the answer is read by its
 * type (JSON, text; a blob when asked). It retries nothing itself (the 401 path below renews, then tries
 * once more); an error answer becomes an `ApiError` with the server's message.
 */
const client = ofetch.create({
  baseURL: '/api',
  credentials: 'include',
  retry: false,
  async onResponseError({ response }) {
    throw new ApiError(response.status, await messageOf(response._data));
  },
});

async function send<T>(path: string, options: CallOptions): Promise<T> {
  const { query, responseType, method, ...rest } = options;
  try {
    const data: unknown = await client(path, {
      ...rest,
      method: method as 'GET' | undefined,
      query: queryOf(query),
      responseType: responseType === 'blob' ? 'blob' : undefined,
    } as FetchOptions);
    return (data === '' ? undefined : data) as T;
  } catch (error) {
    // A network failure (or an aborted call) has no answer: the generic message.
    throw error instanceof ApiError ? error : new ApiError(0, MESSAGES.generic);
  }
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

/** Renews the session first when the access token is known to have expired (a stream's opening). */
export async function renewIfExpired(): Promise<void> {
  if (session && clockAgrees && accessExpired()) await renew(session);
}

/** Renews the session now (a stream refused with 401, web/live): whether it worked. */
export async function renewSession(): Promise<boolean> {
  return session ? renew(session) : false;
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
  saveBlob(await apiCall<Blob>(path, { ...options, responseType: 'blob' }), fileName);
}

/** Saves a file made in the browser (or downloaded) under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
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
