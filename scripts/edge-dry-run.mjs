// Bundles the Worker with `wrangler deploy --dry-run` (nothing is uploaded) and prints the bundle size.
// Extra arguments go to wrangler: `node scripts/edge-dry-run.mjs --env production` checks that environment.
// Uses the built SPA when present; otherwise a temporary assets folder, so web/ is never touched.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const outdir = join(root, '.tmp/edge-bundle');
// The top-level wrangler.toml, as `wrangler deploy` reads it from the root.
let config = join(root, 'wrangler.toml');
let tempDir;
if (!existsSync(join(root, 'web/dist/index.html'))) {
  tempDir = mkdtempSync(join(tmpdir(), 'edge-dry-run-'));
  mkdirSync(join(tempDir, 'dist'));
  writeFileSync(join(tempDir, 'dist/index.html'), '<!doctype html>');
  const toml = readFileSync(config, 'utf8')
    .replace('main = "edge/worker.ts"', `main = "${join(root, 'edge/worker.ts')}"`)
    .replace('directory = "web/dist"', `directory = "${join(tempDir, 'dist')}"`);
  config = join(tempDir, 'wrangler.toml');
  writeFileSync(config, toml);
}
rmSync(outdir, { recursive: true, force: true });
const result = spawnSync(
  join(root, 'node_modules/.bin/wrangler'),
  ['deploy', '--dry-run', '--config', config, '--outdir', outdir, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      CI: 'true',
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      XDG_CONFIG_HOME: join(root, '.config'),
    },
  },
);
if (tempDir) rmSync(tempDir, { recursive: true, force: true });
if (result.status !== 0) process.exit(result.status ?? 1);
const bytes = readdirSync(outdir)
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + statSync(join(outdir, f)).size, 0);
console.log(`Worker bundle: ${(bytes / 1024).toFixed(1)} kB in ${outdir}`);
