// The simulator speaks Leon's protocol (tokens, Bearer GraphQL, 401/429/400), runs real GraphQL over
// deterministic French data, and its control API changes what getModifiedFlightList answers.
import { describe, expect, it } from 'vitest';
import { FLIGHT_LIST_QUERY, MODIFIED_FLIGHTS_QUERY } from '../queries';
import { createLeonSimulator, type LeonSimulatorOptions } from './app';
import { HOSPITALS } from './data';
import { generateTrips } from './generate';
import { SIM_TRIP_KINDS } from './model';

const KEY = 'sim-key';
const T0 = Date.parse('2026-03-10T08:00:00Z');

function setup(options: Partial<LeonSimulatorOptions> = {}) {
  const clock = { t: T0 };
  const sim = createLeonSimulator({ apiKey: KEY, now: () => clock.t, seed: 5, ...options });
  const refresh = (key = KEY) =>
    sim.app.request('/access_token/refresh/', {
      method: 'POST',
      body: new URLSearchParams({ refresh_token: key }),
    });
  const token = async () => {
    const response = await refresh();
    expect(response.status).toBe(200);
    return response.text();
  };
  const graphql = async (query: string, variables: Record<string, unknown> = {}, bearer?: string) =>
    sim.app.request('/api/graphql/', {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer ?? (await token())}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
  const data = async (query: string, variables: Record<string, unknown> = {}, bearer?: string) => {
    const response = await graphql(query, variables, bearer);
    expect(response.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: GraphQL answers are read by path in these tests
    return (await response.json()) as { data: any; errors?: Array<{ message: string }> };
  };
  return { sim, clock, refresh, token, graphql, data };
}

describe('tokens', () => {
  it('exchanges the key for a plain-text access token', async () => {
    const { refresh } = setup({ trips: 0 });
    const response = await refresh();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^[\w-]{20,}$/);
  });

  it('refuses a wrong key (401), a missing one (400) and the path without its trailing slash (404)', async () => {
    const { sim, refresh } = setup({ trips: 0 });
    expect((await refresh('wrong')).status).toBe(401);
    expect((await sim.app.request('/access_token/refresh/', { method: 'POST' })).status).toBe(400);
    const noSlash = await sim.app.request('/access_token/refresh', {
      method: 'POST',
      body: new URLSearchParams({ refresh_token: KEY }),
    });
    expect(noSlash.status).toBe(404);
  });

  it('answers 429 with Retry-After beyond 500 active tokens, and issues again once some expire', async () => {
    const { sim, refresh, clock } = setup({ trips: 0 });
    for (let i = 0; i < 500; i++) expect((await refresh()).status).toBe(200);
    const refused = await refresh();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1800');
    clock.t += 1800 * 1000;
    expect((await refresh()).status).toBe(200);
    expect(sim.stats()).toMatchObject({ tokensIssued: 501, activeTokens: 1 });
  });

  it('refuses GraphQL without a token, with an unknown one or an expired one (401)', async () => {
    const { sim, token, graphql, clock } = setup({ trips: 0 });
    const anonymous = await sim.app.request('/api/graphql/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ echo(text: "x") }' }),
    });
    expect(anonymous.status).toBe(401);
    expect((await graphql('{ echo(text: "x") }', {}, 'made-up')).status).toBe(401);
    const bearer = await token();
    expect((await graphql('{ echo(text: "x") }', {}, bearer)).status).toBe(200);
    clock.t += 1800 * 1000;
    expect((await graphql('{ echo(text: "x") }', {}, bearer)).status).toBe(401);
  });
});

describe('GraphQL', () => {
  it('executes real GraphQL: echo, and a syntax or schema error is a 400', async () => {
    const { data, graphql } = setup({ trips: 0 });
    expect((await data('query($t: String!) { echo(text: $t) }', { t: 'ping' })).data).toEqual({
      echo: 'ping',
    });
    expect((await graphql('{ echo(text: "x") ')).status).toBe(400);
    const unknownField = await graphql('{ flightList(filter: {}) { nope } }');
    expect(unknownField.status).toBe(400);
  });

  it('answers 400 for a date that is not ISO 8601 UTC', async () => {
    const { graphql } = setup({ trips: 0 });
    for (const start of ['2026-03-01', '2026-03-01T00:00:00', '2026-03-01T01:00:00+01:00', 'hier']) {
      const response = await graphql(FLIGHT_LIST_QUERY, { start, end: '2026-04-01T00:00:00Z' });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Array<{ message: string }> };
      expect(body.errors[0].message).toMatch(/ISO 8601 UTC/);
    }
  });

  it('refuses a flightList window longer than 3 months, accepts exactly 3', async () => {
    const { data } = setup();
    const tooLong = await data(FLIGHT_LIST_QUERY, {
      start: '2026-01-31T00:00:00Z',
      end: '2026-05-01T00:00:00Z',
    });
    expect(tooLong.data).toBeNull();
    expect(tooLong.errors?.[0].message).toBe('The time interval of flightList must not exceed 3 months.');
    const threeMonths = await data(FLIGHT_LIST_QUERY, {
      start: '2026-01-31T00:00:00Z',
      end: '2026-04-30T00:00:00Z',
    });
    expect(threeMonths.errors).toBeUndefined();
    expect(threeMonths.data.flightList.length).toBeGreaterThan(0);
  });

  it('lists flights in the window by scheduled departure, with Leon’s shapes', async () => {
    const { data, sim } = setup();
    const { data: answer } = await data(FLIGHT_LIST_QUERY, {
      start: '2026-01-01T00:00:00Z',
      end: '2026-04-01T00:00:00Z',
    });
    // biome-ignore lint/suspicious/noExplicitAny: a GraphQL answer read by path
    const flights: Array<Record<string, any>> = answer.flightList;
    const inWindow = sim
      .trips()
      .flatMap((t) => t.legs)
      .filter((l) => l.std >= '2026-01-01T00:00:00Z' && l.std < '2026-04-01T00:00:00Z');
    expect(flights.map((f) => f.flightNid).sort()).toEqual(inWindow.map((l) => l.flightNid).sort());
    const starts = flights.map((f) => f.startTimeUTC);
    expect([...starts].sort()).toEqual(starts);
    const f = flights[0];
    expect(f.startAirport).toMatchObject({
      code: { icao: expect.stringMatching(/^LF[A-Z]{2}$/) },
      timezone: 'Europe/Paris',
    });
    expect(f.acft.registration).toMatch(/^F-H[A-Z]{3}$/);
    expect(f.crewMemberList[0]).toMatchObject({
      position: 'CPT',
      isCaptain: true,
      contact: { phoneWork: expect.stringMatching(/^\+33 /) },
    });
    expect(HOSPITALS.map((h) => h.name)).toContain(f.trip.client.name);
  });

  it('filters flightList by trip number and cancellation', async () => {
    const { data, sim } = setup();
    const trip = sim.trips()[3];
    const query = `query($s: DateTime!, $e: DateTime!, $n: String) {
      flightList(filter: { timeInterval: { start: $s, end: $e }, tripNumber: $n, isCnl: false }) { flightNid }
    }`;
    const { data: answer } = await data(query, {
      s: '2026-01-01T00:00:00Z',
      e: '2026-04-01T00:00:00Z',
      n: trip.tripNumber,
    });
    expect(answer.flightList.map((f: { flightNid: number }) => f.flightNid)).toEqual(
      trip.legs.filter((l) => !l.isCnl).map((l) => l.flightNid),
    );
  });

  it('answers flightList as the trips are after each change: a leg moved out of the window, a trip deleted, a trip added', async () => {
    const { data, sim } = setup();
    const window = { start: '2026-01-01T00:00:00Z', end: '2026-04-01T00:00:00Z' };
    const listed = async () =>
      (await data(FLIGHT_LIST_QUERY, window)).data.flightList.map((f: { flightNid: number }) => f.flightNid);
    const inside = sim
      .trips()
      .filter((t) => t.legs.every((l) => l.std >= window.start && l.std < window.end));
    const [moved, deleted] = inside;
    const before: number[] = await listed();
    expect(before).toEqual(expect.arrayContaining([moved.legs[0].flightNid, deleted.legs[0].flightNid]));

    sim.changeTrip(moved.tripNumber, {
      legs: [{ std: '2026-05-02T08:00:00Z', sta: '2026-05-02T09:10:00Z' }],
    });
    sim.deleteTrip(deleted.tripNumber);
    const added = sim.addTrip({ legs: [{ from: 'LFML', to: 'LFPO', std: '2026-02-11T09:00:00Z' }] });
    const after: number[] = await listed();

    expect(after).not.toContain(moved.legs[0].flightNid);
    expect(after).toEqual(expect.arrayContaining(moved.legs.slice(1).map((l) => l.flightNid)));
    for (const leg of deleted.legs) expect(after).not.toContain(leg.flightNid);
    expect(after).toContain(added.legs[0].flightNid);
    expect(after.length).toBe(before.length - 1 - deleted.legs.length + 1);
  });

  it('answers an unknown trip number with an ErrorList', async () => {
    const { data } = setup({ trips: 0 });
    const { data: answer } = await data(
      'query($n: String!) { trip { getTripByTripNumber(tripNumber: $n) { __typename ... on ErrorList { errorList { message category path } } } } }',
      { n: '1' },
    );
    expect(answer.trip.getTripByTripNumber).toEqual({
      __typename: 'ErrorList',
      errorList: [{ message: 'Trip 1 not found.', category: 'NOT_FOUND', path: ['tripNumber'] }],
    });
  });
});

describe('getModifiedFlightList', () => {
  it('follows add, change, cancel and delete through the modification clock', async () => {
    const { sim, data, clock } = setup({ trips: 5 });
    const since = Math.floor(T0 / 1000);
    const before = (await data(MODIFIED_FLIGHTS_QUERY, { dateTime: since })).data.flights
      .getModifiedFlightList;
    expect(before).toMatchObject({ created: [], changed: [], deleted: [], timestamp: since });

    const [a, b, c] = sim.trips();
    const added = sim.addTrip({ kind: 'option' });
    sim.changeTrip(a.tripNumber, { status: 'OPTION' });
    sim.cancelTrip(b.tripNumber, { at: '2026-03-10T07:40:00Z' });
    sim.deleteTrip(c.tripNumber);
    const after = (await data(MODIFIED_FLIGHTS_QUERY, { dateTime: before.timestamp })).data.flights
      .getModifiedFlightList;
    expect(after.timestamp).toBe(before.timestamp + 4);
    expect(after.createdFlightNidList).toEqual(added.legs.map((l) => l.flightNid));
    expect(after.created.map((f: { trip: { tripStatus: string } }) => f.trip.tripStatus)).toEqual(
      added.legs.map(() => 'OPTION'),
    );
    expect(after.modifiedFlightNidList.sort()).toEqual([...a.legs, ...b.legs].map((l) => l.flightNid).sort());
    const cancelled = after.changed.filter((f: { tripNid: number }) => f.tripNid === b.tripNid);
    expect(cancelled.every((f: { isCnl: boolean }) => f.isCnl)).toBe(true);
    expect(cancelled[0].flightLastModificationTime).toBe('2026-03-10T07:40:00Z');
    expect(after.deleted).toEqual(c.legs.map((l) => l.flightNid));

    // Only what changed after the stored timestamp, even when the wall clock has not moved.
    sim.changeTrip(a.tripNumber, { legs: [{ blockOff: '2026-03-10T08:05:00Z' }] });
    const last = (await data(MODIFIED_FLIGHTS_QUERY, { dateTime: after.timestamp })).data.flights
      .getModifiedFlightList;
    expect(last.modifiedFlightNidList).toEqual([a.legs[0].flightNid]);
    expect(last.changed[0].journeyLog).toEqual({
      blockOff: '2026-03-10T08:05:00Z',
      blockOn: a.legs[0].blockOn,
    });
    expect(clock.t).toBe(T0);
  });

  it('refuses a dateTime more than one week back', async () => {
    const { data } = setup({ trips: 0 });
    const answer = await data(MODIFIED_FLIGHTS_QUERY, { dateTime: Math.floor(T0 / 1000) - 7 * 86400 - 1 });
    expect(answer.errors?.[0].message).toBe('dateTime must not be more than one week in the past');
    const weekOld = await data(MODIFIED_FLIGHTS_QUERY, { dateTime: Math.floor(T0 / 1000) - 7 * 86400 });
    expect(weekOld.errors).toBeUndefined();
  });

  it('reports trips added after a reset as deleted and the others as changed', async () => {
    const { sim, data } = setup({ trips: 2 });
    const added = sim.addTrip();
    const stamp = sim.stats().clock;
    sim.reset();
    const answer = (await data(MODIFIED_FLIGHTS_QUERY, { dateTime: stamp })).data.flights
      .getModifiedFlightList;
    expect(answer.deleted).toEqual(added.legs.map((l) => l.flightNid));
    expect(answer.changed).toHaveLength(sim.trips().reduce((n, t) => n + t.legs.length, 0));
    expect(sim.trip(added.tripNumber)).toBeUndefined();
  });
});

describe('control API (/__sim/)', () => {
  it('adds, changes, cancels and deletes trips over HTTP', async () => {
    const { sim } = setup({ trips: 0 });
    const json = (body: unknown) => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(await (await sim.app.request('/__sim/health')).json()).toEqual({ ok: true });
    const created = await sim.app.request('/__sim/trips', {
      method: 'POST',
      ...json({
        tripNumber: '42',
        client: 'AP-HM Hôpital de la Timone',
        legs: [{ from: 'LFML', to: 'LFPO', std: '2026-03-11T09:00:00Z' }],
      }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      tripNumber: '42',
      legs: [{ from: 'LFML', sta: '2026-03-11T10:10:00Z' }],
    });
    const changed = await sim.app.request('/__sim/trips/42', {
      method: 'PATCH',
      ...json({ legs: [{ registration: 'F-HKAB' }] }),
    });
    expect(await changed.json()).toMatchObject({ legs: [{ registration: 'F-HKAB' }] });
    const cancelled = await sim.app.request('/__sim/trips/42/cancel', { method: 'POST' });
    expect(await cancelled.json()).toMatchObject({
      legs: [{ isCnl: true, lastModified: '2026-03-10T08:00:00Z' }],
    });
    expect(await (await sim.app.request('/__sim/trips/42', { method: 'DELETE' })).json()).toMatchObject({
      isDeleted: true,
    });
    expect(await (await sim.app.request('/__sim/stats')).json()).toMatchObject({ trips: 0 });
    const bad = await sim.app.request('/__sim/trips', {
      method: 'POST',
      ...json({ legs: [{ from: 'ZZZZ', to: 'LFPO', std: 'x' }] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'legs[0].from: unknown airport ZZZZ' });
    expect((await sim.app.request('/__sim/trips/999/cancel', { method: 'POST' })).status).toBe(404);
  });

  it('injects failures for the next calls', async () => {
    const { sim, graphql } = setup({ trips: 0 });
    const armed = await sim.app.request('/__sim/fail-next', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 429, retryAfter: 9 }),
    });
    expect(armed.status).toBe(200);
    const limited = await graphql('{ echo(text: "x") }');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('9');
    expect((await graphql('{ echo(text: "x") }')).status).toBe(200);
  });

  it('slows every GraphQL answer down until set back to 0, and refuses a latency past a minute', async () => {
    const { sim, graphql } = setup({ trips: 0 });
    const latency = (ms: unknown) =>
      sim.app.request('/__sim/latency', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
      });
    expect((await latency(1000)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      expect((await graphql('{ echo(text: "x") }')).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    }
    expect((await latency(60_001)).status).toBe(400);
    expect((await latency(0)).status).toBe(200);
    const started = performance.now();
    await graphql('{ echo(text: "x") }');
    expect(performance.now() - started).toBeLessThan(900);
  });
});

describe('generated data', () => {
  const window = { from: '2026-01-01T00:00:00Z', to: '2026-04-30T00:00:00Z', now: T0 };

  it('is the same for the same seed and differs for another', () => {
    expect(generateTrips(50, { seed: 9, ...window })).toEqual(generateTrips(50, { seed: 9, ...window }));
    expect(generateTrips(50, { seed: 10, ...window })).not.toEqual(generateTrips(50, { seed: 9, ...window }));
    const a = createLeonSimulator({ apiKey: KEY, seed: 4, now: () => T0 });
    const b = createLeonSimulator({ apiKey: KEY, seed: 4, now: () => T0 });
    expect(a.trips()).toEqual(b.trips());
  });

  it('covers every state of a mission, consistently with now', () => {
    const trips = generateTrips(60, { seed: 2, ...window });
    expect(new Set(trips.map((t) => t.kind))).toEqual(new Set(SIM_TRIP_KINDS));
    for (const trip of trips) {
      const legs = trip.legs;
      const std = Date.parse(legs[0].std);
      expect(legs.length).toBeGreaterThanOrEqual(1);
      expect(legs.length).toBeLessThanOrEqual(3);
      for (const leg of legs) {
        expect(Date.parse(leg.lastModified)).toBeLessThanOrEqual(T0);
        expect(leg.modifiedAt).toBeGreaterThanOrEqual(leg.createdAt);
        expect(leg.sta > leg.std).toBe(true);
      }
      switch (trip.kind) {
        case 'flown':
          expect(legs.every((l) => l.blockOff && l.blockOn && Date.parse(l.blockOn) < T0)).toBe(true);
          break;
        case 'in_flight':
          expect(legs.some((l) => l.blockOff && !l.blockOn)).toBe(true);
          expect(legs.every((l) => !l.blockOff || Date.parse(l.blockOff) <= T0)).toBe(true);
          break;
        case 'cancelled_late':
          expect(legs.every((l) => l.isCnl)).toBe(true);
          expect(std - Date.parse(legs[0].lastModified)).toBeLessThan(45 * 60_000);
          break;
        case 'cancelled_early':
          expect(legs.every((l) => l.isCnl)).toBe(true);
          expect(std - Date.parse(legs[0].lastModified)).toBeGreaterThanOrEqual(45 * 60_000);
          break;
        default:
          expect(std).toBeGreaterThan(T0);
          expect(legs.every((l) => !l.isCnl && !l.blockOff)).toBe(true);
          expect(trip.status).toBe(
            trip.kind === 'option' ? 'OPTION' : trip.kind === 'opportunity' ? 'OPPORTUNITY' : 'CONFIRMED',
          );
      }
    }
    const numbers = trips.map((t) => Number(t.tripNumber));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
  });

  it('generates 10,000 trips quickly', () => {
    const started = performance.now();
    const trips = generateTrips(10_000, {
      seed: 1,
      from: '2025-01-01T00:00:00Z',
      to: '2026-06-30T00:00:00Z',
      now: T0,
    });
    const ms = performance.now() - started;
    console.info(
      `generateTrips(10000): ${ms.toFixed(0)} ms, ${trips.reduce((n, t) => n + t.legs.length, 0)} legs`,
    );
    expect(trips).toHaveLength(10_000);
    expect(new Set(trips.map((t) => t.tripNumber)).size).toBe(10_000);
    expect(ms).toBeLessThan(5000);
  });
});
