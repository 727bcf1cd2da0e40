// The Leon client against the simulator (same protocol): tokens, retries, errors in French, windows,
// incremental sync and per-trip mapping failures.
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../test/ports';
import { createLeonClient, type LeonClientOptions, LeonError } from './client';
import { FLIGHT_LIST_QUERY } from './queries';
import { createLeonSimulator, type LeonSimulatorOptions } from './simulator/app';
import { generateTrips } from './simulator/generate';

const KEY = 'test-key';
const MINUTE = 60_000;

function setup(
  simOptions: Partial<LeonSimulatorOptions> = {},
  clientOptions: Partial<LeonClientOptions> = {},
) {
  const clock = { t: Date.parse('2026-03-10T08:00:00Z') };
  const now = () => clock.t;
  const sim = createLeonSimulator({ apiKey: KEY, now, seed: 3, ...simOptions });
  const sleep = vi.fn(async (_ms: number) => {});
  const bodies: Array<{ query: string; variables: Record<string, unknown> }> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (String(input).endsWith('/api/graphql/')) bodies.push(JSON.parse(String(init?.body)));
    return sim.fetch(input, init);
  };
  const client = createLeonClient({
    baseUrl: 'https://opr.leon.test/',
    apiKey: KEY,
    fetch,
    now,
    sleep,
    ...clientOptions,
  });
  return { sim, client, clock, sleep, bodies, advance: (ms: number) => (clock.t += ms) };
}

async function failure(promise: Promise<unknown>): Promise<LeonError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LeonError) return error;
    throw error;
  }
  throw new Error('expected a LeonError');
}

/** `count` trips of the generator (`seed`) departing between `from` and `to`, seen on 10 March 2026. */
const generatedTrips = (count: number, seed: number, from: string, to: string) =>
  generateTrips(count, { seed, from, to, now: Date.parse('2026-03-10T08:00:00Z') });

describe('access tokens', () => {
  it('answers echo with one token reused for many calls', async () => {
    const { client, sim } = setup({ trips: 0 });
    expect(await client.echo('bonjour')).toBe('bonjour');
    for (let i = 0; i < 9; i++) await client.echo();
    expect(sim.stats()).toMatchObject({ tokensIssued: 1, refreshCalls: 1, graphqlCalls: 10 });
  });

  it('shares one refresh between concurrent calls', async () => {
    const { client, sim } = setup({ trips: 0 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => client.echo(`n${i}`)));
    expect(answers).toEqual(Array.from({ length: 8 }, (_, i) => `n${i}`));
    expect(sim.stats()).toMatchObject({ refreshCalls: 1, tokensIssued: 1 });
  });

  it('keeps the token for 24 minutes and takes a new one at 25 (5 minutes before its end)', async () => {
    const { client, sim, advance } = setup({ trips: 0 });
    await client.echo();
    advance(24 * MINUTE);
    await client.echo();
    expect(sim.stats().tokensIssued).toBe(1);
    advance(1 * MINUTE);
    await client.echo();
    expect(sim.stats()).toMatchObject({ tokensIssued: 2, graphqlCalls: 3 });
  });

  it('refreshes once and retries when Leon answers 401 (token expired early)', async () => {
    // Leon ends this token after 10 minutes although the client expects 30.
    const { client, sim, advance } = setup({ trips: 0, tokenTtlSeconds: 600 });
    await client.echo();
    advance(11 * MINUTE);
    expect(await client.echo('encore')).toBe('encore');
    expect(sim.stats()).toMatchObject({ tokensIssued: 2, graphqlCalls: 3 });
  });

  it('refreshes after a revoked token, then keeps the new one', async () => {
    const { client, sim } = setup({ trips: 0 });
    await client.echo();
    sim.revokeTokens();
    await client.echo();
    await client.echo();
    expect(sim.stats()).toMatchObject({ tokensIssued: 2, graphqlCalls: 4 });
  });

  it('reports a refused key in French without looping', async () => {
    const { sim } = setup({ trips: 0 });
    const client = createLeonClient({
      baseUrl: 'https://opr.leon.test',
      apiKey: 'revoked',
      fetch: sim.fetch,
    });
    const error = await failure(client.echo());
    expect(error.kind).toBe('key_refused');
    expect(error.message).toBe(
      "La clé d'API Leon a été refusée ou a expiré : un administrateur doit en créer une nouvelle dans Leon.",
    );
    expect(sim.stats()).toMatchObject({ refreshCalls: 1, graphqlCalls: 0 });
  });

  it('gives up with key_refused when a fresh token is refused again', async () => {
    const { client, sim } = setup({ trips: 0 });
    sim.failNext(401, { times: 2 });
    const error = await failure(client.echo());
    expect(error.kind).toBe('key_refused');
    expect(sim.stats()).toMatchObject({ refreshCalls: 2, graphqlCalls: 2 });
  });
});

describe('rate limit (429)', () => {
  it('waits Retry-After seconds, then retries', async () => {
    const { client, sim, sleep } = setup({ trips: 0 });
    sim.failNext(429, { retryAfter: 7 });
    expect(await client.echo('après')).toBe('après');
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledWith(7000);
  });

  it('waits until a Retry-After HTTP date', async () => {
    const { client, sim, sleep, clock } = setup({ trips: 0 });
    sim.failNext(429, { retryAfter: new Date(clock.t + 30_000).toUTCString() });
    await client.echo();
    expect(sleep).toHaveBeenCalledWith(30_000);
  });

  it('honours a 429 on the token call too', async () => {
    const { client, sim, sleep } = setup({ trips: 0 });
    sim.failNext(429, { retryAfter: 2, on: 'refresh' });
    await client.echo();
    expect(sleep).toHaveBeenCalledWith(2000);
    expect(sim.stats()).toMatchObject({ refreshCalls: 2, tokensIssued: 1 });
  });

  it('stops after 3 attempts', async () => {
    const { client, sim, sleep } = setup({ trips: 0 });
    sim.failNext(429, { retryAfter: 1, times: 3 });
    const error = await failure(client.echo());
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toBe(
      'Leon limite le nombre de requêtes, veuillez réessayer dans quelques minutes.',
    );
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sim.stats().graphqlCalls).toBe(3);
  });
});

describe('Leon unreachable, slow or failing', () => {
  it('reports a refused connection as unavailable', async () => {
    const port = await freePort();
    const client = createLeonClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY });
    const error = await failure(client.echo());
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Leon est injoignable, veuillez réessayer plus tard.');
  });

  it('sends once more when Leon closed the kept-alive connection as the request left, and no more', async () => {
    // What undici throws when the server's idle timeout closed the socket the request was written on.
    const closed = () =>
      Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      });
    const sim = createLeonSimulator({ apiKey: KEY, trips: 0 });
    let failures = 1;
    let calls = 0;
    const client = createLeonClient({
      baseUrl: 'https://opr.leon.test/',
      apiKey: KEY,
      fetch: async (input, init) => {
        calls++;
        if (failures > 0) {
          failures--;
          throw closed();
        }
        return sim.fetch(input, init);
      },
    });
    expect(await client.echo('bonjour')).toBe('bonjour');
    expect(calls).toBe(3); // the token twice (closed, then answered), then the call

    failures = 2;
    calls = 0;
    const error = await failure(client.echo('encore'));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Leon est injoignable, veuillez réessayer plus tard.');
    expect(calls).toBe(2);
  });

  it('reports a 5xx as unavailable', async () => {
    const { client, sim } = setup({ trips: 0 });
    sim.failNext(503);
    const error = await failure(client.echo());
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Leon est injoignable, veuillez réessayer plus tard.');
    expect(error.detail?.status).toBe(503);
  });

  it('gives up after the timeout', async () => {
    const { client, sim } = setup({ trips: 0 }, { timeoutMs: 80 });
    sim.failNext('timeout');
    const started = Date.now();
    const error = await failure(client.echo());
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/^Leon ne répond pas/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('errors from Leon', () => {
  it('turns top-level GraphQL errors into a graphql error with Leon’s message', async () => {
    const { client, clock } = setup({ trips: 0 });
    const eightDaysAgo = Math.floor(clock.t / 1000) - 8 * 86400;
    const error = await failure(client.modifiedSince(eightDaysAgo));
    expect(error.kind).toBe('graphql');
    // Said in French; Leon's own words kept for the logs and ADMIN (decision 061).
    expect(error.message).toBe(
      'Leon a répondu par une erreur : la date demandée est trop ancienne (une semaine au plus).',
    );
    expect(error.detail?.leonMessage).toBe('dateTime must not be more than one week in the past');
  });

  it('turns an ErrorList member into a graphql error', async () => {
    const { client } = setup({ trips: 0 });
    const error = await failure(client.tripByNumber('404404'));
    expect(error.kind).toBe('graphql');
    expect(error.message).toBe('Voyage introuvable dans Leon (supprimé, ou hors de portée de la clé d’API).');
    expect(error.detail?.leonMessage).toBe('Trip 404404 not found.');
  });

  it('reports a malformed variable (400) as bad_request', async () => {
    const { client } = setup({ trips: 0 });
    const error = await failure(
      client.graphql(FLIGHT_LIST_QUERY, { start: '10/03/2026', end: '2026-04-01T00:00:00Z' }),
    );
    expect(error.kind).toBe('bad_request');
    expect(error.message).toBe('Leon a refusé la requête : une valeur de la requête n’est pas acceptée.');
    expect(error.detail?.leonMessage).toMatch(/ISO 8601 UTC/);
  });
});

describe('flights of a range', () => {
  /** 120 trips over nine months, a client on them, and the seven months asked of it. */
  const sevenMonths = () => {
    const trips = generatedTrips(120, 11, '2025-06-01T00:00:00Z', '2026-02-28T00:00:00Z');
    const start = new Date('2025-07-01T00:00:00Z');
    const end = new Date('2026-02-01T00:00:00Z');
    return { trips, start, end, ...setup({ trips }) };
  };
  const THREE_WINDOWS = [
    ['2025-07-01T00:00:00Z', '2025-10-01T00:00:00Z'],
    ['2025-10-01T00:00:00Z', '2026-01-01T00:00:00Z'],
    ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'],
  ];

  it('splits 7 months into 3 sequential windows of at most 3 calendar months', async () => {
    const { trips, start, end, client, bodies } = sevenMonths();
    const result = await client.flightsBetween(start, end);
    const windows = bodies
      .filter((b) => b.query.includes('flightList'))
      .map((b) => [b.variables.start, b.variables.end]);
    expect(windows).toEqual(THREE_WINDOWS);
    const expected = trips.filter((t) =>
      t.legs.some((l) => Date.parse(l.std) >= start.getTime() && Date.parse(l.std) < end.getTime()),
    );
    expect(result.failures).toEqual([]);
    expect(result.trips.map((t) => t.tripNumber).sort()).toEqual(expected.map((t) => t.tripNumber).sort());
    expect(result.trips.length).toBeGreaterThan(50);
  });

  it('answers the departures of a range, asking only ids and departures, each flight once', async () => {
    const { trips, start, end, client, bodies } = sevenMonths();
    const departures = await client.departuresBetween(start, end);
    const asked = bodies.filter((b) => b.query.includes('flightList'));
    expect(asked.map((b) => [b.variables.start, b.variables.end])).toEqual(THREE_WINDOWS);
    expect(asked[0].query).not.toContain('crewMemberList');
    const expected = trips
      .flatMap((t) => t.legs.map((l) => Date.parse(l.std)))
      .filter((at) => at >= start.getTime() && at < end.getTime());
    expect(expected.length).toBeGreaterThan(100);
    expect([...departures].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it('maps every field of a trip', async () => {
    const { client, sim } = setup({ trips: 0 });
    sim.addTrip({
      tripNumber: '31001',
      client: 'CHU de Nantes – Hôtel-Dieu',
      legs: [
        {
          from: 'LFRS',
          to: 'LFML',
          std: '2026-03-09T06:00:00Z',
          sta: '2026-03-09T07:35:00Z',
          blockOff: '2026-03-09T06:04:00Z',
          blockOn: '2026-03-09T07:31:00Z',
          registration: 'F-HGPB',
          passengers: 3,
        },
        {
          from: 'LFML',
          to: 'LFRS',
          std: '2026-03-09T09:30:00Z',
          sta: '2026-03-09T11:00:00Z',
          registration: 'F-HGPB',
        },
      ],
    });
    const { trips } = await client.flightsBetween('2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z');
    expect(trips).toHaveLength(1);
    const [trip] = trips;
    expect(trip).toMatchObject({
      tripNumber: '31001',
      status: 'CONFIRMED',
      isDeleted: false,
      clientName: 'CHU de Nantes – Hôtel-Dieu',
    });
    expect(trip.legs.map((l) => l.adepIcao)).toEqual(['LFRS', 'LFML']);
    expect(trip.legs[0]).toMatchObject({
      flightNo: expect.stringMatching(/^OAM\d{4}$/),
      isCnl: false,
      stdUTC: '2026-03-09T06:00:00.000Z',
      staUTC: '2026-03-09T07:35:00.000Z',
      bloffUTC: '2026-03-09T06:04:00.000Z',
      blonUTC: '2026-03-09T07:31:00.000Z',
      adepName: 'Nantes Atlantique',
      adesIcao: 'LFML',
      adesName: 'Marseille Provence',
      registration: 'F-HGPB',
      aircraftType: 'TURBOPROP',
      passengerCount: 3,
      crew: [
        { name: 'Julien', surname: 'Moreau', position: 'CPT', phoneWork: '+33 6 12 48 73 90' },
        { name: 'Thomas', surname: 'Girard', position: 'FO', phoneWork: '+33 7 81 03 46 52' },
      ],
    });
    expect(trip.legs[1]).toMatchObject({ bloffUTC: null, blonUTC: null });
  });

  it("carries Leon's crew member id, the same for one person on every trip", async () => {
    const trips = generatedTrips(40, 5, '2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z');
    const { client } = setup({ trips });
    const result = await client.flightsBetween('2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z');
    const crew = result.trips.flatMap((t) => t.legs.flatMap((l) => l.crew));
    expect(crew.length).toBeGreaterThan(40);
    const namesById = new Map<number, Set<string>>();
    for (const member of crew) {
      expect(member.contactNid).toEqual(expect.any(Number));
      const names = namesById.get(member.contactNid!) ?? new Set<string>();
      names.add(`${member.name} ${member.surname}`);
      namesById.set(member.contactNid!, names);
    }
    expect(namesById.size).toBeGreaterThan(4);
    for (const names of namesById.values()) expect(names.size).toBe(1);
  });

  it('reports a trip it cannot map and imports the others', async () => {
    const { client, sim } = setup({ trips: 0 });
    const good = sim.addTrip({ legs: [{ from: 'LFBD', to: 'LFPO', std: '2026-03-12T10:00:00Z' }] });
    const bad = sim.addTrip({
      legs: [
        { from: 'LFPO', to: 'LFQQ', std: '2026-03-13T10:00:00Z' },
        { from: 'LFQQ', to: 'HELI-CHU-LILLE', std: '2026-03-13T12:00:00Z', sta: '2026-03-13T12:20:00Z' },
      ],
    });
    const other = sim.addTrip({ legs: [{ from: 'LFLL', to: 'LFST', std: '2026-03-14T10:00:00Z' }] });
    const result = await client.flightsBetween('2026-03-11T00:00:00Z', '2026-03-20T00:00:00Z');
    expect(result.trips.map((t) => t.tripNumber)).toEqual([good.tripNumber, other.tripNumber]);
    expect(result.failures).toEqual([
      {
        tripNumber: bad.tripNumber,
        message: `Données Leon inattendues : champ endAirport.code.icao absent (voyage ${bad.tripNumber}, vol ${bad.legs[1].flightNid}).`,
        tripNid: bad.tripNid,
      },
    ]);
  });
});

describe('incremental sync', () => {
  it('returns what was added, changed, cancelled and deleted since Leon’s timestamp', async () => {
    const { client, sim, advance } = setup({ trips: 6 });
    const first = await client.modifiedSince(Math.floor(Date.parse('2026-03-10T08:00:00Z') / 1000) - 3600);
    expect(first.failures).toEqual([]);
    const [a, b, c] = sim.trips();
    advance(MINUTE);
    const added = sim.addTrip({ kind: 'confirmed' });
    sim.changeTrip(a.tripNumber, { legs: [{ std: '2026-03-20T10:00:00Z', sta: '2026-03-20T11:10:00Z' }] });
    sim.cancelTrip(b.tripNumber);
    sim.deleteTrip(c.tripNumber);

    const next = await client.modifiedSince(first.timestamp);
    expect(next.timestamp).toBeGreaterThan(first.timestamp);
    expect(new Set(next.created.map((f) => f.trip.tripNumber))).toEqual(new Set([added.tripNumber]));
    expect(next.created).toHaveLength(added.legs.length);
    expect(next.changed.map((f) => f.flightNid).sort()).toEqual(
      [a.legs[0].flightNid, ...b.legs.map((l) => l.flightNid)].sort(),
    );
    expect(next.changed.find((f) => f.flightNid === a.legs[0].flightNid)?.stdUTC).toBe(
      '2026-03-20T10:00:00.000Z',
    );
    expect(next.changed.filter((f) => f.trip.tripNumber === b.tripNumber).every((f) => f.isCnl)).toBe(true);
    expect(next.deletedFlightNids).toEqual(c.legs.map((l) => l.flightNid).sort((x, y) => x - y));

    const quiet = await client.modifiedSince(next.timestamp);
    expect(quiet).toMatchObject({
      created: [],
      changed: [],
      deletedFlightNids: [],
      timestamp: next.timestamp,
    });
  });
});

describe('trips by number', () => {
  it('fetches whole trips in batches and reports unknown ones', async () => {
    const { client, sim, bodies } = setup({ trips: 12 }, { tripsPerRequest: 5 });
    const numbers = sim.trips().map((t) => t.tripNumber);
    const result = await client.tripsByNumber([...numbers, '777777']);
    expect(result.trips.map((t) => t.tripNumber)).toEqual(numbers);
    expect(result.trips.every((t, i) => t.legs.length === sim.trips()[i].legs.length)).toBe(true);
    expect(result.failures).toEqual([
      {
        tripNumber: '777777',
        message: 'Voyage introuvable dans Leon (supprimé, ou hors de portée de la clé d’API).',
        leonMessage: 'Trip 777777 not found.',
      },
    ]);
    expect(bodies.filter((b) => b.query.includes('getTripByTripNumber'))).toHaveLength(3);
  });

  it('answers a deleted trip with isDeleted', async () => {
    const { client, sim } = setup({ trips: 2 });
    const [trip] = sim.trips();
    sim.deleteTrip(trip.tripNumber);
    expect((await client.tripByNumber(trip.tripNumber)).isDeleted).toBe(true);
  });
});
