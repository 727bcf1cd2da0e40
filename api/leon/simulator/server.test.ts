// The simulator on a real local port, driven by the real client over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeonClient, LeonError } from '../client';
import { type StartedLeonSimulator, startLeonSimulator } from './server';

describe('startLeonSimulator', () => {
  let started: StartedLeonSimulator;
  beforeAll(async () => {
    started = await startLeonSimulator({ port: 0, apiKey: 'port-key', seed: 8 });
  });
  afterAll(async () => {
    await started.close();
  });

  it('serves Leon’s protocol and the control API on a port', async () => {
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${started.url}/__sim/health`)).json()).toEqual({ ok: true });
    const client = createLeonClient({ baseUrl: started.url, apiKey: 'port-key' });
    expect(await client.echo('réseau')).toBe('réseau');
    const now = Date.now();
    const { trips, failures } = await client.flightsBetween(
      new Date(now - 50 * 86_400_000),
      new Date(now + 40 * 86_400_000),
    );
    expect(failures).toEqual([]);
    expect(trips).toHaveLength(40);
    expect(started.sim.stats()).toMatchObject({ tokensIssued: 1 });
  });

  it('times out when Leon hangs, over a real connection', async () => {
    const client = createLeonClient({ baseUrl: started.url, apiKey: 'port-key', timeoutMs: 150 });
    await client.echo();
    started.sim.failNext('timeout');
    const error = await client.echo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeonError);
    expect((error as LeonError).kind).toBe('timeout');
  });
});
