// Builds the SPA from web/ into web/dist (React 19, see docs/decisions/002), with vanilla-extract styles, and writes the Workers `_headers` file from the edge's header rules.

import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { headersFile } from './edge/headers.ts';

const workersHeaders = (): Plugin => ({
  name: 'workers-headers',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile() });
  },
});

export default defineConfig(({ mode }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), vanillaExtractPlugin(), workersHeaders()],
  // A staging build with `QA_CONSOLE=true` keeps the flow player and the recorder (web/flow-player); a
  // production build has neither (scripts/flow-player-build.test.ts greps the bundle).
  define: { 'import.meta.env.QA_CONSOLE': JSON.stringify(process.env.QA_CONSOLE === 'true') },
  build: {
    // The component check (docs/decisions/002) builds apart, never into the shipped dist.
    outDir: mode === 'component-check' ? 'dist-check' : 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: mode === 'component-check' ? { check: 'web/dev/component-check.html' } : 'web/index.html',
      // Our own modules only define things (schemas, machines, components): an import used for one export
      // must not bring the rest of its module's graph into the sign-in page (docs/decisions/022). Styles
      // (.css, vanilla-extract .css.ts) and the entry do have effects.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/\/(web|contract|machines)\//.test(id) || /\.css(\.ts)?($|\?)|\/web\/main\.tsx$/.test(id),
      },
    },
  },
  // `npm run dev`: /api goes to the edge started beside Vite (scripts/start.ts --dev), which proxies it to
  // the API exactly as in production (same headers, same cookie rewriting).
  // Every dependency found at start (not when a lazy screen first asks for it, which reloads the page).
  optimizeDeps: { entries: ['index.html', '**/*.tsx', '!**/*.test.tsx', '!dev/**'] },
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.EDGE_PORT ?? 8787}` } },
  },
}));
