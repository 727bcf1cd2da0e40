// `npm run build:api`: the API as plain JavaScript for production, no tsx at run time. esbuild bundles
// our TypeScript (api/, contract/) into dist/api/: server.js (the API), migrate.js (`npm run migrate`)
// and create-admin.js (`npm run create-admin`), with the chunks they share or load on first use, for a
// container that holds no TypeScript; packages stay in node_modules (installed with `npm ci
// --omit=dev`), and the migrations are copied beside the bundles, where api/db/client.ts looks for them
// (`import.meta.dirname` + /migrations). Run the API with `node dist/api/server.js`. `--outdir <folder>`
// builds elsewhere (scripts/build-api.test.ts).
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const out = resolve(root, values.outdir ?? 'dist/api');
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    server: resolve(root, 'api/server.ts'),
    migrate: resolve(root, 'api/db/migrate.ts'),
    'create-admin': resolve(root, 'api/users/create-admin.ts'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  // What a route loads on first use (the PDFs, the XLSX exports) goes in chunks of its own beside the
  // entries, so that the API starts without pdf-lib, fontkit and exceljs (decision 048).
  splitting: true,
  // Beside the entries: a chunk's import.meta.dirname must still be this folder (the migrations).
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(resolve(root, 'api/db/migrations'), resolve(out, 'migrations'), { recursive: true });
console.log(`API built: ${out}/{server,migrate,create-admin}.js (+ migrations/)`);
