// Runs the Playwright tests in the system Chromium against freshly started stacks on empty databases, on
// the runtime RUNTIME names (react or preact, docs/decisions/037; the SPA is rebuilt for it when needed).
// With no argument, the spec files are shared out between E2E_PARTS parts (2 by default, one per core):
// each part is its own Playwright against its own stack, on ports shifted by 20 more than the last, with
// its data, signed-in states and results apart (e2e/env.ts), so no part sees another's writes. Files go to
// the part with the least time so far, heaviest first, by the time each took in a whole run (SECONDS).
// Arguments (files, --grep…) run in one part, as Playwright takes them.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tsImport } from 'tsx/esm/api';
import { ensureChromium } from './chromium.mjs';
import { runtime } from './runtime.mjs';

/**
 * Seconds each spec file took in a whole run on React (the list reporter's times in two parts, 27 November
 * 2026). A file given by its pieces (`file#piece`, e2e/env.ts `runsPiece`) is split between parts. Each run
 * prints these times at its end (e2e/support/file-times.ts), per part: what to write here when they drift.
 */
const SECONDS = {
  'a11y.spec.ts#staff at 1440 px': 250,
  'a11y.spec.ts#HOSPITAL at 1440 px': 34,
  'a11y.spec.ts#HOSPITAL at 390 px': 31,
  'flow-player.spec.ts': 130,
  'live.spec.ts': 100,
  'auth.spec.ts': 119,
  'dashboard.spec.ts': 120,
  'missions.spec.ts': 52,
  'flows.spec.ts': 46,
  'keyboard.spec.ts': 37,
  'prices.spec.ts': 36,
  'overlays.spec.ts': 34,
  'invoices.spec.ts': 31,
  'crew-and-fleet.spec.ts': 31,
  'billing.spec.ts': 28,
  'statistics.spec.ts': 26,
  'screens-fit.spec.ts': 19,
  'incidents.spec.ts': 16,
  'users.spec.ts': 15,
  'history.spec.ts': 15,
  'sync-journal.spec.ts': 14,
  'auth-cold.spec.ts': 14,
  'table-rows.spec.ts': 10,
  'react-aria-components.spec.ts': 8,
  'layout-check.spec.ts': 5,
  'focus-ring.spec.ts': 4,
  'account.spec.ts': 32,
  'factors.spec.ts': 60,
};
/**
 * The spec files a whole run on React runs (docs/decisions/058): those that exercise what differs between
 * the runtimes (react-aria's widgets, focus and its return, dialogs and popovers, forms, the machines'
 * flows, the session's renewals), chosen from the faults that have been seen on one runtime and not the
 * other. Preact, which ships, runs every file. `E2E_ALL=1` runs every file on React too.
 */
export const ON_BOTH_RUNTIMES = [
  'account.spec.ts',
  'auth-cold.spec.ts',
  'auth.spec.ts',
  'dashboard.spec.ts',
  'factors.spec.ts',
  'flows.spec.ts',
  'focus-ring.spec.ts',
  'keyboard.spec.ts',
  'live.spec.ts',
  'missions.spec.ts',
  'overlays.spec.ts',
  'prices.spec.ts',
  'react-aria-components.spec.ts',
  'statistics.spec.ts',
  'users.spec.ts',
];

/** The spec files a whole run takes on a runtime: every file on Preact, those of both runtimes on React. */
export function specsFor(on, files, all = false) {
  return on === 'react' && !all ? files.filter((file) => ON_BOTH_RUNTIMES.includes(file)) : files;
}

/** A file not timed yet counts as a middling one. */
const UNTIMED = 20;

const node = process.execPath;
const baseOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** Runs a build step to its end, or stops here. */
function build(what, commandArgs, on) {
  const result = spawnSync(node, commandArgs, {
    stdio: 'inherit',
    env: { ...process.env, RUNTIME: on },
  });
  if (result.status !== 0) {
    console.error(`${what} failed.`);
    process.exit(result.status ?? 1);
  }
}

/**
 * The spec files, and the pieces of the split ones, shared out between `count` parts: each, heaviest
 * first, to the part with the least time so far. A part's files, and the pieces it runs (the others skip
 * them: E2E_PIECES_ELSEWHERE).
 */
export function shareOut(files, count, seconds = SECONDS) {
  const items = files.flatMap((file) => {
    const pieces = Object.keys(seconds).filter((key) => key.startsWith(`${file}#`));
    return pieces.length ? pieces : [file];
  });
  const weight = (item) => seconds[item] ?? UNTIMED;
  const shares = Array.from({ length: count }, () => ({ items: [], total: 0 }));
  for (const item of items.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shares.reduce((least, share) => (share.total < least.total ? share : least));
    lightest.items.push(item);
    lightest.total += weight(item);
  }
  return shares
    .filter((share) => share.items.length > 0)
    .map(({ items: mine, total }) => ({
      files: [...new Set(mine.map((item) => item.split('#')[0]))].sort(),
      pieces: mine.filter((item) => item.includes('#')),
      total,
    }));
}

/**
 * The database the stacks run on: `E2E_DATABASE=postgres` gives each part a new database on
 * TEST_DATABASE_URL's server (dropped after it); otherwise each part's API opens a fresh PGlite.
 */
const onPostgres = process.env.E2E_DATABASE === 'postgres';

/** A new, empty PostgreSQL database for a part's stack, and a way to drop it. */
async function partDatabase(offset) {
  // The tests' own helper for statements on the server (api/db/scratch.ts), loaded through tsx.
  const { onDatabaseServer } = await tsImport('../api/db/scratch.ts', import.meta.url);
  const server = process.env.TEST_DATABASE_URL;
  const name = `e2e_part_${offset}`;
  const drop = () => onDatabaseServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop();
  await onDatabaseServer(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

/** One Playwright run against its own stack; its lines prefixed by its number when there are several. */
async function runPart({ index, parts, args: partArgs, elsewhere, chromium, on }) {
  const offset = baseOffset + index * 20;
  // The part's data folder, as e2e/env.ts names it: an empty database each run.
  rmSync(`.e2e-data${offset ? `-${offset}` : ''}`, { recursive: true, force: true });
  const database = onPostgres ? await partDatabase(offset) : null;
  const child = spawn('node_modules/.bin/playwright', ['test', ...partArgs], {
    stdio: parts > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      RUNTIME: on,
      E2E_PORT_OFFSET: String(offset),
      E2E_OUTPUT_DIR: parts > 1 ? `test-results/part-${index + 1}` : 'test-results',
      E2E_PREBUILT: '1',
      E2E_PIECES_ELSEWHERE: elsewhere.join(','),
      ...(database ? { E2E_DATABASE_URL: database.url } : {}),
      FORCE_COLOR: '0',
    },
  });
  if (parts > 1) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      createInterface({ input: stream }).on('line', (line) => out.write(`[${index + 1}] ${line}\n`));
  }
  const code = await new Promise((resolve) =>
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
  await database?.drop();
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (onPostgres && !process.env.TEST_DATABASE_URL) {
    console.error('E2E_DATABASE=postgres needs TEST_DATABASE_URL (the server to make the databases on).');
    process.exit(1);
  }
  const chromium = ensureChromium();
  const on = runtime();
  const args = process.argv.slice(2);
  const parts = args.length ? 1 : Math.max(1, Number(process.env.E2E_PARTS ?? 2));
  console.log(
    `Browser tests on ${on === 'preact' ? 'Preact' : 'React'} (RUNTIME=${on}), ` +
      `the API on ${onPostgres ? 'PostgreSQL' : 'PGlite'} (E2E_DATABASE=${onPostgres ? 'postgres' : 'pglite'}).`,
  );
  // Built once here, so that no two parts build the same folder at once.
  build('The web build', ['--import', 'tsx', 'scripts/start.ts', '--build-only'], on);
  build(
    'The component check build',
    ['node_modules/vite/bin/vite.js', 'build', '--mode', 'component-check', '--logLevel', 'warn'],
    on,
  );
  const every = readdirSync('e2e').filter((name) => name.endsWith('.spec.ts'));
  const specs = specsFor(on, every, process.env.E2E_ALL === '1');
  if (!args.length && specs.length < every.length)
    console.log(
      `${specs.length} of the ${every.length} spec files: those that exercise what differs between the runtimes (E2E_ALL=1 runs all).`,
    );
  const plan =
    parts > 1
      ? shareOut(specs, parts).map((share) => ({ ...share, args: share.files.map((f) => `e2e/${f}`) }))
      : [{ args, pieces: [], total: 0 }];
  if (plan.length > 1)
    plan.forEach((part, i) => {
      const pieces = part.pieces.length ? ` (of which ${part.pieces.join(', ')})` : '';
      console.log(`Part ${i + 1}, about ${part.total} s: ${part.files.join(' ')}${pieces}`);
    });
  const codes = await Promise.all(
    plan.map((part, index) => {
      const elsewhere = plan.flatMap((other, j) => (j === index ? [] : other.pieces));
      return runPart({ ...part, index, parts: plan.length, elsewhere, chromium, on });
    }),
  );
  const failed = codes.findIndex((code) => code !== 0);
  if (failed >= 0 && plan.length > 1) console.error(`Part ${failed + 1} failed (exit ${codes[failed]}).`);
  process.exit(failed >= 0 ? codes[failed] : 0);
}
