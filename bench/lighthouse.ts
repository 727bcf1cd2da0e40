// `npm run perf`: Lighthouse's performance, accessibility and best-practices scores of /login and of one
// screen of each kind behind the sign-in (a mission list, a mission's details, the users, the statistics,
// a price screen, the incidents, the invoices), on the built app served through the edge, in Debian's
// Chromium, with both presets: desktop, and mobile (Lighthouse's default: slow 4G, 4× CPU slowdown).
// The stack is started like the browser tests start it (scripts/start.ts, its own ports and data folder,
// demo seed); the browser signs in once as ADMIN through the login screen and keeps its cookies for the
// protected screens. Prints a table; figures only, nothing is asserted. Goals (issue 18): desktop ≥ 95
// performance, 100 accessibility, 100 best practices on every screen; mobile /login ≥ 95 performance.
//   PERF_PORT_OFFSET=50 (default 60) shifts the ports; PERF_SCREENS=login,users runs some screens only;
//   PERF_PRESETS=desktop runs one preset.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { href } from '../contract/routes';
import { findChromium } from '../scripts/chromium.mjs';

const root = resolve(import.meta.dirname, '..');
const offset = Number(process.env.PERF_PORT_OFFSET ?? 60);
const port = (base: number) => String(base + offset);
const baseURL = `http://127.0.0.1:${port(8797)}`;
const dataDir = '.perf-data';
/** The production build the edge serves (see buildForProduction). */
const assetsDir = resolve(root, '.perf-dist');
const ADMIN = { email: 'admin@demo.test', password: 'Demo-2026!' };

const serverEnv: Record<string, string> = {
  NODE_ENV: 'test',
  API_PORT: port(3100),
  EDGE_PORT: port(8797),
  LEON_SIM_PORT: port(4110),
  PUBLIC_ORIGIN: baseURL,
  DATA_DIR: dataDir,
  ASSETS_DIR: assetsDir,
  SESSION_SECRET: 'perf-session-secret-0123456789abcdef0123456789',
  SEED_DEMO: 'true',
  LEON_POLL_MINUTES: '0',
};

async function waitFor(url: string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The stack did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

/**
 * Builds the app for production first: scripts/start.ts would build it with the stack's NODE_ENV ('test'),
 * which gives React's development build, several times slower.
 */
function buildForProduction(): void {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error('The web build failed.');
}

function startStack(): ChildProcess {
  rmSync(resolve(root, dataDir), { recursive: true, force: true });
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, ...serverEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Signs in through the login screen, in the browser Lighthouse then drives (so it keeps the cookies). */
async function signIn(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${baseURL}${href('login')}`, { waitUntil: 'networkidle0' });
  await page.type('input[type=email]', ADMIN.email);
  await page.type('input[type=password]', ADMIN.password);
  await Promise.all([
    page.waitForFunction(() => location.pathname !== '/login', { timeout: 30_000 }),
    page.click('button[type=submit]'),
  ]);
  await page.close();
}

/** The id of a mission that has details to show: the first completed one. */
async function aMissionId(browser: Browser): Promise<string> {
  const page = await browser.newPage();
  await page.goto(`${baseURL}${href('completedMissions')}`, { waitUntil: 'networkidle0' });
  const id = await page.evaluate(async () => {
    const answer = await fetch('/api/missions?status=completed&pageNumber=1', {
      credentials: 'include',
    });
    const body = (await answer.json()) as { data?: { rows?: Array<{ id?: string | number }> } };
    return body.data?.rows?.[0]?.id;
  });
  await page.close();
  if (id === undefined) throw new Error('No completed mission in the demo data.');
  return String(id);
}

type Category = 'performance' | 'accessibility' | 'best-practices';
const CATEGORIES: Category[] = ['performance', 'accessibility', 'best-practices'];

interface Row {
  screen: string;
  preset: string;
  scores: Record<Category, number>;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  failing: string[];
}

async function audit(chromePort: number, screen: string, url: string, preset: 'desktop' | 'mobile') {
  const flags: Flags = {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // Keeps the session cookies the sign-in left in the browser.
    disableStorageReset: true,
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.finalDisplayedUrl.includes(href('login')) && screen !== 'login')
    throw new Error(`${screen}: the browser was sent to the login screen (signed out?)`);
  const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
  const failing = Object.values(lhr.categories)
    .filter((c) => c.id !== 'performance')
    .flatMap((c) => c.auditRefs)
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    screen,
    preset,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number>,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failing,
  } satisfies Row;
}

function print(rows: Row[]): void {
  const head = [
    'screen',
    'preset',
    'perf',
    'a11y',
    'best pr.',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'below 100 (a11y, best pr.)',
  ];
  const lines = rows.map((r) => [
    r.screen,
    r.preset,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores['best-practices']),
    r.fcp,
    r.lcp,
    r.tbt,
    r.cls,
    r.failing.join(' ') || '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
  console.log(
    '\nGoals: desktop ≥ 95 performance, 100 accessibility, 100 best practices on every screen; mobile /login ≥ 95 performance.',
  );
}

async function main(): Promise<void> {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('No Chromium found (scripts/chromium.mjs): install Debian’s chromium.');
  console.log('Building the app for production…');
  buildForProduction();
  console.log(`Starting the stack on ${baseURL}…`);
  const stack = startStack();
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  try {
    await waitFor(`${baseURL}${href('login')}`);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const missionId = await (async () => {
      await signIn(browser);
      return aMissionId(browser);
    })();
    const screens: Array<[string, string]> = [
      ['login', href('login')],
      ['completed missions', href('completedMissions')],
      ['mission details', href('missionDetails', { id: missionId })],
      ['users', href('users')],
      ['statistics', href('statistics')],
      ['unit flight cost', href('unitFlightCost')],
      ['incidents', href('incidents')],
      ['invoices', href('invoices')],
    ];
    const only = process.env.PERF_SCREENS?.split(',');
    const presets = (process.env.PERF_PRESETS?.split(',') ?? ['desktop', 'mobile']) as Array<
      'desktop' | 'mobile'
    >;
    const rows: Row[] = [];
    for (const preset of presets) {
      for (const [screen, path] of screens) {
        if (only && !only.some((o) => screen.includes(o))) continue;
        if (screen === 'login') {
          // /login is for the signed-out: a signed-in browser would be sent on. Sign out for it, back after.
          const page = await browser.newPage();
          const cdp = await page.createCDPSession();
          const { cookies } = await cdp.send('Network.getAllCookies');
          await cdp.send('Network.clearBrowserCookies');
          rows.push(await audit(chrome.port, screen, `${baseURL}${path}`, preset));
          await cdp.send('Network.setCookies', { cookies });
          await page.close();
        } else rows.push(await audit(chrome.port, screen, `${baseURL}${path}`, preset));
        const last = rows[rows.length - 1];
        console.log(
          `  ${preset.padEnd(7)} ${screen.padEnd(20)} ${last.scores.performance} / ${last.scores.accessibility} / ${last.scores['best-practices']}`,
        );
      }
    }
    await browser.disconnect();
    console.log('');
    print(rows);
  } finally {
    chrome.kill();
    stack.kill('SIGINT');
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
