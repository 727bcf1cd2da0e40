// The flow player exists in development and in a QA_CONSOLE=true build, never in a production build:
// the production bundle is built and grepped for the player's marker, its route and its title (and the
// QA build is grepped too, which proves that the grep would see them).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FLOW_PLAYER_MARKER } from '../web/flow-player/flow-player';

const root = resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const TRACES = [FLOW_PLAYER_MARKER, '/__flows', 'Lecteur de flux', 'flow-recording'];

function build(qaConsole: boolean): string {
  const outDir = mkdtempSync(join(tmpdir(), 'flow-build-'));
  dirs.push(outDir);
  // As `npm run build` runs it (vitest's own NODE_ENV=test would make a development build).
  const env = { ...process.env, NODE_ENV: 'production', QA_CONSOLE: qaConsole ? 'true' : '' };
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--logLevel', 'error'],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr}`);
  return outDir;
}

function bundleText(dir: string): string {
  let text = '';
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) text += readFileSync(join(entry.parentPath, entry.name), 'utf8');
  return text;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('leaves no trace of the flow player or the recorder in a production build', () => {
  const text = bundleText(build(false));
  expect(text.includes('<div id="root">')).toBe(true);
  expect(text.includes('jsxDEV'), 'a production build').toBe(false);
  expect(TRACES.filter((trace) => text.includes(trace))).toEqual([]);
}, 300_000);

it('keeps the flow player in a QA_CONSOLE=true build', () => {
  const text = bundleText(build(true));
  expect(TRACES.filter((trace) => !text.includes(trace))).toEqual([]);
}, 300_000);
