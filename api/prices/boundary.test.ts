// api/prices/index.ts is the feature's only public face: no file outside api/prices/ imports another of
// its files.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const feature = resolve(import.meta.dirname);
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.git', '.wrangler', 'data'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name)) yield path;
  }
}

it('is imported from outside only through its index', () => {
  const offenders: string[] = [];
  for (const folder of ['api', 'bench', 'contract', 'e2e', 'machines', 'scripts', 'web']) {
    for (const file of sources(join(root, folder))) {
      if (file.startsWith(`${feature}/`)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = match[1] ?? match[2];
        if (!spec.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        if (target.startsWith(`${feature}/`) && !/\/index(\.ts)?$/.test(target))
          offenders.push(`${relative(root, file)} imports ${spec}`);
      }
    }
  }
  expect(offenders).toEqual([]);
});
