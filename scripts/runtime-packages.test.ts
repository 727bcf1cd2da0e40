// The container installs the API's runtime packages and nothing else (docs/decisions/066): package.json's
// `dependencies` are exactly the packages the production bundle names (scripts/bundle-imports.mjs), the
// lockfile agrees, and the Dockerfile's runtime `npm ci` installs all of them but none of the
// development-only ones (PGlite). The web's packages, the edge's and the tools' are devDependencies: what
// builds or runs them installs those. The full replay of the Dockerfile, which installs the packages for
// real and starts the API, is `npm run check:container` (scripts/container-check.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleImports, DEVELOPMENT_ONLY } from './bundle-imports.mjs';
import { parseDockerfile } from './container-check.mjs';

const root = resolve(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'runtime-packages-'));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
let imported: ReturnType<typeof bundleImports>;

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--outdir', out], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  imported = bundleImports(out);
}, 60_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

it("lists in `dependencies` exactly the packages the API's bundle names", () => {
  const dependencies = Object.keys(manifest.dependencies).sort();
  const needed = [...imported.keys()].filter((name) => !(name in DEVELOPMENT_ONLY)).sort();
  // Each missing one with the files naming it; each extra one is a package production never loads.
  expect(
    needed
      .filter((name) => !dependencies.includes(name))
      .map((name) => `${name} (${[...imported.get(name)!.files]})`),
    'named by the bundle but not in dependencies',
  ).toEqual([]);
  expect(
    dependencies.filter((name) => !needed.includes(name)),
    'in dependencies but never named by the bundle: move them to devDependencies',
  ).toEqual([]);
});

it('loads the development-only packages with a dynamic import only, and keeps them in devDependencies', () => {
  for (const name of Object.keys(DEVELOPMENT_ONLY)) {
    expect(manifest.devDependencies, name).toHaveProperty([name]);
    const use = imported.get(name);
    // Not named at all is fine too (then the exception can go).
    if (use) expect([...use.kinds], `${name} in ${[...use.files]}`).toEqual(['dynamic']);
  }
});

it('has a lockfile that agrees with package.json', () => {
  expect(lock.packages[''].dependencies).toEqual(manifest.dependencies);
  expect(lock.packages[''].devDependencies).toEqual(manifest.devDependencies);
});

it("installs, in the Dockerfile's runtime stage, every package the bundle names and none of the development-only ones", () => {
  const stages = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  const install = stages
    .at(-1)!
    .steps.flatMap((step: { keyword: string; shell?: string }) =>
      step.keyword === 'RUN' && step.shell ? step.shell.split(/\s*&&\s*/) : [],
    )
    .find((command: string) => /^npm ci\b/.test(command));
  expect(install, "the runtime stage's npm ci").toBeDefined();
  const omit = new Set([...install!.matchAll(/--omit[= ](\w+)/g)].map((m) => m[1]));
  // What `npm ci --omit=…` leaves out, by the flags npm wrote in the lockfile: dev (only devDependencies
  // need it), optional, devOptional (both: an optional peer of a runtime package that devDependencies also
  // want, as drizzle-orm's PGlite), peer.
  type Entry = { dev?: boolean; optional?: boolean; devOptional?: boolean; peer?: boolean };
  const omitted = (entry: Entry) =>
    (entry.dev && omit.has('dev')) ||
    (entry.optional && omit.has('optional')) ||
    (entry.devOptional && omit.has('dev') && omit.has('optional')) ||
    (entry.peer && omit.has('peer'));
  const installed = new Set(
    Object.entries(lock.packages as Record<string, Entry>)
      .filter(([path, entry]) => path.startsWith('node_modules/') && !omitted(entry))
      .map(([path]) => path.slice('node_modules/'.length)),
  );
  const names = [...imported.keys()];
  expect(names.filter((name) => !(name in DEVELOPMENT_ONLY) && !installed.has(name))).toEqual([]);
  expect(names.filter((name) => name in DEVELOPMENT_ONLY && installed.has(name))).toEqual([]);
});
