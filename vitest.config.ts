// Unit, machine, web and API tests (Node and happy-dom). The edge runs in workerd: edge/vitest.workers.config.ts.
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
  },
});
