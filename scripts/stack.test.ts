// The API behind the Node edge, wired as `npm start` wires them (one EDGE_SECRET for both): whatever
// address headers a browser sends, the sign-in limit counts it under the address the edge saw (issue #9,
// finding 2).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../api/db/seed';
import { listen } from '../api/lib/listen';
import { describeEachDatabase } from '../api/test/databases';
import { EDGE_SECRET, LOCAL_SERVER, ORIGIN, testApp } from '../api/test/harness';
import { MESSAGES } from '../contract/auth';
import { startEdge } from '../edge/node';

/** LIMITS.loginPerIp: 30 failed sign-ins per 15 minutes per address. */
const PER_ADDRESS = 30;

describeEachDatabase('the API behind the edge', (database) => {
  let api: Awaited<ReturnType<typeof listen>>;
  let edge: Awaited<ReturnType<typeof startEdge>>;
  let assets: string;
  let attempt = 0;

  beforeAll(async () => {
    await seedDemo(database().db);
    const t = testApp(database().db);
    api = await listen(t.app.fetch, LOCAL_SERVER);
    assets = mkdtempSync(join(tmpdir(), 'stack-assets-'));
    writeFileSync(join(assets, 'index.html'), '<!doctype html>');
    edge = await startEdge({
      port: 0,
      apiOrigin: `http://127.0.0.1:${api.port}`,
      assetsDir: assets,
      edgeSecret: EDGE_SECRET,
    });
  });
  afterAll(async () => {
    await edge?.close();
    await api?.close();
    if (assets) rmSync(assets, { recursive: true, force: true });
  });

  const signIn = async (headers: Record<string, string>) => {
    attempt += 1;
    const response = await fetch(`http://127.0.0.1:${edge.port}/api/auth/login`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: `inconnu${attempt}@demo.test`, password: 'Mauvais-2026!' }),
    });
    return { status: response.status, body: await response.json() };
  };

  it('keys the sign-in limit on the address the edge saw, not on what the browser wrote', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) {
      const spoofed = {
        'x-forwarded-for': `198.51.100.${i + 1}`,
        'x-real-ip': `203.0.113.${i + 1}`,
        'cf-connecting-ip': `192.0.2.${i + 1}`,
        'x-edge-secret': EDGE_SECRET,
      };
      expect((await signIn(spoofed)).status).toBe(401);
    }
    expect(await signIn({ 'x-forwarded-for': '198.51.100.250' })).toEqual({
      status: 429,
      body: { message: MESSAGES.tooManyAttempts, requestId: expect.any(String) },
    });
  });

  it('names each request with the id the edge set: the API answers it in the header and the error body', async () => {
    const response = await fetch(`http://127.0.0.1:${edge.port}/api/missions?status=requested`, {
      headers: { 'x-request-id': 'forged-by-the-browser' },
    });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The body is the API's own (the edge only proxies a 401): the id reached it.
    expect(await response.json()).toEqual({ message: MESSAGES.unauthenticated, requestId: id });
    const other = await fetch(`http://127.0.0.1:${edge.port}/api/missions?status=requested`);
    expect(other.headers.get('x-request-id')).not.toBe(id);
  });
});
