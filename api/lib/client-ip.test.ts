// The sign-in limit per address is keyed on the socket's address unless the edge (with EDGE_SECRET) says
// otherwise: a client that writes its own X-Forwarded-For cannot get a fresh counter (issue #9, finding 2).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { describeEachDatabase } from '../test/databases';
import { EDGE_SECRET, LOCAL_SERVER, ORIGIN, seededTestApp } from '../test/harness';
import { listen } from './listen';

const MINUTE = 60_000;
/** api/auth's LIMITS.loginPerIp: 30 failed sign-ins per 15 minutes per address. */
const PER_ADDRESS = 30;

describeEachDatabase('the client address of the API', (database) => {
  const t = seededTestApp(database);
  let api: Awaited<ReturnType<typeof listen>>;
  let attempt = 0;

  beforeAll(async () => {
    api = await listen(t.app.fetch, LOCAL_SERVER);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A failed sign-in straight to the API, for a new unknown e-mail each time (so only the per-address
   *  counter can stop it), with the headers given. */
  async function signIn(headers: Record<string, string>) {
    attempt += 1;
    const response = await fetch(`http://127.0.0.1:${api.port}/auth/login`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: `inconnu${attempt}@demo.test`, password: 'Mauvais-2026!' }),
    });
    return { status: response.status, body: await response.json() };
  }
  const nextWindow = () => t.advance(16 * MINUTE);

  it('keys the sign-in limit on the socket, whatever X-Forwarded-For the client writes', async () => {
    nextWindow();
    for (let i = 0; i < PER_ADDRESS; i++) {
      const spoofed = { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-real-ip': `203.0.113.${i + 1}` };
      expect((await signIn(spoofed)).status).toBe(401);
    }
    const limited = {
      status: 429,
      body: { message: MESSAGES.tooManyAttempts, requestId: expect.any(String) },
    };
    expect(await signIn({ 'x-forwarded-for': '192.0.2.200' })).toEqual(limited);
    // A header without the right secret is ignored just the same.
    expect(await signIn({ 'x-forwarded-for': '192.0.2.201', 'x-edge-secret': 'guessed' })).toEqual(limited);
    expect(await signIn({ 'x-forwarded-for': '192.0.2.202', 'x-edge-secret': '' })).toEqual(limited);
    expect(await signIn({ 'x-forwarded-for': '192.0.2.203', 'x-edge-secret': `${EDGE_SECRET}x` })).toEqual(
      limited,
    );
  });

  it('trusts the address the edge sets with its secret, and only an address', async () => {
    nextWindow();
    // The socket's counter is full: only a trusted address other than the socket's gets through.
    for (let i = 0; i < PER_ADDRESS; i++) expect((await signIn({})).status).toBe(401);
    const fromEdge = (ip: string) => ({ 'x-forwarded-for': ip, 'x-edge-secret': EDGE_SECRET });
    expect((await signIn(fromEdge('192.0.2.10'))).status).toBe(401);
    expect((await signIn(fromEdge('2001:db8::10'))).status).toBe(401);
    expect((await signIn(fromEdge('not-an-ip'))).status).toBe(429);
    expect((await signIn({ 'x-forwarded-for': '192.0.2.10' })).status).toBe(429);
  });
});
