// What the benchmarks share about the servers they start: waiting for one to answer, HAProxy's defaults, signing in,
// a process's memory and CPU time.
import { readFileSync } from 'node:fs';

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
  // Three times the change feed's heartbeat (20 s), as docs/deploy.md asks of a proxy in front of it; with
  // no `timeout tunnel`, these two are also what an open stream is given.
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

/** A process's resident memory in bytes (Linux: /proc), 0 when it is gone. */
export function rssBytes(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The CPU time a process has used so far, in seconds (Linux: /proc; 100 ticks a second), 0 when it is gone. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime: fields 14 and 15 of stat(5), 12 and 13 after the command's name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
