// Builds the SPA from web/ into web/dist on Preact (React's API through @preact/compat), with
// vanilla-extract styles, and writes the Workers `_headers` file from the edge's header rules.
import preact from '@preact/preset-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
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
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false }), vanillaExtractPlugin(), workersHeaders()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: mode === 'component-check' ? { check: 'web/dev/component-check.html' } : undefined,
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', rewrite: (path) => path.replace(/^\/api/, '') } },
  },
}));
