// Unit, machine, web and API tests (Node and happy-dom). The edge runs in workerd: edge/vitest.workers.config.ts.
import { availableParallelism } from 'node:os';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: [
      'edge/**/*.node.test.ts',
      'contract/**/*.test.ts',
      'machines/**/*.test.ts',
      'api/**/*.test.ts',
      'web/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
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
  },
});
