// The wrangler.toml for wrangler commands run from the root (`wrangler deploy --dry-run`, `wrangler dev`):
// the root's own when the SPA is built (web/dist/index.html); otherwise a copy in a temporary folder that
// points at a temporary assets folder, since wrangler refuses a configuration whose assets folder is
// missing. web/ is never touched. `cleanup()` removes the temporary folder.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function wranglerConfig(root) {
  const config = join(root, 'wrangler.toml');
  if (existsSync(join(root, 'web/dist/index.html'))) return { config, cleanup() {} };
  const tempDir = mkdtempSync(join(tmpdir(), 'wrangler-config-'));
  mkdirSync(join(tempDir, 'dist'));
  writeFileSync(join(tempDir, 'dist/index.html'), '<!doctype html>');
  const toml = readFileSync(config, 'utf8')
    .replace('main = "edge/worker.ts"', `main = "${join(root, 'edge/worker.ts')}"`)
    .replace('directory = "web/dist"', `directory = "${join(tempDir, 'dist')}"`);
  writeFileSync(join(tempDir, 'wrangler.toml'), toml);
  return {
    config: join(tempDir, 'wrangler.toml'),
    cleanup: () => rmSync(tempDir, { recursive: true, force: true }),
  };
}
