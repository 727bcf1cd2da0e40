// Runs the Playwright tests in the system Chromium against a freshly started stack on an empty database.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';

const chromium = ensureChromium();
rmSync('.e2e-data', { recursive: true, force: true });
const result = spawnSync('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
