// Browser tests: the whole stack (Leon simulator, API on a fresh PGlite or, with E2E_DATABASE=postgres, on
// a fresh PostgreSQL database made by scripts/e2e.mjs, edge serving the built SPA)
// started by `npm start`'s own script on ports of their own, driven in the system Chromium. The `setup`
// project signs in once per role (e2e/auth.setup.ts) before the others run.
import { defineConfig } from '@playwright/test';
import { E2E } from './e2e/env';

export default defineConfig({
  testDir: 'e2e',
  // Each part of a run (scripts/e2e.mjs) keeps its results apart: Playwright empties this folder first.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Each file's time at the end (e2e/support/file-times.ts): what scripts/e2e.mjs shares the parts by.
  reporter: [['list'], ['./e2e/support/file-times.ts']],
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    { name: 'chromium', testIgnore: /auth\.setup\.ts$/, dependencies: ['setup'] },
  ],
  use: {
    baseURL: E2E.baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx scripts/start.ts',
      url: `${E2E.baseURL}/login`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: E2E.serverEnv,
    },
    {
      // The react-aria components built apart from the app (docs/decisions/002); scripts/e2e.mjs builds
      // them once for all the parts of a run (E2E_PREBUILT).
      command: `${process.env.E2E_PREBUILT ? '' : 'node node_modules/vite/bin/vite.js build --mode component-check --logLevel warn && '}node node_modules/vite/bin/vite.js preview --mode component-check --host 127.0.0.1 --port ${E2E.componentCheckPort} --strictPort`,
      url: `${E2E.componentCheckURL}`,
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
