// The machines of machines/, found as the flow player finds them (every machine exported by a
// machines/*.machine.ts file, web/flow-player/engine.ts), for the browser tests that go over each of them.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { discoverMachines, type FoundMachine } from '../web/flow-player/engine';

export async function repositoryMachines(): Promise<FoundMachine[]> {
  const dir = resolve(import.meta.dirname, '../machines');
  const modules: Record<string, Record<string, unknown>> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.machine.ts')))
    modules[`../../machines/${file}`] = await import(pathToFileURL(`${dir}/${file}`).href);
  return discoverMachines(modules);
}
