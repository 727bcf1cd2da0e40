// Local ports for tests' own servers.
import { createServer } from 'node:net';

/**
 * A free local port, found by listening on port 0 and closing at once: free for a server about to start,
 * and refusing connections until one does.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
