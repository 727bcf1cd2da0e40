// Builds the SPA from web/ into web/dist, with vanilla-extract styles, and writes the Workers `_headers` file from the edge's header rules.
// One code base, two runtimes (docs/decisions/037): `RUNTIME=preact` (the default, what ships) builds on
// Preact through preact/compat (react, react-dom and the JSX runtimes aliased; react-dom gets the shims of
// web/lib/preact/shims.ts), `RUNTIME=react` on React 19. The same switch holds for the dev server and the
// browser tests.

import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { headersFile } from './edge/headers.ts';
import { runtime } from './scripts/runtime.mjs';

const workersHeaders = (): Plugin => ({
  name: 'workers-headers',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile() });
  },
});

const preact = runtime() === 'preact';
const shims = fileURLToPath(new URL('./web/lib/preact/react-dom.ts', import.meta.url));
/** react, react-dom and the JSX runtimes → preact/compat; exact names only (react-dom/client apart). */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: shims },
  {
    find: /^react-dom\/client$/,
    replacement: fileURLToPath(new URL('./web/lib/preact/react-dom-client.ts', import.meta.url)),
  },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig(({ mode }) => ({
  root: 'web',
  publicDir: 'public',
  // On Preact the JSX is compiled by Vite itself (automatic runtime, aliased above); React's plugin brings
  // React's fast refresh, which Preact has not: under `npm run dev` a change reloads the page.
  plugins: [...(preact ? [] : [react()]), vanillaExtractPlugin(), workersHeaders()],
  resolve: preact ? { alias: preactAliases } : {},
  define: {
    // A staging build with `QA_CONSOLE=true` keeps the flow player and the recorder (web/flow-player); a
    // production build has neither (scripts/flow-player-build.test.ts greps the bundle).
    'import.meta.env.QA_CONSOLE': JSON.stringify(process.env.QA_CONSOLE === 'true'),
  },
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
      // (.css, vanilla-extract .css.ts), the entry and the Preact shims' installation do have effects.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/\/(web|contract|machines)\//.test(id) ||
          /\.css(\.ts)?($|\?)|\/web\/main\.tsx$|\/web\/lib\/preact\/react-dom\.ts$/.test(id),
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
