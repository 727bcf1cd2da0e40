// What the benchmarks share about the servers they start: waiting for one to answer, HAProxy's defaults, signing in.

/** Polls `url` every 250 ms until it answers 2xx; throws after `tries` attempts. */
export async function waitFor(url: string, tries: number): Promise<void> {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
}

/** The `global` and `defaults` sections of the HAProxy configurations the benchmarks write. */
export const HAPROXY_DEFAULTS = [
  'global',
  '  maxconn 4096',
  'defaults',
  '  mode http',
  '  timeout connect 2s',
  '  timeout client 60s',
  '  timeout server 60s',
];

/**
 * Signs `email` in with the demo password at `loginUrl`, as a browser on `origin` would through the edge
 * (the API's `headers` added: its edge secret, decision 031); answers the session's cookies.
 */
export async function signInCookies(
  loginUrl: string,
  origin: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const login = await fetch(loginUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify({ email, password: 'Demo-2026!' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
