// `npm run build:api`: the API as plain JavaScript for production, no tsx at run time. esbuild bundles
// our TypeScript (api/, contract/) into dist/api/server.js; packages stay in node_modules (installed with
// `npm ci --omit=dev`), and the migrations are copied beside the bundle, where api/db/client.ts looks
// for them (`import.meta.dirname` + /migrations). Run it with `node dist/api/server.js`.
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const out = resolve(root, 'dist/api');
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [resolve(root, 'api/server.ts')],
  outfile: resolve(out, 'server.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(resolve(root, 'api/db/migrations'), resolve(out, 'migrations'), { recursive: true });
console.log('API built: dist/api/server.js (+ migrations/)');
