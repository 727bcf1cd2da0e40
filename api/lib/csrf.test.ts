// The CSRF rule (docs/decisions/004) on its own: a state-changing method passes only from our public
// origin (Origin, or without it Sec-Fetch-Site: same-origin); reading methods pass from anywhere.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import type { AppEnv } from './context';
import { csrf } from './csrf';
import { onError } from './errors';

const ORIGIN = 'https://back-office.example';
const app = new Hono<AppEnv>();
app.use(csrf({ publicOrigin: ORIGIN }));
app.all('/thing', (c) => c.json({ done: true }));
app.onError(onError);

async function call(method: string, headers: Record<string, string> = {}) {
  const response = await app.request('/thing', { method, headers });
  return { status: response.status, body: method === 'HEAD' ? null : await response.json() };
}

const refused = { status: 403, body: { message: MESSAGES.badOrigin } };
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

describe('CSRF rule', () => {
  it.each(WRITES)('lets %s through from our origin', async (method) => {
    expect(await call(method, { origin: ORIGIN })).toEqual({ status: 200, body: { done: true } });
    expect(await call(method, { 'sec-fetch-site': 'same-origin' })).toEqual({
      status: 200,
      body: { done: true },
    });
  });

  it.each(WRITES)('refuses %s from another origin, with or without Sec-Fetch-Site', async (method) => {
    expect(await call(method, { origin: 'https://evil.example' })).toEqual(refused);
    expect(await call(method, { origin: `${ORIGIN}.evil.example` })).toEqual(refused);
    expect(await call(method, { origin: 'null' })).toEqual(refused);
    // Origin decides when present: a same-origin Sec-Fetch-Site does not save a foreign Origin.
    expect(await call(method, { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' })).toEqual(
      refused,
    );
  });

  it.each(WRITES)('refuses %s without Origin unless Sec-Fetch-Site says same-origin', async (method) => {
    expect(await call(method)).toEqual(refused);
    for (const site of ['cross-site', 'same-site', 'none'])
      expect(await call(method, { 'sec-fetch-site': site })).toEqual(refused);
  });

  it('lets reading methods through from anywhere', async () => {
    const anywhere: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of anywhere) {
      expect(await call('GET', headers)).toEqual({ status: 200, body: { done: true } });
      expect((await call('HEAD', headers)).status).toBe(200);
      expect((await call('OPTIONS', headers)).status).toBe(200);
    }
  });
});
