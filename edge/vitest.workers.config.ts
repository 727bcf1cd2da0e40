// Edge tests inside the real Workers runtime (workerd), through @cloudflare/vitest-pool-workers.
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    cloudflareTest({
      miniflare: { compatibilityDate: '2026-04-01', compatibilityFlags: ['nodejs_compat'] },
    }),
  ],
  test: { include: ['edge/**/*.workers.test.ts'] },
});
