// Unit, machine, web and API tests (Node and happy-dom). The edge runs in workerd: edge/vitest.workers.config.ts.
import { availableParallelism } from 'node:os';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    // Globals a test stubbed (fetch, mostly) come back after each test.
    unstubGlobals: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core. Vitest's default leaves a core to itself (cores − 1: one file at a time on
    // this 2-core machine), but its own process is idle while files run, and an API test file spends
    // part of its time waiting on PostgreSQL or a child process (decision 041).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'edge/**/*.node.test.ts',
            'contract/**/*.test.ts',
            'machines/**/*.test.ts',
            'api/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // The files of a worker share its modules instead of importing them again each (api/app.ts
          // alone takes seconds): each file builds its own app, database and clock (decision 041).
          isolate: false,
        },
      },
      {
        extends: true,
        // Screens keep one module set a file: a file may leave something in happy-dom's document.
        test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
