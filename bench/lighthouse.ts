// `npm run perf`: Lighthouse's performance, accessibility and best-practices scores of /login and of one
// screen of each kind behind the sign-in (a mission list, a mission's details, the users, the statistics,
// a price screen, the incidents, the invoices), on the built app served through the edge, in Debian's
// Chromium, with both presets: desktop, and mobile (Lighthouse's default: slow 4G, 4× CPU slowdown).
// The stack is started like the browser tests start it (scripts/start.ts, its own ports and data folder,
// demo seed); the browser signs in once as ADMIN through the login screen and keeps its cookies for the
// protected screens. Prints a table; figures only, nothing is asserted. Goals (issue 18): desktop ≥ 95
// performance, 100 accessibility, 100 best practices on every screen; mobile /login ≥ 95 performance.
// Both runtimes (docs/decisions/037), each built for production and served by a stack and a Chromium of its
// own, both up at once: each screen is audited on one runtime then the other, alternately React and Preact
// first, so that a change of the machine's load falls on both; then a table of the scores side by side.
// Each audit starts with the browser's cache emptied, as Lighthouse does by default (the cookies stay).
// With five runs or more, the side-by-side table gives the p-value of a permutation test of the two
// runtimes' performance runs, and calls a lower Preact median "lower" only when p < 0.05 (a gap within the
// runs' spread is printed as such; docs/decisions/057).
//   PERF_CACHE=warm keeps the cache (a returning visitor) and loads each screen once on each runtime before
//   its audits, uncounted, so that every audit finds the screen's chunks there;
//   PERF_PORT_OFFSET=50 (default 60) shifts the ports (the second runtime's stack takes the next 10); PERF_SCREENS=login,users runs some screens only;
//   PERF_PRESETS=desktop runs one preset; PERF_RUNTIMES=preact one runtime; PERF_THROTTLING=devtools loads each
//   page under the throttling itself (Chromium's CPU slowed 4× and its network shaped, Lighthouse's 'devtools'
//   method) instead of Lighthouse's default, which loads it at full speed and simulates the slow device from
//   that trace (docs/decisions/037 compares the two); PERF_RUNS=5 audits each screen
//   five times and prints the median of each score (one run's performance moves by several points from the
//   next on a data screen; the metrics shown are those of the run whose performance score is the median); PERF_DETAILS=1 prints
//   each audit's largest paint and its element, its requests in the order they started, then its long tasks.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { permutationTest } from 'simple-statistics';
import { href } from '../contract/routes';
import { findChromium } from '../scripts/chromium.mjs';
import { RUNTIMES, type Runtime } from '../scripts/runtime.mjs';

const root = resolve(import.meta.dirname, '..');
const offset = Number(process.env.PERF_PORT_OFFSET ?? 60);
/** The production build of a runtime the edge serves (see buildForProduction). */
const assetsOf = (runtime: Runtime) => resolve(root, '.perf-dist', runtime);
const ADMIN = { email: 'admin@demo.test', password: 'Demo-2026!' };

/** Where the `index`-th runtime's stack listens and keeps its data. */
function stackOf(index: number) {
  const port = (base: number) => String(base + offset + 10 * index);
  const baseURL = `http://127.0.0.1:${port(8797)}`;
  const dataDir = `.perf-data/${index}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    API_PORT: port(3100),
    EDGE_PORT: port(8797),
    LEON_SIM_PORT: port(4110),
    PUBLIC_ORIGIN: baseURL,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'perf-session-secret-0123456789abcdef0123456789',
    SEED_DEMO: 'true',
    LEON_POLL_MINUTES: '0',
  };
  return { baseURL, dataDir, env };
}

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
function buildForProduction(runtime: Runtime): void {
  const result = spawnSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      assetsOf(runtime),
      '--emptyOutDir',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', RUNTIME: runtime },
    },
  );
  if (result.status !== 0) throw new Error('The web build failed.');
}

function startStack(runtime: Runtime, stack: ReturnType<typeof stackOf>): ChildProcess {
  rmSync(resolve(root, stack.dataDir), { recursive: true, force: true });
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, ...stack.env, RUNTIME: runtime, ASSETS_DIR: assetsOf(runtime) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Signs in through the login screen, in the browser Lighthouse then drives (so it keeps the cookies). */
async function signIn(browser: Browser, baseURL: string): Promise<void> {
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
async function aMissionId(browser: Browser, baseURL: string): Promise<string> {
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
  runtime: Runtime;
  screen: string;
  preset: string;
  scores: Record<Category, number>;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  failing: string[];
  /** The performance score of each run, in the order run (one value for a single audit). */
  runs: number[];
}

async function audit(
  runtime: Runtime,
  chromePort: number,
  screen: string,
  url: string,
  preset: 'desktop' | 'mobile',
) {
  const flags: Flags = {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // Lighthouse's own reset before each audit empties the browser's cache (its default storage types leave
    // the cookies, so the sign-in's session stays): each audit is a first load of the screen's code. With
    // PERF_CACHE=warm, nothing is reset and the code comes from the cache (see warmUp).
    disableStorageReset: WARM,
    throttlingMethod: THROTTLING,
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.finalDisplayedUrl.includes(href('login')) && screen !== 'login')
    throw new Error(`${screen}: the browser was sent to the login screen (signed out?)`);
  if (process.env.PERF_DETAILS) printDetails(`${runtime} ${preset} ${screen}`, lhr, new URL(url).origin);
  const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
  const failing = Object.values(lhr.categories)
    .filter((c) => c.id !== 'performance')
    .flatMap((c) => c.auditRefs)
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    runtime,
    screen,
    preset,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number>,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failing,
    runs: [score('performance')],
  } satisfies Row;
}

const RUNS = Math.max(1, Number(process.env.PERF_RUNS ?? 1));
/** PERF_CACHE=warm: the audits keep the browser's cache, as a visitor coming back finds it. */
const WARM = process.env.PERF_CACHE === 'warm';
/** PERF_THROTTLING=devtools: the page loaded under the throttling applied, instead of Lighthouse's simulation of it. */
const THROTTLING = process.env.PERF_THROTTLING === 'devtools' ? 'devtools' : 'simulate';

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** PERF_DETAILS=1: the largest contentful paint and its element, and the requests, in the order they started. */
function printDetails(label: string, lhr: Lhr, baseURL: string): void {
  const details = lhr.audits['network-requests']?.details as
    | { items?: Array<Record<string, unknown>> }
    | undefined;
  // The element of the largest paint, as Lighthouse's LCP breakdown names it.
  const breakdown = lhr.audits['lcp-breakdown-insight']?.details as
    | { items?: Array<{ type?: string; snippet?: string }> }
    | undefined;
  const element = breakdown?.items?.find((item) => item.type === 'node')?.snippet;
  console.log(
    `  ${label}: LCP ${lhr.audits['largest-contentful-paint']?.displayValue}${element ? ` on ${element}` : ''}`,
  );
  for (const request of details?.items ?? []) {
    const url = String(request.url).replace(baseURL, '');
    const ms = (value: unknown) => String(Math.round(Number(value))).padStart(5);
    console.log(`    ${ms(request.networkRequestTime)} → ${ms(request.networkEndTime)} ms  ${url}`);
  }
  // The main thread's long tasks (what the total blocking time adds up), with the script each is charged to.
  const tasks = lhr.audits['long-tasks']?.details as { items?: Array<Record<string, unknown>> } | undefined;
  for (const task of tasks?.items ?? []) {
    const ms = (value: unknown) => String(Math.round(Number(value))).padStart(5);
    console.log(
      `    task at ${ms(task.startTime)} ms, ${ms(task.duration)} ms  ${String(task.url).replace(baseURL, '')}`,
    );
  }
}

/** Each score's median over the audits of one screen, with the metrics of the audit whose performance is the median. */
function medianOf(rows: Row[]): Row {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(rows.map((r) => r.scores[c]))]),
  ) as Record<Category, number>;
  const typical = rows.find((r) => r.scores.performance === scores.performance) ?? rows[0];
  return { ...typical, scores, runs: rows.map((r) => r.scores.performance) };
}

function print(rows: Row[]): void {
  const head = [
    'runtime',
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
    r.runtime,
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
    `\n${RUNS > 1 ? `Medians of ${RUNS} runs. ` : ''}Throttling: ${THROTTLING === 'devtools' ? 'applied (devtools)' : 'simulated (Lighthouse default)'}. Cache: ${WARM ? 'kept (PERF_CACHE=warm), each screen loaded once before its audits' : 'emptied before each audit (Lighthouse default)'}. Goals: desktop ≥ 95 performance, 100 accessibility, 100 best practices on every screen; mobile /login ≥ 95 performance;`,
  );
  console.log('no score lower on Preact than on React.');
  const react = rows.filter((r) => r.runtime === 'react');
  const preact = rows.filter((r) => r.runtime === 'preact');
  if (!react.length || !preact.length) return;
  console.log('\nSide by side (performance / accessibility / best practices):');
  console.log(`  ${'screen'.padEnd(20)} ${'preset'.padEnd(8)} ${'React'.padEnd(14)} Preact`);
  for (const r of react) {
    const p = preact.find((x) => x.screen === r.screen && x.preset === r.preset);
    if (!p) continue;
    const scores = (row: Row) => CATEGORIES.map((c) => row.scores[c]).join(' / ');
    const lower = lowerOnPreact(r, p);
    console.log(
      `  ${r.screen.padEnd(20)} ${r.preset.padEnd(8)} ${scores(r).padEnd(14)} ${scores(p)}${lower}`,
    );
  }
}

/** Below this p-value, a gap between the runtimes' performance runs is more than their spread. */
const SIGNIFICANT = 0.05;

/**
 * Whether Preact's scores are below React's, and whether the runs say so beyond their spread. Accessibility
 * and best practices give the same score at every run: any gap counts. Performance moves by several points
 * from one run to the next (docs/decisions/057): with five runs or more, a lower median counts only when a
 * two-sided permutation test of the two runtimes' runs (simple-statistics, 10,000 shuffles) gives
 * p < 0.05; the p-value is printed either way.
 */
function lowerOnPreact(react: Row, preact: Row): string {
  const steady = CATEGORIES.filter((c) => c !== 'performance').some(
    (c) => preact.scores[c] < react.scores[c],
  );
  const gap = react.scores.performance - preact.scores.performance;
  const tested = react.runs.length >= 5 && preact.runs.length >= 5;
  const p = tested ? permutationTest(react.runs, preact.runs, 'two_side') : undefined;
  const said = [p === undefined ? null : `p = ${p.toFixed(2)}`];
  if (steady || (gap > 0 && (p === undefined || p < SIGNIFICANT))) said.unshift('lower on Preact');
  else if (gap > 0) said.unshift(`median ${gap} lower on Preact, within the runs' spread`);
  const words = said.filter(Boolean).join(', ');
  return words ? `  (${words})` : '';
}

/** A runtime built for production, served by a stack of its own, with a Chromium signed in to it. */
interface Target {
  runtime: Runtime;
  baseURL: string;
  chromePort: number;
  browser: Browser;
  missionId: string;
  close(): Promise<void>;
}

async function openTarget(runtime: Runtime, index: number, chromiumPath: string): Promise<Target> {
  console.log(`Building the app for production on ${runtime}…`);
  buildForProduction(runtime);
  const where = stackOf(index);
  console.log(`Starting the stack on ${where.baseURL} (${runtime})…`);
  const stack = startStack(runtime, where);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  const close = async () => {
    chrome.kill();
    stack.kill('SIGINT');
    if (stack.exitCode === null && stack.signalCode === null)
      await new Promise((done) => stack.once('exit', done));
  };
  try {
    await waitFor(`${where.baseURL}${href('login')}`);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    await signIn(browser, where.baseURL);
    const missionId = await aMissionId(browser, where.baseURL);
    return {
      runtime,
      baseURL: where.baseURL,
      chromePort: chrome.port,
      browser,
      missionId,
      async close() {
        await browser.disconnect();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs `load` on `target` for `screen`; /login signed out (a signed-in browser would be sent on), back after. */
async function signedOutFor<T>(target: Target, screen: string, load: () => Promise<T>): Promise<T> {
  if (screen !== 'login') return load();
  const page = await target.browser.newPage();
  const cdp = await page.createCDPSession();
  const { cookies } = await cdp.send('Network.getAllCookies');
  await cdp.send('Network.clearBrowserCookies');
  try {
    return await load();
  } finally {
    await cdp.send('Network.setCookies', { cookies });
    await page.close();
  }
}

/** One audit of `screen` on `target`. */
function auditOn(target: Target, screen: string, path: string, preset: 'desktop' | 'mobile') {
  const url = `${target.baseURL}${path}`;
  return signedOutFor(target, screen, () => audit(target.runtime, target.chromePort, screen, url, preset));
}

/**
 * PERF_CACHE=warm: loads `screen` once on `target`, uncounted, before its audits. These keep the browser's
 * cache, so without it the first audit of a screen would be the only one to fetch the screen's own chunks: a
 * cold load among warm ones, 1 s later to paint under the simulated slow 4G, and scored 5 to 10 points below
 * the others (docs/decisions/057).
 */
async function warmUp(target: Target, screen: string, path: string): Promise<void> {
  await signedOutFor(target, screen, async () => {
    const page = await target.browser.newPage();
    try {
      await page.goto(`${target.baseURL}${path}`, { waitUntil: 'networkidle0' });
    } finally {
      await page.close();
    }
  });
}

async function main(): Promise<void> {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('No Chromium found (scripts/chromium.mjs): install Debian’s chromium.');
  // 'preact' holds 'react': the list is split, not searched.
  const asked = process.env.PERF_RUNTIMES?.split(',');
  const runtimes = RUNTIMES.filter((r) => !asked || asked.includes(r));
  const targets: Target[] = [];
  try {
    for (const [index, runtime] of runtimes.entries())
      targets.push(await openTarget(runtime, index, chromiumPath));
    const screens: Array<[string, (t: Target) => string]> = [
      ['login', () => href('login')],
      ['completed missions', () => href('completedMissions')],
      ['mission details', (t) => href('missionDetails', { id: t.missionId })],
      ['users', () => href('users')],
      ['statistics', () => href('statistics')],
      ['unit flight cost', () => href('unitFlightCost')],
      ['incidents', () => href('incidents')],
      ['invoices', () => href('invoices')],
    ];
    const only = process.env.PERF_SCREENS?.split(',');
    const presets = (process.env.PERF_PRESETS?.split(',') ?? ['desktop', 'mobile']) as Array<
      'desktop' | 'mobile'
    >;
    const rows: Row[] = [];
    for (const preset of presets) {
      for (const [screen, path] of screens) {
        if (only && !only.some((o) => screen.includes(o))) continue;
        const audits = new Map<Runtime, Row[]>(targets.map((t) => [t.runtime, []]));
        if (WARM) for (const target of targets) await warmUp(target, screen, path(target));
        for (let run = 0; run < RUNS; run++) {
          // Each runtime first in turn.
          const order = run % 2 === 0 ? targets : [...targets].reverse();
          for (const target of order)
            audits.get(target.runtime)?.push(await auditOn(target, screen, path(target), preset));
        }
        for (const target of targets) {
          const runs = audits.get(target.runtime) ?? [];
          const row = medianOf(runs);
          rows.push(row);
          // Every run's performance score, in the order run: how far one audit is from the next.
          const each = runs.length > 1 ? `  (runs: ${runs.map((r) => r.scores.performance).join(' ')})` : '';
          console.log(
            `  ${target.runtime.padEnd(7)} ${preset.padEnd(7)} ${screen.padEnd(20)} ${row.scores.performance} / ${row.scores.accessibility} / ${row.scores['best-practices']}${each}`,
          );
        }
      }
    }
    console.log('');
    print(rows);
  } finally {
    for (const target of targets) await target.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
