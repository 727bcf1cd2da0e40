// Bundles the Worker with `wrangler deploy --dry-run` (nothing is uploaded) and prints the bundle size.
// Extra arguments go to wrangler: `node scripts/edge-dry-run.mjs --env production` checks that environment.
// Uses the built SPA when present; otherwise a temporary assets folder, so web/ is never touched.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { wranglerConfig } from './wrangler-config.mjs';

const root = resolve(import.meta.dirname, '..');
const outdir = join(root, '.tmp/edge-bundle');
// The root's wrangler.toml, as `wrangler deploy` reads it, or its copy pointing at a temporary assets folder.
const { config, cleanup } = wranglerConfig(root);
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
cleanup();
if (result.status !== 0) process.exit(result.status ?? 1);
const bytes = readdirSync(outdir)
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + statSync(join(outdir, f)).size, 0);
console.log(`Worker bundle: ${(bytes / 1024).toFixed(1)} kB in ${outdir}`);
