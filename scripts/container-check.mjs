// `npm run check:container`: the Dockerfile replayed on this machine, without a container engine. Reads
// the Dockerfile itself (its stages, WORKDIR, COPY with --from, RUN, ENV, HEALTHCHECK and CMD) and replays
// each stage in a folder of its own that stands for the image's root, with this machine's Node and npm
// in place of the base image's; then starts the last stage's CMD with its ENV, on a fresh PostgreSQL
// database, waits for GET /health to answer 200, runs the HEALTHCHECK's command, checks that every package
// the bundle names is installed (and the development-only ones are not: scripts/bundle-imports.mjs), stops
// the API with SIGTERM, and prints the runtime's node_modules: its size and its five largest packages.
// A COPY left out of the Dockerfile fails the stage that needs it, as `docker build` would.
//
//   node scripts/container-check.mjs [--dockerfile <file>] [--keep]
//
// TEST_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test); the
// database is created for the run and dropped after it. --keep leaves the stages' folders for a look.
// What a folder cannot stand in for: the image's users (USER, chown: everything runs as this machine's
// user), and `npm cache clean` (it would empty this machine's npm cache, which `npm ci --prefer-offline`
// reads instead of downloading every package again); both are skipped, and said so.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, posix, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { bundleImports, DEVELOPMENT_ONLY } from './bundle-imports.mjs';

const root = resolve(import.meta.dirname, '..');

/** Instructions of a Dockerfile, grouped by stage (`FROM`), with their line numbers. */
export function parseDockerfile(text) {
  const stages = [];
  let pending = '';
  let line = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const trimmed = raw.trim();
    // Comment lines are dropped, inside a continued instruction too (as Docker does).
    if (trimmed.startsWith('#') || (!pending && !trimmed)) continue;
    if (!pending) line = i + 1;
    if (/\\\s*$/.test(raw)) {
      pending += `${raw.replace(/\\\s*$/, '').trim()} `;
      if (i < lines.length - 1) continue;
    } else pending += trimmed;
    const match = pending.trim().match(/^(\w+)\s+([\s\S]*)$/);
    pending = '';
    if (!match) throw new Error(`Dockerfile line ${line}: not an instruction`);
    const keyword = match[1].toUpperCase();
    const rest = match[2].trim();
    if (keyword === 'FROM') {
      const [image, as, name] = rest.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : String(stages.length), steps: [] });
      continue;
    }
    if (!stages.length) throw new Error(`Dockerfile line ${line}: ${keyword} before FROM`);
    stages.at(-1).steps.push({ line, keyword, ...parseInstruction(keyword, rest, line) });
  }
  return stages;
}

/** A command in exec form (`["node", "x.js"]`) or shell form (`node x.js`, run by `/bin/sh -c`). */
function commandOf(text) {
  return text.startsWith('[') ? { exec: JSON.parse(text) } : { shell: text };
}

function parseInstruction(keyword, rest, line) {
  switch (keyword) {
    case 'WORKDIR':
      return { path: rest };
    case 'RUN':
    case 'CMD':
      return commandOf(rest);
    case 'ENV': {
      const vars = {};
      if (!/^[\w.-]+=/.test(rest)) {
        // The old `ENV NAME value` form.
        const [name, ...value] = rest.split(/\s+/);
        vars[name] = value.join(' ');
      } else
        for (const [, name, value] of rest.matchAll(/([\w.-]+)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g))
          vars[name] = value.startsWith('"')
            ? value.slice(1, -1).replace(/\\(.)/g, '$1')
            : value.startsWith("'")
              ? value.slice(1, -1)
              : value;
      return { vars };
    }
    case 'COPY': {
      const words = rest.startsWith('[') ? JSON.parse(rest) : rest.split(/\s+/);
      const flags = Object.fromEntries(
        words
          .filter((w) => w.startsWith('--'))
          .map((w) => [w.slice(2).split('=')[0], w.split('=')[1] ?? true]),
      );
      const paths = words.filter((w) => !w.startsWith('--'));
      if (paths.length < 2) throw new Error(`Dockerfile line ${line}: COPY needs a source and a destination`);
      return { from: flags.from, sources: paths.slice(0, -1), destination: paths.at(-1), flags };
    }
    case 'HEALTHCHECK': {
      if (rest === 'NONE') return { none: true };
      const command = rest.replace(/^(--\S+\s+)*/, '');
      if (!command.startsWith('CMD')) throw new Error(`Dockerfile line ${line}: HEALTHCHECK without CMD`);
      return commandOf(command.slice(3).trim());
    }
    case 'USER':
    case 'EXPOSE':
    case 'LABEL':
    case 'STOPSIGNAL':
      return { value: rest };
    default:
      // ARG, ADD, ENTRYPOINT, VOLUME, SHELL…: not replayed yet; refusing is better than a replay that
      // silently differs from the image.
      throw new Error(`Dockerfile line ${line}: ${keyword} is not replayed by scripts/container-check.mjs`);
  }
}

/** The words of a `.dockerignore` as matchers of context-relative paths (`*`, `**`, `?`, `!` exceptions). */
function dockerignore(context) {
  const file = join(context, '.dockerignore');
  if (!existsSync(file)) return () => false;
  const rules = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = posix.normalize((negate ? l.slice(1) : l).replace(/^\/+/, ''));
      const source = pattern
        .split('**')
        .map((part) =>
          part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
        )
        .join('.*');
      return { negate, regex: new RegExp(`^${source}$`) };
    });
  // A path is left out when the last rule matching it, or one of its parent folders, is not an exception.
  return (path) => {
    const parts = path.split('/');
    let excluded = false;
    for (let n = 1; n <= parts.length; n++) {
      const prefix = parts.slice(0, n).join('/');
      for (const rule of rules) if (rule.regex.test(prefix)) excluded = !rule.negate;
    }
    return excluded;
  };
}

/** Disk usage of a folder, in bytes, as `du` counts it (allocated blocks, hard links once). */
function diskUsage(path, seen = new Set()) {
  const stat = lstatSync(path);
  if (seen.has(stat.ino)) return 0;
  seen.add(stat.ino);
  let total = stat.blocks * 512;
  if (stat.isDirectory()) for (const name of readdirSync(path)) total += diskUsage(join(path, name), seen);
  return total;
}

/** The packages of a node_modules folder (a scope's packages one by one), each with its disk usage. */
function packageSizes(nodeModules) {
  const sizes = [];
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@'))
      for (const inner of readdirSync(join(nodeModules, name)))
        sizes.push([`${name}/${inner}`, diskUsage(join(nodeModules, name, inner))]);
    else sizes.push([name, diskUsage(join(nodeModules, name))]);
  }
  return sizes.sort((a, b) => b[1] - a[1]);
}

// Megabytes as `du -h` counts them (2^20 bytes).
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/**
 * Replays the Dockerfile; resolves with the runtime's figures, or rejects with what failed. `log` gets
 * each step as it runs.
 */
export async function checkContainer({
  dockerfile = join(root, 'Dockerfile'),
  context = root,
  serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  keep = false,
  log = console.log,
} = {}) {
  const started = Date.now();
  const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const stages = parseDockerfile(readFileSync(dockerfile, 'utf8'));
  const ignored = dockerignore(context);
  const work = mkdtempSync(join(tmpdir(), 'container-check-'));
  // Nothing above the stages' folders may hold a node_modules that Node would fall back on.
  for (let dir = work; dir !== dirname(dir); dir = dirname(dir))
    if (existsSync(join(dir, 'node_modules')))
      throw new Error(`${dir}/node_modules would be seen by the replay`);
  // This machine's PATH without the project's node_modules/.bin (that `npm run` puts first): a stage
  // finds only its own packages' commands, through npm.
  const PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.split(/[\\/]/).includes('node_modules'))
    .join(delimiter);
  // What a process of the image gets from the base image; HOME for npm's cache.
  const baseEnv = {
    PATH,
    HOME: process.env.HOME ?? tmpdir(),
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
  };

  let api;
  let database;
  // The tests' own helper for statements on the server (api/db/scratch.ts), loaded through tsx.
  const { onDatabaseServer } = await tsImport('../api/db/scratch.ts', import.meta.url);
  const onServer = (statement) => onDatabaseServer(serverUrl, statement);
  try {
    const byName = new Map();
    let stage;
    for (const [index, spec] of stages.entries()) {
      const stageRoot = join(work, `stage-${index}-${spec.name}`);
      mkdirSync(stageRoot);
      stage = {
        ...spec,
        root: stageRoot,
        workdir: '/',
        env: {},
        user: undefined,
        healthcheck: undefined,
        cmd: undefined,
      };
      byName.set(spec.name, stage);
      byName.set(String(index), stage);
      const imageNode = spec.image.match(/^node:(\d+)/)?.[1];
      const localNode = process.versions.node.split('.')[0];
      log(
        `\n── Stage ${index} (${spec.name}): FROM ${spec.image}, replayed with this machine's Node ${process.version}`,
      );
      if (imageNode && imageNode !== localNode)
        log(`   ! the image's Node is ${imageNode}, this machine's ${localNode}: results may differ`);
      const host = (path) => join(stage.root, posix.resolve(stage.workdir, path));
      for (const step of spec.steps) {
        const t0 = Date.now();
        const where = `Dockerfile line ${step.line}`;
        switch (step.keyword) {
          case 'WORKDIR':
            stage.workdir = posix.resolve(stage.workdir, step.path);
            mkdirSync(host('.'), { recursive: true });
            log(`   WORKDIR ${stage.workdir}`);
            break;
          case 'ENV':
            // A path of the image (DATA_DIR=/app/data) is that path inside the stage's folder.
            for (const [name, value] of Object.entries(step.vars))
              stage.env[name] = value.startsWith('/') ? join(stage.root, value) : value;
            log(`   ENV ${Object.keys(step.vars).join(', ')}`);
            break;
          case 'COPY': {
            const from = step.from === undefined ? undefined : byName.get(step.from);
            if (step.from !== undefined && !from) throw new Error(`${where}: no stage named ${step.from}`);
            const sourceRoot = from ? from.root : context;
            const many = step.sources.length > 1 || step.destination.endsWith('/');
            for (const source of step.sources) {
              if (/[*?[]/.test(source))
                throw new Error(`${where}: COPY ${source}: wildcards are not replayed`);
              const path = from ? join(from.root, source) : join(context, source);
              if (!existsSync(path) || (!from && ignored(posix.normalize(source))))
                throw new Error(
                  `${where}: COPY ${source}: not found in ${from ? `stage ${step.from}` : 'the build context'}`,
                );
              const isDir = lstatSync(path).isDirectory();
              const target =
                many && !isDir
                  ? join(host(step.destination), posix.basename(source))
                  : host(step.destination);
              mkdirSync(isDir ? target : dirname(target), { recursive: true });
              cpSync(path, target, {
                recursive: true,
                // The context's .dockerignore (a stage's files are copied whole).
                filter: (file) =>
                  from !== undefined || !ignored(relative(sourceRoot, file).split('\\').join('/')),
              });
            }
            log(
              `   COPY ${step.from ? `--from=${step.from} ` : ''}${step.sources.join(' ')} ${step.destination} (${seconds(t0)})`,
            );
            break;
          }
          case 'RUN': {
            if (step.exec) throw new Error(`${where}: RUN in exec form is not replayed`);
            const parts = [];
            for (const part of step.shell.split(/\s*&&\s*/)) {
              if (/^npm cache clean\b/.test(part) || /^chown\b/.test(part)) {
                log(`   (skipped here: ${part})`);
                continue;
              }
              // The image's absolute paths are the stage folder's; npm ci reads this machine's cache first.
              let replayed = part
                .split(/\s+/)
                .map((word) => (word.startsWith('/') ? join(stage.root, word) : word))
                .join(' ');
              if (/^npm ci\b/.test(replayed)) replayed += ' --prefer-offline --no-audit --no-fund';
              parts.push(replayed);
            }
            if (!parts.length) break;
            log(`   RUN ${step.shell}`);
            const run = spawnSync('/bin/sh', ['-c', parts.join(' && ')], {
              cwd: host('.'),
              env: { ...baseEnv, ...stage.env },
              encoding: 'utf8',
              maxBuffer: 64 * 2 ** 20,
            });
            if (run.status !== 0)
              throw new Error(
                `${where}: RUN ${step.shell} failed (exit ${run.status ?? run.signal}):\n${`${run.stdout}\n${run.stderr}`
                  .trim()
                  .split('\n')
                  .slice(-30)
                  .join('\n')}`,
              );
            log(`     done in ${seconds(t0)}`);
            break;
          }
          case 'USER':
            stage.user = step.value;
            log(`   (USER ${step.value}: the replay runs as this machine's user)`);
            break;
          case 'HEALTHCHECK':
            stage.healthcheck = step.none ? undefined : step;
            break;
          case 'CMD':
            stage.cmd = step;
            break;
          default:
            log(`   ${step.keyword} ${step.value}`);
        }
      }
    }

    // The runtime: the last stage's CMD, as `docker run --env-file api.env` would start it.
    const runtime = stage;
    if (!runtime.cmd) throw new Error('The last stage has no CMD');
    const cwd = join(runtime.root, runtime.workdir);
    const name = `container_check_${process.pid}_${Date.now()}`;
    await onServer(`create database ${name}`);
    database = name;
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${name}`;
    const port = await freePort();
    const env = {
      ...baseEnv,
      ...runtime.env,
      // What production requires besides the image's own ENV (api/lib/config.ts, docs/deploy.md).
      DATABASE_URL: databaseUrl.href,
      SESSION_SECRET: 'container-check-session-secret-0123456789abcdef',
      EDGE_SECRET: 'container-check-edge-secret-0123456789abcdefgh',
      PUBLIC_ORIGIN: 'https://bo.container-check.invalid',
      // Files on this instance's disk (DATA_DIR) instead of a bucket.
      SINGLE_INSTANCE: 'true',
      // `docker run -p`: the container's port is this machine's free one.
      API_PORT: String(port),
    };
    const [command, ...args] = runtime.cmd.exec ?? ['/bin/sh', '-c', runtime.cmd.shell];
    log(
      `\n── Runtime: ${[command, ...args].join(' ')} in ${runtime.workdir}, on PostgreSQL database ${name}`,
    );
    const t0 = Date.now();
    const output = [];
    api = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((done) => api.on('exit', (code, signal) => done(code ?? signal)));
    for (const stream of [api.stdout, api.stderr])
      stream.on('data', (chunk) => output.push(...String(chunk).split('\n').filter(Boolean)));
    let status;
    let ended;
    exited.then((code) => {
      ended = code;
    });
    while (Date.now() - t0 < 60_000 && status !== 200 && ended === undefined) {
      status = await fetch(`http://127.0.0.1:${port}/health`)
        .then((answer) => answer.status)
        .catch(() => undefined);
      if (status !== 200) await new Promise((done) => setTimeout(done, 200));
    }
    const lastOutput = () => output.slice(-30).join('\n');
    if (status !== 200)
      throw new Error(
        `${ended !== undefined ? `The API exited (${ended})` : `GET /health answered ${status ?? 'nothing'} for 60 s`}:\n${lastOutput()}`,
      );
    log(`   GET /health: 200 after ${seconds(t0)}`);
    if (runtime.healthcheck) {
      const [hcCommand, ...hcArgs] = runtime.healthcheck.exec ?? ['/bin/sh', '-c', runtime.healthcheck.shell];
      const check = spawnSync(hcCommand, hcArgs, { cwd, env, encoding: 'utf8', timeout: 10_000 });
      if (check.status !== 0)
        throw new Error(`The HEALTHCHECK's command failed (exit ${check.status}): ${check.stderr}`);
      log('   HEALTHCHECK command: exit 0');
    }

    // Every package the bundle names resolves from the runtime's bundle folder (as Node resolves it),
    // except the development-only ones, which must not be there.
    const bundleDir = dirname(join(cwd, args.find((arg) => arg.endsWith('.js')) ?? 'dist/api/server.js'));
    const names = [...bundleImports(bundleDir).keys()];
    const missing = [];
    const present = [];
    for (const pkg of names) {
      let installed = false;
      for (let dir = bundleDir; dir !== dirname(dir); dir = dirname(dir))
        if (existsSync(join(dir, 'node_modules', pkg, 'package.json'))) installed = true;
      if (pkg in DEVELOPMENT_ONLY) {
        if (installed) present.push(pkg);
      } else if (!installed) missing.push(pkg);
    }
    if (missing.length)
      throw new Error(`Packages the bundle loads, missing from the runtime: ${missing.join(', ')}`);
    if (present.length)
      throw new Error(
        `Development-only packages installed in the runtime: ${present.join(', ')} (bundle-imports.mjs)`,
      );
    log(`   the ${names.length} packages the bundle names: installed (development-only ones absent)`);

    api.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise((done) => setTimeout(() => done('timeout'), 20_000)),
    ]);
    if (code !== 0) throw new Error(`The API did not stop cleanly on SIGTERM (${code}):\n${lastOutput()}`);
    api = undefined;
    log('   SIGTERM: drained and exited 0');

    const nodeModules = join(cwd, 'node_modules');
    const size = diskUsage(nodeModules);
    const sizes = packageSizes(nodeModules);
    const largest = sizes.slice(0, 5);
    const count = sizes.length;
    log(`\nThe runtime's node_modules: ${mb(size)}, ${count} packages; the largest:`);
    for (const [pkg, bytes] of largest) log(`  ${mb(bytes).padStart(9)}  ${pkg}`);
    log(`\nContainer check passed in ${seconds(started)} (before removing the stages' folders).`);
    return { nodeModulesBytes: size, largest, packages: count, seconds: (Date.now() - started) / 1000 };
  } finally {
    api?.kill('SIGKILL');
    if (database) await onServer(`drop database if exists ${database} with (force)`).catch(() => {});
    if (keep) log(`(stages kept in ${work})`);
    else {
      const t0 = Date.now();
      rmSync(work, { recursive: true, force: true });
      log(`(stages' folders removed in ${seconds(t0)})`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({ options: { dockerfile: { type: 'string' }, keep: { type: 'boolean' } } });
  try {
    await checkContainer({
      dockerfile: values.dockerfile ? resolve(values.dockerfile) : undefined,
      keep: values.keep,
    });
  } catch (error) {
    console.error(`\nContainer check failed: ${error.message}`);
    process.exit(1);
  }
}
