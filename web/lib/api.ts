// The API client: every call goes to /api on our own origin with the session cookies. Authenticated
// calls renew the session once on a 401 through the session machine, then retry once (DESIGN.md §6).
import { FetchError, type FetchOptions, ofetch } from 'ofetch';
import { MESSAGES } from '../../contract/auth';
import { type SessionActor, waitForRefresh } from '../../machines/session.machine';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const client = ofetch.create({ baseURL: '/api', credentials: 'include', retry: 0 });

function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError && error.response) {
    const data = error.data as { message?: unknown } | undefined;
    return new ApiError(
      error.response.status,
      typeof data?.message === 'string' ? data.message : MESSAGES.generic,
    );
  }
  return new ApiError(0, MESSAGES.generic);
}

/** A call without the renew-and-retry (sign-in, refresh, logout and the password screens). */
export async function rawCall<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  try {
    return await client<T>(path, options);
  } catch (error) {
    throw toApiError(error);
  }
}

let session: SessionActor | null = null;
export function bindSession(actor: SessionActor): void {
  session = actor;
}

/** An authenticated call: on a 401, renew the session (shared by concurrent callers) and retry once. */
export async function apiCall<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  try {
    return await rawCall<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !session) throw error;
    session.send({ type: 'session.unauthorized' });
    if (!(await waitForRefresh(session))) throw error;
    return rawCall<T>(path, options);
  }
}

/** Downloads a file from an authenticated call and saves it under `fileName`. */
export async function download(
  path: string,
  fileName: string,
  options: FetchOptions<'blob'> = {},
): Promise<void> {
  const blob = await apiCall<Blob>(path, {
    ...options,
    responseType: 'blob',
  } as unknown as FetchOptions<'json'>);
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
