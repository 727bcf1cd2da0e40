// Node entry of the Leon simulator: `startLeonSimulator()` for scripts and tests, and a standalone
// process for `npm start` (LEON_SIM_PORT, default 4010; LEON_SIM_KEY, default sim-demo-key; LEON_SIM_SEED,
// default 1; LEON_SIM_TRIPS, default 80).
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createLeonSimulator, type LeonSimulator, type LeonSimulatorOptions } from './app';

export interface StartedLeonSimulator {
  /** Base URL for the Leon client, e.g. http://127.0.0.1:4010 */
  url: string;
  sim: LeonSimulator;
  close(): Promise<void>;
}

export async function startLeonSimulator(
  options: Partial<LeonSimulatorOptions> & { port?: number; hostname?: string } = {},
): Promise<StartedLeonSimulator> {
  const { port = 4010, hostname = '127.0.0.1', apiKey = 'sim-demo-key', ...rest } = options;
  const sim = createLeonSimulator({ apiKey, ...rest });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: sim.app.fetch, port, hostname }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${hostname}:${address.port}`,
    sim,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Idle keep-alive connections would hold close() open.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function main(): Promise<void> {
  const port = Number(process.env.LEON_SIM_PORT ?? 4010);
  const apiKey = process.env.LEON_SIM_KEY ?? 'sim-demo-key';
  const seed = Number(process.env.LEON_SIM_SEED ?? 1);
  const trips = Number(process.env.LEON_SIM_TRIPS ?? 80);
  const started = await startLeonSimulator({ port, apiKey, seed, trips });
  console.info(
    `Leon simulator listening on ${started.url} (${started.sim.stats().trips} trips, seed ${seed})`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await started.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
