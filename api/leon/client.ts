// Client of Leon's GraphQL API for one operator: access tokens from the API key (reused, refreshed once
// for concurrent callers), 401 → refresh and retry once, 429 → wait Retry-After, French `LeonError`s, and
// typed trips. The sales-invoice and safety-report queries are not in Leon's public summary: when later
// work adds them (in queries.ts and a mapping of their own), check them against the operator's schema.
import { LEON_MESSAGES, LeonError } from './errors';
import {
  type LeonFailure,
  type LeonFlight,
  type LeonReportFailure,
  type LeonSafetyReport,
  type LeonTrip,
  mapFlightsByTrip,
  mapFlightsToTrips,
  mapSafetyReports,
  mapTrip,
  messageOf,
  rawTripNid,
} from './mapping';
import {
  ECHO_QUERY,
  FLIGHT_LIST_QUERY,
  MODIFIED_FLIGHTS_QUERY,
  MODIFIED_SAFETY_REPORTS_QUERY,
  SAFETY_REPORT_LIST_QUERY,
  tripsByNumberQuery,
} from './queries';
import { leonInstant, retryAfterMs, splitIntoWindows } from './time';

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
}

export interface ModifiedFlights {
  /** Legs created since the timestamp, each with its trip's header (trips may be partial). */
  created: LeonFlight[];
  changed: LeonFlight[];
  deletedFlightNids: number[];
  /** Leon's clock: store it and pass it to the next call (never the wall clock). */
  timestamp: number;
  failures: LeonFailure[];
}

export interface TripsResult {
  trips: LeonTrip[];
  failures: LeonFailure[];
}

export interface SafetyReportsResult {
  reports: LeonSafetyReport[];
  failures: LeonReportFailure[];
}

export interface ModifiedSafetyReports extends SafetyReportsResult {
  deletedReportNids: number[];
  /** Leon's clock for safety reports: store it and pass it to the next call. */
  timestamp: number;
}

/** Why an attachment could not be read from Leon (French, shown on the sync run). */
export class LeonFileError extends Error {}

export type LeonClient = ReturnType<typeof createLeonClient>;

/** What the sync reads from Leon: the client, or a stand-in in tests. */
export type LeonSource = Pick<LeonClient, 'flightsBetween' | 'modifiedSince' | 'tripsByNumber'>;

interface GraphqlAnswer {
  data?: unknown;
  errors?: Array<{ message?: unknown }>;
}

const MINUTE = 60_000;

export function createLeonClient(options: LeonClientOptions) {
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
  const tripsPerRequest = options.tripsPerRequest ?? 25;

  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  /** One HTTP exchange with a timeout that holds even if `fetch` ignores its signal. */
  async function send(url: string, init: RequestInit): Promise<Response> {
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
      throw new LeonError('graphql', LEON_MESSAGES.graphql('réponse sans données'));
    return answer.data as T;
  }

  function field(data: unknown, path: string[]): unknown {
    let value = data;
    for (const key of path) {
      if (value === null || typeof value !== 'object' || !(key in value))
        throw new LeonError('mapping', `${LEON_MESSAGES.mapping(`champ ${path.join('.')} absent`)}.`);
      value = (value as Record<string, unknown>)[key];
    }
    return value;
  }

  function list(data: unknown, path: string[]): unknown[] {
    const value = field(data, path);
    if (!Array.isArray(value))
      throw new LeonError(
        'mapping',
        `${LEON_MESSAGES.mapping(`champ ${path.join('.')} n'est pas une liste`)}.`,
      );
    return value;
  }

  function numbers(data: unknown, path: string[]): number[] {
    const values = list(data, path);
    if (!values.every((v) => Number.isInteger(v)))
      throw new LeonError('mapping', `${LEON_MESSAGES.mapping(`champ ${path.join('.')} invalide`)}.`);
    return values as number[];
  }

  /** Tests the connection and the key without needing any scope. */
  async function echo(text = 'ping'): Promise<string> {
    const data = await graphql(ECHO_QUERY, { text });
    const value = field(data, ['echo']);
    if (typeof value !== 'string')
      throw new LeonError('mapping', `${LEON_MESSAGES.mapping('champ echo invalide')}.`);
    return value;
  }

  /**
   * The raw items of [start, end) that `query` lists under `listField`, asked in sequential windows of at
   * most 3 calendar months (UTC); an item found in two windows is kept once (by its `nidField`).
   */
  async function rawBetween(
    query: string,
    listField: string,
    nidField: string,
    start: Date,
    end: Date,
  ): Promise<unknown[]> {
    const seen = new Set<unknown>();
    const items: unknown[] = [];
    for (const window of splitIntoWindows(start, end, 3)) {
      const data = await graphql(query, {
        start: leonInstant(window.start),
        end: leonInstant(window.end),
      });
      for (const item of list(data, [listField])) {
        const nid = (item as Record<string, unknown> | null)?.[nidField];
        if (nid !== undefined && seen.has(nid)) continue;
        seen.add(nid);
        items.push(item);
      }
    }
    return items;
  }

  /** Raw flights of [start, end), asked in sequential windows of at most 3 calendar months (UTC). */
  const rawFlightsBetween = (start: Date, end: Date) =>
    rawBetween(FLIGHT_LIST_QUERY, 'flightList', 'flightNid', start, end);

  /**
   * Trips having legs scheduled in [start, end), grouped from Leon's flights. A trip that straddles a
   * bound holds only its legs inside the range: fetch it with `tripsByNumber` when the whole is needed.
   */
  async function flightsBetween(start: Date | string, end: Date | string): Promise<TripsResult> {
    const from = new Date(start);
    const to = new Date(end);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from)
      throw new RangeError('flightsBetween: start and end must be valid instants, start before end');
    return mapFlightsToTrips(await rawFlightsBetween(from, to));
  }

  /** Flights created, changed or deleted since Leon's `timestamp` (at most one week back). */
  async function modifiedSince(timestamp: number): Promise<ModifiedFlights> {
    const data = await graphql(MODIFIED_FLIGHTS_QUERY, { dateTime: Math.trunc(timestamp) });
    const path = ['flights', 'getModifiedFlightList'];
    const answer = field(data, path);
    const created = mapFlightsByTrip(list(answer, ['created']));
    const changed = mapFlightsByTrip(list(answer, ['changed']));
    const stamp = field(answer, ['timestamp']);
    if (!Number.isInteger(stamp))
      throw new LeonError(
        'mapping',
        `${LEON_MESSAGES.mapping(`champ ${path.join('.')}.timestamp invalide`)}.`,
      );
    return {
      created: created.flights,
      changed: changed.flights,
      deletedFlightNids: numbers(answer, ['deleted']),
      timestamp: stamp as number,
      failures: dedupeFailures([...created.failures, ...changed.failures]),
    };
  }

  /** Whole trips by number, a few per request; an unknown or unmappable trip is a failure of its own. */
  async function tripsByNumber(tripNumbers: readonly string[]): Promise<TripsResult> {
    const unique = [...new Set(tripNumbers.map((n) => n.trim()).filter(Boolean))];
    const trips: LeonTrip[] = [];
    const failures: LeonFailure[] = [];
    for (let i = 0; i < unique.length; i += tripsPerRequest) {
      const batch = unique.slice(i, i + tripsPerRequest);
      const variables = Object.fromEntries(batch.map((n, j) => [`n${j}`, n]));
      const data = await graphql(tripsByNumberQuery(batch.length), variables);
      const answers = field(data, ['trip']);
      batch.forEach((tripNumber, j) => {
        try {
          const answer = field(answers, [`t${j}`]) as { __typename?: unknown; errorList?: unknown } | null;
          if (answer?.__typename === 'ErrorList') {
            const detail = errorListMessage(answer.errorList);
            failures.push({ tripNumber, message: LEON_MESSAGES.graphql(detail) });
            return;
          }
          trips.push(mapTrip(answer));
        } catch (error) {
          const raw = (answers as Record<string, unknown> | null)?.[`t${j}`];
          failures.push({ tripNumber, message: messageOf(error), tripNid: rawTripNid(raw) });
        }
      });
    }
    return { trips, failures };
  }

  /** One trip by number; Leon's ErrorList (e.g. unknown trip) throws a `graphql` LeonError. */
  async function tripByNumber(tripNumber: string): Promise<LeonTrip> {
    const data = await graphql(tripsByNumberQuery(1), { n0: tripNumber });
    const answer = field(data, ['trip', 't0']) as { __typename?: unknown; errorList?: unknown } | null;
    if (answer?.__typename === 'ErrorList') {
      const detail = errorListMessage(answer.errorList);
      throw new LeonError('graphql', LEON_MESSAGES.graphql(detail), { leonMessage: detail });
    }
    return mapTrip(answer);
  }

  /** Safety reports declared in [start, end), asked in sequential windows of at most 3 months. */
  async function safetyReportsBetween(start: Date, end: Date): Promise<SafetyReportsResult> {
    return mapSafetyReports(
      await rawBetween(SAFETY_REPORT_LIST_QUERY, 'safetyReportList', 'safetyReportNid', start, end),
    );
  }

  /** Safety reports created, changed or deleted since Leon's `timestamp` (at most one week back). */
  async function modifiedSafetyReportsSince(timestamp: number): Promise<ModifiedSafetyReports> {
    const data = await graphql(MODIFIED_SAFETY_REPORTS_QUERY, { dateTime: Math.trunc(timestamp) });
    const path = ['safetyReports', 'getModifiedSafetyReportList'];
    const answer = field(data, path);
    const mapped = mapSafetyReports([...list(answer, ['created']), ...list(answer, ['changed'])]);
    const stamp = field(answer, ['timestamp']);
    if (!Number.isInteger(stamp))
      throw new LeonError(
        'mapping',
        `${LEON_MESSAGES.mapping(`champ ${path.join('.')}.timestamp invalide`)}.`,
      );
    return { ...mapped, deletedReportNids: numbers(answer, ['deleted']), timestamp: stamp as number };
  }

  /**
   * The bytes of an attachment Leon serves at `url` (relative to Leon's origin, or absolute on it: any
   * other host is refused, so that Leon's data cannot make us fetch elsewhere with its token).
   */
  async function attachment(url: string, maxBytes: number): Promise<Uint8Array> {
    let target: URL;
    try {
      target = new URL(url, `${base}/`);
    } catch {
      throw new LeonFileError('adresse du fichier invalide');
    }
    if (target.origin !== new URL(`${base}/`).origin)
      throw new LeonFileError(`adresse du fichier hors de Leon (${target.host})`);
    const get = (bearer: string) =>
      sendWithRateLimit(target.href, () => ({
        method: 'GET',
        headers: { authorization: `Bearer ${bearer}` },
      }));
    const response = await withToken(get);
    if (!response.ok) {
      await response.body?.cancel();
      throw new LeonFileError(`Leon a répondu ${response.status}`);
    }
    const announced = Number(response.headers.get('content-length'));
    if (Number.isFinite(announced) && announced > maxBytes) {
      await response.body?.cancel();
      throw new LeonFileError(`fichier trop volumineux (plus de ${Math.floor(maxBytes / 1048576)} Mo)`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      const reader = response.body?.getReader();
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw new LeonFileError(`fichier trop volumineux (plus de ${Math.floor(maxBytes / 1048576)} Mo)`);
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof LeonFileError) throw error;
      throw new LeonFileError('téléchargement interrompu');
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  }

  return {
    echo,
    safetyReportsBetween,
    modifiedSafetyReportsSince,
    attachment,
    flightsBetween,
    modifiedSince,
    tripsByNumber,
    tripByNumber,
    /** Any other GraphQL document (later queries); answers `data`. */
    graphql,
    /** Drops the cached access token (e.g. after the key was changed). */
    forgetToken(): void {
      token = null;
    },
  };
}

function errorListMessage(errorList: unknown): string {
  const messages = Array.isArray(errorList)
    ? errorList.map((e) => String((e as { message?: unknown } | null)?.message ?? '')).filter(Boolean)
    : [];
  return messages.length ? messages.join(' ; ') : 'erreur sans message';
}

function dedupeFailures(failures: LeonFailure[]): LeonFailure[] {
  const seen = new Set<string>();
  return failures.filter((f) => {
    const key = `${f.tripNumber}\u0000${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export { LEON_MESSAGES, LeonError, type LeonErrorKind } from './errors';
export type {
  LeonAttachment,
  LeonFailure,
  LeonFlight,
  LeonLeg,
  LeonReportFailure,
  LeonSafetyReport,
  LeonTrip,
  LeonTripHeader,
} from './mapping';
export { groupIntoTrips } from './mapping';
