// @vitest-environment happy-dom
// The API client as its callers see it: `/api` on our origin with the cookies, the server's message in
// errors, and one renew-then-retry on a 401 through the session machine (architecture.md §6).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { expiryIn, fakeApi, fakeSession, setHintCookie, userOf } from '../testing/app';
import { ApiError, apiCall, errorMessage, rawCall } from './api';
import { clearHint } from './session-hint';

const signedIn = async (refresh: () => Promise<ReturnType<typeof userOf>>) => {
  const session = fakeSession({ fetchMe: () => Promise.resolve(userOf('ADMIN')), refresh });
  await vi.waitFor(() => expect(session.getSnapshot().hasTag('signedIn')).toBe(true));
  return session;
};

/** The hint cookie as the API sets it: the access token's expiry, `fromNow` seconds away. */
const hintExpiring = (fromNow: number) => setHintCookie(expiryIn(fromNow));

afterEach(clearHint);

describe('API client', () => {
  it('calls /api on our origin with the cookies and returns the answer', async () => {
    const { fetch } = fakeApi({ 'GET /user/me': () => ({ body: { data: { id: 'u1' } } }) });
    expect(await rawCall('/user/me')).toEqual({ data: { id: 'u1' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [Request | string, RequestInit];
    expect(String(url instanceof Request ? url.url : url)).toMatch(/\/api\/user\/me$/);
    expect(init.credentials).toBe('include');
  });

  it("throws the server's message with its status, or the generic one", async () => {
    fakeApi({
      'POST /auth/login': () => ({ status: 401, body: { message: MESSAGES.badCredentials } }),
      'GET /broken': () => ({ status: 500, body: {} }),
    });
    const error = await rawCall<never>('/auth/login', { method: 'POST', body: {} }).catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.message]).toEqual([401, MESSAGES.badCredentials]);
    expect(errorMessage(error)).toBe(MESSAGES.badCredentials);
    expect(errorMessage(await rawCall('/broken').catch((e) => e))).toBe(MESSAGES.generic);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(MESSAGES.generic);
  });

  it('sends the query as the API reads it: absent values left out, an array repeats its key', async () => {
    const { fetch } = fakeApi({ 'GET /missions': () => ({ body: { data: [] } }) });
    await rawCall('/missions', {
      query: {
        status: ['Planifiée', 'Clôturée'],
        page: 2,
        q: 'Nantes & Tours',
        none: undefined,
        nil: null,
        empty: [],
      },
    });
    const [input] = fetch.mock.calls[0] as unknown as [Request | string];
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    expect(url.pathname).toBe('/api/missions');
    expect([...url.searchParams]).toEqual([
      ['status', 'Planifiée'],
      ['status', 'Clôturée'],
      ['page', '2'],
      ['q', 'Nantes & Tours'],
    ]);
  });

  it('sends a plain object as JSON and returns a blob when asked, with the message of a refused one', async () => {
    const { calls } = fakeApi({
      'POST /exports': ({ body }) => ({ body: { echoed: body } }),
      'GET /exports/missing': () => ({ status: 404, body: { message: 'Export introuvable' } }),
    });
    expect(await rawCall('/exports', { method: 'POST', body: { ids: [1, 2] } })).toEqual({
      echoed: { ids: [1, 2] },
    });
    expect(calls[0]).toEqual({ method: 'POST', path: '/exports', body: { ids: [1, 2] } });
    const blob = await rawCall<Blob>('/exports', { method: 'POST', body: {}, responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(JSON.parse(await blob.text())).toEqual({ echoed: {} });
    const error = await rawCall<never>('/exports/missing', { responseType: 'blob' }).catch(
      (e: ApiError) => e,
    );
    expect([error.status, error.message]).toEqual([404, 'Export introuvable']);
  });

  it('tries a failed call once only: no retry of its own on a server error or without network', async () => {
    const { calls } = fakeApi({
      'GET /broken': () => ({ status: 503, body: { message: 'Service indisponible' } }),
    });
    const error = await rawCall<never>('/broken').catch((e: ApiError) => e);
    expect([error.status, error.message]).toEqual([503, 'Service indisponible']);
    expect(calls).toHaveLength(1);
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', offline);
    const network = await rawCall<never>('/users').catch((e: ApiError) => e);
    expect([network.status, network.message]).toEqual([0, MESSAGES.generic]);
    expect(offline).toHaveBeenCalledOnce();
  });

  it('renews the session once on a 401 and retries the call', async () => {
    let tries = 0;
    const { calls } = fakeApi({
      'GET /users': () =>
        tries++ === 0 ? { status: 401, body: { message: MESSAGES.sessionExpired } } : { body: { data: [] } },
    });
    const refresh = vi.fn(() => Promise.resolve(userOf('ADMIN')));
    await signedIn(refresh);
    expect(await apiCall('/users')).toEqual({ data: [] });
    expect(refresh).toHaveBeenCalledOnce();
    expect(calls.map((c) => c.path)).toEqual(['/users', '/users']);
  });

  it('renews first, without a 401, when the hint says the access token has expired', async () => {
    hintExpiring(-60);
    const { calls } = fakeApi({ 'GET /users': () => ({ body: { data: [] } }) });
    const refresh = vi.fn(() => {
      hintExpiring(15 * 60); // what the refresh's answer sets
      return Promise.resolve(userOf('ADMIN'));
    });
    await signedIn(refresh);
    expect(await Promise.all([apiCall('/users'), apiCall('/users')])).toEqual([{ data: [] }, { data: [] }]);
    expect(refresh).toHaveBeenCalledOnce();
    expect(calls.map((c) => c.path)).toEqual(['/users', '/users']);
    expect(await apiCall('/users')).toEqual({ data: [] });
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('stops renewing ahead when this clock disagrees with the API (still expired after a renewal)', async () => {
    hintExpiring(-3600);
    const { calls } = fakeApi({ 'GET /users': () => ({ body: { data: [] } }) });
    const refresh = vi.fn(() => Promise.resolve(userOf('ADMIN')));
    await signedIn(refresh);
    for (let i = 0; i < 3; i++) expect(await apiCall('/users')).toEqual({ data: [] });
    expect(refresh).toHaveBeenCalledOnce();
    expect(calls.map((c) => c.path)).toEqual(['/users', '/users', '/users']);
  });

  it('throws without calling when the renewal ahead of the call fails', async () => {
    hintExpiring(-60);
    const { calls } = fakeApi({ 'GET /users': () => ({ body: { data: [] } }) });
    const session = await signedIn(() => Promise.reject(new ApiError(401, MESSAGES.sessionExpired)));
    const error = await apiCall<never>('/users').catch((e: ApiError) => e);
    expect([error.status, errorMessage(error)]).toEqual([401, MESSAGES.sessionExpired]);
    expect(calls).toEqual([]);
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it('shares one renewal between concurrent calls', async () => {
    const seen = new Map<string, number>();
    const once = (path: string) => () => {
      const n = seen.get(path) ?? 0;
      seen.set(path, n + 1);
      return n === 0 ? { status: 401, body: { message: MESSAGES.sessionExpired } } : { body: { data: path } };
    };
    fakeApi({ 'GET /a': once('/a'), 'GET /b': once('/b') });
    const refresh = vi.fn(
      () => new Promise<ReturnType<typeof userOf>>((r) => setTimeout(() => r(userOf('ADMIN')), 20)),
    );
    await signedIn(refresh);
    expect(await Promise.all([apiCall('/a'), apiCall('/b')])).toEqual([{ data: '/a' }, { data: '/b' }]);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('ends the session and throws when the renewal fails', async () => {
    fakeApi({ 'GET /users': () => ({ status: 401, body: { message: MESSAGES.sessionExpired } }) });
    const session = await signedIn(() => Promise.reject(new ApiError(401, MESSAGES.sessionExpired)));
    const error = await apiCall('/users').catch((e) => e);
    expect(errorMessage(error)).toBe(MESSAGES.sessionExpired);
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it('does not retry other errors', async () => {
    const { calls } = fakeApi({
      'GET /users': () => ({ status: 403, body: { message: MESSAGES.forbidden } }),
    });
    await signedIn(() => Promise.resolve(userOf('ADMIN')));
    expect(errorMessage(await apiCall('/users').catch((e) => e))).toBe(MESSAGES.forbidden);
    expect(calls).toHaveLength(1);
  });
});
