// Runs the Playwright tests in the system Chromium against a freshly started stack on an empty database,
// on the runtime RUNTIME names (react or preact, docs/decisions/037; the stack rebuilds the SPA for it).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';
import { runtime } from './runtime.mjs';

const chromium = ensureChromium();
rmSync('.e2e-data', { recursive: true, force: true });
const on = runtime();
console.log(`Browser tests on ${on === 'preact' ? 'Preact' : 'React'} (RUNTIME=${on}).`);
const result = spawnSync('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, RUNTIME: on },
});
process.exit(result.status ?? 1);
