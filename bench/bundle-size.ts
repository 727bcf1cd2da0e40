// Prints the JS and CSS that /login downloads (gzip bytes), counted two ways, on both runtimes side by side
// (docs/decisions/037): the app is built for React and for Preact (RUNTIME, `vite build` into .bundle-dist/),
// or with BUNDLE_DIST=<dir> only that build is counted (web/dist after `npm run build`, say):
// - statically: what index.html loads and preloads;
// - in the browser: every JS and CSS file Chromium fetches when it opens /login anonymously, until the
//   network has been idle for a while, before any interaction (lazy chunks, dynamic imports included).
//   The build is served as the edge serves it (same security headers, the SPA's index.html for any path
//   that is not a file; /api answers 401, as it does to a visitor without a session).
// Goals: at most 85 kB of JS on React 19 (issue 18), at most 50 kB on Preact (issue 27). Figures only.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { SECURITY_HEADERS } from '../edge/headers';
import { findChromium } from '../scripts/chromium.mjs';
import { RUNTIMES, type Runtime } from '../scripts/runtime.mjs';

const root = resolve(import.meta.dirname, '..');
/** The build being counted (set by `measure`). */
let dist = resolve(root, 'web/dist');
/** How long the network must stay quiet after the load before the browser count stops. */
const QUIET_MS = 2000;

const kB = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipOf = (asset: string) => {
  const content = readFileSync(join(dist, asset));
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
};

/** Prints each asset and returns the totals per kind. */
function count(title: string, assets: string[]) {
  console.log(title);
  const totals = { js: { raw: 0, gzip: 0, files: 0 }, css: { raw: 0, gzip: 0, files: 0 } };
  for (const asset of new Set(assets)) {
    const { raw, gzip } = gzipOf(asset);
    const kind = asset.endsWith('.css') ? 'css' : 'js';
    totals[kind].raw += raw;
    totals[kind].gzip += gzip;
    totals[kind].files += 1;
    console.log(`  ${asset.padEnd(52)} ${kB(raw).padStart(7)} kB raw ${kB(gzip).padStart(6)} kB gzip`);
  }
  return totals;
}

function staticAssets(): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The built SPA, served like the edge serves it. */
function serve() {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const headers = { ...SECURITY_HEADERS };
    if (path.startsWith('/api/')) {
      response.writeHead(401, { ...headers, 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Veuillez vous connecter' }));
      return;
    }
    let file = join(dist, path);
    if (!file.startsWith(dist) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      file = join(dist, 'index.html');
    response.writeHead(200, {
      ...headers,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    });
    response.end(readFileSync(file));
  });
  return new Promise<typeof server>((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** Every request Chromium makes for /login, anonymous, until the network is quiet; no interaction. */
async function browserRequests(): Promise<{ assets: string[]; others: string[]; problems: string[] }> {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('No Chromium found (scripts/chromium.mjs): install Debian’s chromium.');
  const server = await serve();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const urls: string[] = [];
    const problems: string[] = [];
    let last = Date.now();
    page.on('request', (request) => {
      urls.push(request.url());
      last = Date.now();
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    // The sign-in form is there (the page works), then the network stays quiet for QUIET_MS.
    await page.getByLabel('E-mail').waitFor();
    while (Date.now() - last < QUIET_MS) await page.waitForTimeout(250);
    const paths = urls.map((url) => new URL(url).pathname);
    return {
      assets: paths.filter((p) => /^\/assets\/.+\.(js|css)$/.test(p)),
      others: paths.filter((p) => !/^\/assets\/.+\.(js|css)$/.test(p)),
      problems,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

/** Counts /login on the build in `dir`: its figures, printed as it goes. */
async function measure(dir: string) {
  dist = dir;
  const byStatic = count('Loaded or preloaded by index.html:', staticAssets());
  const seen = await browserRequests();
  const byBrowser = count(
    '\nFetched by Chromium opening /login anonymously, until the network is idle:',
    seen.assets,
  );
  const extra = [...new Set(seen.assets)].filter((a) => !staticAssets().includes(a));
  console.log(`  other requests: ${[...new Set(seen.others)].join(' ') || 'none'}`);
  if (seen.problems.length) console.log(`  console: ${seen.problems.join(' | ')}`);
  console.log('');
  console.log(
    `Initial JS of /login (index.html):       ${kB(byStatic.js.gzip)} kB gzip (${kB(byStatic.js.raw)} kB raw, ${byStatic.js.files} files) `,
  );
  console.log(
    `JS /login fetches before interaction:    ${kB(byBrowser.js.gzip)} kB gzip (${kB(byBrowser.js.raw)} kB raw, ${byBrowser.js.files} files) `,
  );
  console.log(`  of which not named by index.html:      ${extra.length ? extra.join(' ') : 'none'}`);
  console.log(
    `Initial CSS of /login:                   ${kB(byStatic.css.gzip)} kB gzip (${kB(byStatic.css.raw)} kB raw); in the browser ${kB(byBrowser.css.gzip)} kB gzip`,
  );
  return { byStatic, byBrowser };
}

/** Builds the app for `runtime` into .bundle-dist/<runtime> (a production build, as `npm run build`). */
function build(runtime: Runtime): string {
  const outDir = resolve(root, '.bundle-dist', runtime);
  const result = spawnSync(
    process.execPath,
    [
      resolve(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'error',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, RUNTIME: runtime, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error(`The ${runtime} build failed.`);
  return outDir;
}

if (process.env.BUNDLE_DIST) {
  await measure(resolve(root, process.env.BUNDLE_DIST));
} else {
  const figures: Array<{ runtime: Runtime; js: number; browserJs: number; css: number }> = [];
  for (const runtime of RUNTIMES) {
    console.log(`\n── ${runtime === 'preact' ? 'Preact' : 'React'} (RUNTIME=${runtime})`);
    const { byStatic, byBrowser } = await measure(build(runtime));
    figures.push({ runtime, js: byStatic.js.gzip, browserJs: byBrowser.js.gzip, css: byStatic.css.gzip });
  }
  console.log('\n/login, kB gzip           React    Preact   goal');
  const row = (label: string, pick: (f: (typeof figures)[number]) => number, goal: string) =>
    console.log(`  ${label.padEnd(22)} ${figures.map((f) => kB(pick(f)).padStart(7)).join('  ')}   ${goal}`);
  row('JS named by index.html', (f) => f.js, '≤ 85 (React), ≤ 50 (Preact)');
  row('JS fetched by Chromium', (f) => f.browserJs, '');
  row('CSS', (f) => f.css, '');
}
