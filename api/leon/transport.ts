// Leon's transport: access tokens from the API key (reused, refreshed once for concurrent callers),
// requests paced below Leon's quotas (budget.ts) and sent with a timeout, 429 → wait Retry-After and
// retry, 401 → refresh and retry once, and the GraphQL call whose failures become French `LeonError`s.
// The entity reads (trip-reads.ts, safety-report-reads.ts, invoice-reads.ts) go through `graphql`.
import { createRequestBudget, type RequestBudget } from './budget';
import { LEON_MESSAGES, LeonError } from './errors';
import { retryAfterMs } from './time';

export interface LeonClientOptions {
  /** The operator's Leon origin, e.g. `https://opr.leon.aero` (or the simulator's URL). */
  baseUrl: string;
  /** The API key created in Leon (Settings → API keys): a refresh token. */
  apiKey: string;
  fetch?: typeof fetch;
  /** Epoch milliseconds; injected by tests to age tokens. */
  now?: () => number;
  /** Waits before a retry after a 429; injected by tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Per request. Default 20 s. */
  timeoutMs?: number;
  /** Leon's access tokens live 30 minutes. */
  tokenLifetimeMs?: number;
  /** A token is replaced when fewer than this remain. Default 5 minutes. */
  refreshMarginMs?: number;
  /** Attempts of one request while Leon answers 429. Default 3. */
  maxAttempts?: number;
  /** A Retry-After longer than this is not waited for: the call fails as `rate_limited`. Default 60 s. */
  maxRetryWaitMs?: number;
  /** Trips asked per request by `tripsByNumber`. Default 25. */
  tripsPerRequest?: number;
  /**
   * The pace of the requests (budget.ts): two thirds of Leon's quotas unless given; null sends each at once
   * (the simulator, which has no quota).
   */
  budget?: RequestBudget | null;
}

/** Runs one GraphQL document and answers its `data`. */
export type Graphql = <T = unknown>(query: string, variables?: Record<string, unknown>) => Promise<T>;

interface GraphqlAnswer {
  data?: unknown;
  errors?: Array<{ message?: unknown }>;
}

const MINUTE = 60_000;

/**
 * A kept-alive connection that Leon's server closed as the request left on it (its idle timeout ran out
 * while this process was busy, e.g. writing a window of trips): nothing was answered, and every call of
 * this client is a read, so it is sent once more on a new connection.
 */
const closedUnderUs = (error: unknown) => {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
};

export type LeonTransport = ReturnType<typeof createTransport>;

export function createTransport(options: LeonClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const refreshUrl = `${base}/access_token/refresh/`;
  const graphqlUrl = `${base}/api/graphql/`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const timeoutMs = options.timeoutMs ?? 20_000;
  const tokenLifetimeMs = options.tokenLifetimeMs ?? 30 * MINUTE;
  const refreshMarginMs = options.refreshMarginMs ?? 5 * MINUTE;
  const maxAttempts = options.maxAttempts ?? 3;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;

  const budget = options.budget === undefined ? createRequestBudget() : options.budget;

  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  /**
   * One HTTP exchange, once the budget gives it a slot, with a timeout that holds even if `fetch` ignores
   * its signal.
   */
  async function send(url: string, init: RequestInit, again = true): Promise<Response> {
    await budget?.take();
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = new Promise<never>((_, reject) => {
      const onAbort = () =>
        reject(new LeonError('timeout', LEON_MESSAGES.timeout(Math.round(timeoutMs / 1000))));
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([doFetch(url, { ...init, signal }), timedOut]);
    } catch (error) {
      if (error instanceof LeonError) throw error;
      if (again && !signal.aborted && closedUnderUs(error)) return send(url, init, false);
      if (signal.aborted)
        throw new LeonError('timeout', LEON_MESSAGES.timeout(Math.round(timeoutMs / 1000)), { cause: error });
      throw new LeonError('unavailable', LEON_MESSAGES.unavailable, { cause: error });
    }
  }

  /** Sends, waiting out 429s as Leon asks, at most `maxAttempts` times. */
  async function sendWithRateLimit(url: string, init: () => RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const response = await send(url, init());
      if (response.status !== 429) return response;
      const wait = retryAfterMs(response.headers.get('retry-after'), now()) ?? 1000;
      await response.body?.cancel();
      if (attempt >= maxAttempts || wait > maxRetryWaitMs)
        throw new LeonError('rate_limited', LEON_MESSAGES.rateLimited, { status: 429 });
      await sleep(wait);
    }
  }

  async function readText(response: Response): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      // The request's timeout also covers a body that stops arriving half-way.
      const name = (error as { name?: unknown } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new LeonError('timeout', LEON_MESSAGES.timeout(Math.round(timeoutMs / 1000)), { cause: error });
      throw new LeonError('unavailable', LEON_MESSAGES.unavailable, {
        status: response.status,
        cause: error,
      });
    }
  }

  async function refresh(): Promise<string> {
    const response = await sendWithRateLimit(refreshUrl, () => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain' },
      body: new URLSearchParams({ refresh_token: options.apiKey }).toString(),
    }));
    const text = await readText(response);
    if (response.status === 401 || response.status === 403)
      throw new LeonError('key_refused', LEON_MESSAGES.keyRefused, {
        status: response.status,
        leonMessage: text,
      });
    if (!response.ok)
      throw new LeonError('unavailable', LEON_MESSAGES.unavailable, {
        status: response.status,
        leonMessage: text,
      });
    const value = text.trim();
    if (!value || /\s/.test(value))
      throw new LeonError('unavailable', LEON_MESSAGES.unavailable, {
        status: response.status,
        leonMessage: 'empty or malformed access token',
      });
    return value;
  }

  /** The current access token, or a fresh one; concurrent callers share a single refresh. */
  function accessToken(): Promise<string> {
    if (token && now() < token.expiresAt - refreshMarginMs) return Promise.resolve(token.value);
    if (!pendingToken) {
      const issuedAt = now();
      pendingToken = refresh()
        .then((value) => {
          token = { value, expiresAt: issuedAt + tokenLifetimeMs };
          return value;
        })
        .finally(() => {
          pendingToken = null;
        });
    }
    return pendingToken;
  }

  function leonMessages(answer: GraphqlAnswer | null): string | undefined {
    const messages = (answer?.errors ?? []).map((e) => String(e?.message ?? '')).filter(Boolean);
    return messages.length ? messages.join(' ; ') : undefined;
  }

  function parseJson(text: string): GraphqlAnswer | null {
    try {
      const value = JSON.parse(text);
      return value && typeof value === 'object' ? (value as GraphqlAnswer) : null;
    } catch {
      return null;
    }
  }

  /**
   * Sends with the current access token; on a 401 drops that token and sends once more with a new one
   * (the second answer is the caller's to judge).
   */
  async function withToken(send: (bearer: string) => Promise<Response>): Promise<Response> {
    const bearer = await accessToken();
    const response = await send(bearer);
    if (response.status !== 401) return response;
    await response.body?.cancel();
    // Another caller may already have replaced the token that failed; only drop the one we used.
    if (token?.value === bearer) token = null;
    return send(await accessToken());
  }

  /** Runs one GraphQL document and answers its `data`; Leon's `errors` become a `graphql` LeonError. */
  async function graphql<T = unknown>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const body = JSON.stringify({ query, variables });
    const post = (bearer: string) =>
      sendWithRateLimit(graphqlUrl, () => ({
        method: 'POST',
        headers: {
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body,
      }));

    const response = await withToken(post);
    // Refused again with a fresh token: the key itself is refused.
    if (response.status === 401) {
      await response.body?.cancel();
      token = null;
      throw new LeonError('key_refused', LEON_MESSAGES.keyRefused, { status: 401 });
    }
    const text = await readText(response);
    const answer = parseJson(text);
    if (response.status === 400) {
      const detail = leonMessages(answer) ?? (text.trim().slice(0, 200) || 'requête invalide');
      throw new LeonError('bad_request', LEON_MESSAGES.badRequest(detail), {
        status: 400,
        leonMessage: detail,
      });
    }
    if (!response.ok || answer === null)
      throw new LeonError('unavailable', LEON_MESSAGES.unavailable, {
        status: response.status,
        leonMessage: text.slice(0, 500),
      });
    const errors = leonMessages(answer);
    if (errors) throw new LeonError('graphql', LEON_MESSAGES.graphql(errors), { leonMessage: errors });
    if (answer.data === undefined || answer.data === null)
      throw new LeonError('graphql', LEON_MESSAGES.noData);
    return answer.data as T;
  }

  return {
    /** Leon's origin, without a trailing slash. */
    base,
    graphql,
    withToken,
    sendWithRateLimit,
    /** Drops the cached access token (e.g. after the key was changed). */
    forgetToken(): void {
      token = null;
    },
  };
}
