// `npm test`: every check, in order, stopping at the first failure: type-check, lint (with the folder
// boundaries), unit and API tests (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set), the edge
// inside workerd, the Worker bundle (wrangler dry run), then the Playwright tests in Chromium, once on each
// runtime (React, then Preact: docs/decisions/037), each its own step with its own time. The React run's
// API is on PGlite, as `npm start` has it; the Preact run's on PostgreSQL, as production has it, when
// TEST_DATABASE_URL is set (decision 041).
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

const bin = (name) => `node_modules/.bin/${name}`;
const steps = [
  ['Type-check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['Type-check (edge)', bin('tsc'), ['-p', 'edge/tsconfig.json', '--noEmit']],
  ['Lint', bin('biome'), ['check', '.']],
  ['Folder boundaries', process.execPath, ['scripts/check-boundaries.mjs']],
  ['Import cycles', process.execPath, ['scripts/check-cycles.mjs']],
  ['Unit and API tests', bin('vitest'), ['run']],
  ['Edge tests in workerd', bin('vitest'), ['run', '--config', 'edge/vitest.workers.config.ts']],
  ['Worker bundle (wrangler deploy --dry-run)', process.execPath, ['scripts/edge-dry-run.mjs']],
  [
    'Browser tests on React (Playwright, Chromium), API on PGlite',
    process.execPath,
    ['scripts/e2e.mjs'],
    { RUNTIME: 'react', E2E_DATABASE: 'pglite' },
  ],
  [
    `Browser tests on Preact (Playwright, Chromium)${process.env.TEST_DATABASE_URL ? ', API on PostgreSQL' : ''}`,
    process.execPath,
    ['scripts/e2e.mjs'],
    { RUNTIME: 'preact', E2E_DATABASE: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
  ],
];

if (process.env.TEST_DATABASE_URL) {
  console.log(`API tests run on PGlite and on PostgreSQL (${process.env.TEST_DATABASE_URL}).`);
} else {
  console.log('API tests run on PGlite only: set TEST_DATABASE_URL to run them on PostgreSQL too.');
}
ensureChromium();

const started = Date.now();
const times = [];
/** Each step's time, printed at the end whether the run passed or not. */
const summary = () => {
  console.log('\nTime per step:');
  for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  const all = (Date.now() - started) / 1000;
  console.log(`  ${all.toFixed(1).padStart(7)} s  in all (${(all / 60).toFixed(1)} min)`);
  // The goals of docs/decisions/058: the whole of .ci/run (npm's install too) within 30 minutes on a slow
  // day and 20 on a fast one; this command is most of it.
  console.log(`  goal: .ci/run ≤ 20 min on a fast day, ≤ 30 min on a slow one (90 min is CI's limit)`);
};
for (const [name, command, args, env = {}] of steps) {
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0', ...env },
  });
  times.push([name, (Date.now() - t0) / 1000]);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}).`);
    summary();
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
summary();
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
